/// The imaginary app behind the screen: which objects exist, which of UIKit's slots name them,
/// and which methods each implements, with what it does and logs.
///
/// A tutorial's app is taken from the tutorial's code; any other dataset gets the generic app.
/// Receipt is decided here and nowhere else, so the trace, `diagram`, `app` and `expect received`
/// agree.
package struct AppModel: Equatable, Sendable {
  /// Which app this is.
  package let id: AppID
  /// One line naming the tutorial (or saying it is the generic app).
  package let summary: String
  /// The flavor the app is written for; nil fits every flavor.
  package let flavor: Flavor?
  /// The results presentation a UISearchController app is written for; nil fits both.
  package let results: ResultsPresentation?
  /// The objects that exist, the view controller first.
  package let objects: [AppObject]
  /// Which object each slot names; a slot left out is never set.
  package let wiring: [DelegateSlot: String]
  /// The methods the app's objects implement.
  package let methods: [AppMethod]
  /// Whether every object in `wiring` implements every callback (the generic app).
  package var implementsEverything = false
  /// What its code does that UIKit's state follows (resigning on the Search key).
  package var code = AppCode()
  /// Its SDK era and the UIKit properties it sets.
  package var settings = AppSettings()

  /// The view controller: the app code that `code` runs in.
  package var viewController: String { objects.first?.name ?? "ViewController" }

  /// Whether the app can run with these options (its flavor, and its results for the controller).
  func fits(_ options: LifecycleOptions) -> Bool {
    if let flavor, flavor != options.flavor { return false }
    if options.flavor == .controller, let results, results != options.results { return false }
    return true
  }

  /// Who gets `callback`, and whether their code runs.
  package func receipt(for callback: Callback) -> Receipt {
    let slot = DelegateSlot(callback)
    guard let object = wiring[slot] else { return .unsent(slot) }
    if implementsEverything || method(callback.name, of: object) != nil { return .received(by: object) }
    return .notImplemented(by: object)
  }

  /// The method that runs for `callback`, when the app implements it.
  package func method(for callback: Callback) -> AppMethod? {
    guard case .received(let object) = receipt(for: callback) else { return nil }
    return method(callback.name, of: object)
  }

  private func method(_ name: CallbackName, of object: String) -> AppMethod? {
    methods.first { $0.object == object && $0.callback == name }
  }
}

/// One object of the app, with what it is.
package struct AppObject: Equatable, Sendable {
  /// Its class, as the tutorial names it.
  package let name: String
  /// What it is and does, in a few words.
  package let role: String
}

/// One method an app's object implements.
package struct AppMethod: Equatable, Sendable {
  /// The object whose method it is.
  package let object: String
  /// The callback it implements.
  package let callback: CallbackName
  /// What its code does, in a few words.
  package let does: String
  /// What it logs, in order, each time it runs.
  package var logs: [AppLog] = []
  /// What it does with live search off, where that differs and is not a re-filter.
  package var doesWithoutLive: String? = nil
}

extension AppMethod {
  /// What the method does under live search `live`.
  ///
  /// With it off (the countries tutorial's variant) the list changes only on the Search key, so
  /// the methods that re-filter leave it as it was, and the view controller's Search-key method
  /// filters (`doesWithoutLive`): the trace then tells what the screen shows.
  package func does(live: Bool) -> String {
    guard !live else { return does }
    switch callback {
    case .updateSearchResults, .shouldReloadForSearchString, .shouldReloadForSearchScope,
      .didChangeSearchText:
      return "live search off: leaves the list as it was (the Search key filters)"
    default:
      return doesWithoutLive ?? does
    }
  }

  /// The log statements that run under live search `live`: with it off, no row is matched, so
  /// none is logged.
  package func logs(live: Bool) -> [AppLog] {
    live ? logs : logs.filter { if case .eachMatch = $0 { false } else { true } }
  }
}

/// One log statement in an implemented method, with its format's value filled in when it runs.
package enum AppLog: Equatable, Sendable {
  /// A fixed line.
  case text(String)
  /// The line `prefix` followed by the search text.
  case searchText(prefix: String)
  /// While the text is not empty, one line per matching row: `prefix` followed by its title.
  case eachMatch(prefix: String)
  /// A row tap's line: a prefix chosen by `isActive`, followed by the tapped row's title.
  case selectedItem(whileActive: String, otherwise: String)
}
