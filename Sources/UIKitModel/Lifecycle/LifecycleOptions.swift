/// The per-session switches that change which callbacks fire and what the table shows.
public struct LifecycleOptions: Equatable, Sendable {
  /// Which generation of the search API the imaginary app uses.
  public var flavor: Flavor = .controller
  /// Whether results appear in the presenting table or in a separate results controller.
  package var results: ResultsPresentation = .inline
  /// Which rule the inline table's data source follows.
  package var rule: DataSourceRule = .active
  /// Whether text changes re-filter the list (off: only the Search button does).
  package var live = true
  /// `obscuresBackgroundDuringPresentation`, with its row-tap quirk.
  package var obscures = false
  /// The SDK the app is linked against, whose defaults it gets (`set sdk`).
  package var sdk = SDKEra.current

  public init() {}

  /// Switches the API; a UISearchDisplayController has no obscuresBackgroundDuringPresentation
  /// (it always dims), so the option is off while it is the flavor.
  package mutating func setFlavor(_ newFlavor: Flavor) {
    flavor = newFlavor
    if newFlavor == .display { obscures = false }
  }

  /// Links the app against `era`, whose defaults it gets wherever `settings` sets nothing.
  ///
  /// A UISearchDisplayController always dims, so `obscures` stays off there.
  package mutating func link(against era: SDKEra, settings: AppSettings) {
    sdk = era
    obscures = flavor == .controller && (settings.obscures ?? era.obscuresByDefault)
  }
}

/// The three generations of the search API in the tutorials.
public enum Flavor: String, CaseIterable, Sendable {
  /// UISearchController with its updater and delegates (iOS 8 and later).
  case controller
  /// UISearchDisplayController and its delegate (the iOS 7 tutorials).
  case display
  /// A CustomSearchController that forwards to its own delegate protocol.
  case custom
}

/// Where a UISearchController shows its results.
package enum ResultsPresentation: String, CaseIterable, Sendable {
  /// `searchResultsController` is nil: the presenting table filters itself.
  case inline
  /// A separate results controller, visible while the text is non-empty.
  case separate
}

/// When an inline table shows the filtered items instead of the full list.
package enum DataSourceRule: String, CaseIterable, Sendable {
  /// Filtered whenever the search controller is active.
  case active
  /// Filtered only while active with non-empty text, so an empty search shows everything.
  case text
}
