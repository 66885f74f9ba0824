import UIKitModel

/// A dataset's tutorial settings: what the screen says and how the search behaves.
package struct DatasetPresets: Equatable, Sendable {
  /// The navigation bar title.
  package var title: String
  /// The search bar's placeholder while its text is empty.
  package var placeholder: String = "Search"
  /// The tutorial's app (the generic one for files).
  package var app: AppID = .generic
  /// How the query is compared with the rows.
  package var match: MatchRule = .fold
  /// How the text is read: a file loaded by path gets the extended syntax, a tutorial the
  /// literal substring its filter used.
  package var syntax: QuerySyntax = .extended
  /// The one column searched instead of the title and the other text columns (the picker's
  /// `--nth` fields), or nil.
  package var searchedColumn: Int?
  /// The tutorial's screen: the bar's colours and buttons, where the table starts scrolled.
  package var appearance = BarAppearance()
  /// The lifecycle options the tutorial used.
  ///
  /// A file without presets gets rule `text`, so an
  /// empty search, or a scope alone, shows rows instead of an empty results table.
  package var lifecycle: LifecycleOptions = {
    var options = LifecycleOptions()
    options.rule = .text
    return options
  }()

  /// The presets of a dataset titled `title`, everything else UIKit's defaults.
  package init(title: String) {
    self.title = title
  }
}
