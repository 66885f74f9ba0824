/// The options `set` changes; loading a dataset resets them to its presets.
struct SessionSettings: Equatable {
  /// Flavor, results presentation, data-source rule, live search and obscures.
  var lifecycle = LifecycleOptions()
  /// How the query is compared with the rows.
  var match: MatchRule = .fold
  /// How the text is read: one literal substring, or the extended query syntax.
  var syntax: QuerySyntax = .extended
  /// The navigation bar title.
  var title = ""
  /// The search bar's placeholder.
  var placeholder = "Search"
  /// Rows per page of the table.
  var pageSize = 10
  /// The largest page `set page` takes; `list all` prints more.
  static let pageSizeLimit = 1_000_000
  /// The bar's colours, prompt and the navigation bar's behaviour.
  var appearance = BarAppearance()

  /// The settings a dataset's presets call for; the page size is the session's own.
  init(presets: DatasetPresets, pageSize: Int = 10) {
    lifecycle = presets.lifecycle
    match = presets.match
    syntax = presets.syntax
    title = presets.title
    placeholder = presets.placeholder
    self.pageSize = pageSize
    self.appearance = presets.appearance
  }
}
