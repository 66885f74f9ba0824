/// A few lines of a tutorial app's method: what runs when its callback arrives (`set source on`
/// under the trace, and `help CALLBACK`).
///
/// Written by this project in the tutorial's language and era (Swift 1's
/// `func searchBar(searchBar: UISearchBar, textDidChange searchText: String)`, Objective-C's
/// `- (void)searchBar:(UISearchBar *)searchBar textDidChange:(NSString *)searchText`) to match the
/// app model: its `does`, its NSLog lines, its segue, the recipe tutorial's bug before its fix.
/// The names are the tutorials'; the lines and the comments are ours.
package struct AppSourceExcerpt: Equatable, Sendable {
  /// The app whose method it is.
  package let app: AppID
  /// The object that implements the method.
  package let object: String
  /// The callback the method implements.
  package let callback: CallbackName
  /// The lines, the declaration first, four spaces a level.
  package let lines: [String]
  /// The lines with live search off, where the method then does something else (the model's
  /// variant of the countries tutorial: the Search key filters); nil: the same lines.
  package let linesWithoutLive: [String]?

  /// The excerpt of `object`'s method for `callback` in `app`, from `code` (one line per line).
  init(_ app: AppID, _ object: String, _ callback: CallbackName, _ code: String, withoutLive: String? = nil) {
    self.app = app
    self.object = object
    self.callback = callback
    lines = Self.split(code)
    linesWithoutLive = withoutLive.map(Self.split)
  }

  /// The lines that run under live search `live`.
  package func lines(live: Bool) -> [String] {
    live ? lines : linesWithoutLive ?? lines
  }

  /// The lines of `code`, split at its line feeds.
  private static func split(_ code: String) -> [String] {
    var lines: [String] = []
    var line = String.UnicodeScalarView()
    for scalar in code.unicodeScalars {
      if scalar == "\n" {
        lines.append(String(line))
        line = String.UnicodeScalarView()
      } else {
        line.append(scalar)
      }
    }
    lines.append(String(line))
    return lines
  }
}

/// The language a tutorial's code is written in, in the syntax of its era.
package enum SourceLanguage: String, Sendable {
  /// Swift 1 (2014-2015): `func updateSearchResultsForSearchController(searchController:
  /// UISearchController)`, implicitly unwrapped delegate arguments, `as` downcasts.
  case swift1 = "Swift 1"
  /// Objective-C: `- (void)updateSearchResultsForSearchController:(UISearchController *)sc`.
  case objectiveC = "Objective-C"
}

extension AppSourceExcerpt {
  /// The widest an excerpt's line is, in columns: with the trace's six-column gutter, 80.
  package static let widest = 74
  /// The most lines an excerpt has: the few that show what the method does.
  package static let longest = 8

  /// Every excerpt of every tutorial app; the generic app has none (it is no tutorial's).
  package static let all: [AppSourceExcerpt] =
    countriesExcerpts + candiesExcerpts + guideExcerpts + recipesExcerpts + fruitsExcerpts

  /// The excerpt of `object`'s method for `callback` in `app`, if there is one.
  package static func excerpt(app: AppID, object: String, callback: CallbackName) -> AppSourceExcerpt? {
    all.first { $0.app == app && $0.object == object && $0.callback == callback }
  }

  /// The language `app`'s tutorial is written in; nil for the generic app.
  package static func language(of app: AppID) -> SourceLanguage? {
    switch app {
    case .countries, .countriesCustom, .candies: return .swift1
    case .guide, .guideResults, .recipes, .recipesBeforeFix, .fruits: return .objectiveC
    case .generic: return nil
    }
  }

  /// A filtering method's body with live search off, after its `declaration`: nothing is
  /// filtered (the model's variant: the Search key filters), and a `should…` method returns
  /// `returns` so the results table is not reloaded.
  static func liveOff(_ declaration: String, returns: String? = nil) -> String {
    var code = declaration + "\n    // live search off: nothing is filtered here; the Search key filters"
    if let returns { code += "\n    return \(returns)" }
    return code
  }
}
