/// Everything the imaginary screen's search stack remembers between user actions.
public struct SearchState: Equatable, Sendable {
  /// `isActive` of the search controller (UISearchController or UISearchDisplayController).
  public var isActive = false
  /// `searchBar.text`, shared with the callbacks that report it.
  package var searchText = SharedText()
  /// `searchBar.text`.
  public var text: String {
    get { searchText.string }
    set { searchText = SharedText(newValue) }
  }
  /// Whether the search bar is first responder (the keyboard is up).
  public var isFirstResponder = false
  /// `selectedScopeButtonIndex`; 0 is "All".
  public var scopeIndex = 0
  /// The table the user sees.
  public var shown = ShownTable.main
  /// The text the app last filtered with (its `filteredItems`); differs from `text` while live search is off.
  public var appliedText: String {
    get { appliedSearchText.string }
    set { appliedSearchText = SharedText(newValue) }
  }
  /// `appliedText`, shared with `searchText` when they are the same.
  var appliedSearchText = SharedText()
  /// The scope the app last filtered with.
  public var appliedScope = 0
  /// Whether the display controller has created its results table for this dataset.
  public var resultsTableLoaded = false
  /// The dataset row that the last row tap selected.
  public var selectedItem: Int?
  /// Whether the detail view of the selected item is pushed.
  public var isDetailOpen = false
  /// The item the detail view shows when the app's `prepare(for:sender:)` chose it (nil: the
  /// selected item); a wrong choice there is the recipe tutorial's bug.
  public var detailItem: Int?
  /// Whether the table is scrolled so the search bar is out of sight (`set bar-hidden on`).
  public var isBarScrolledOut = false

  public init() {}
}

extension SearchState {
  /// Whether the bar is engaged: the Cancel button and the scope bar are on screen.
  ///
  /// The custom flavor's controller is never presented, so `isActive` stays false there; the
  /// tutorial's own flag (results shown) and the keyboard stand in for it.
  package func isSearching(_ flavor: Flavor) -> Bool {
    switch flavor {
    case .controller, .display: return isActive
    case .custom: return isFirstResponder || shown == .results
    }
  }

  /// Whether the table on screen holds other rows than in `other`: another table, or the
  /// results filtered for another text or scope.
  func showsOtherRows(than other: SearchState) -> Bool {
    guard shown == other.shown else { return true }
    return shown == .results
      && (appliedSearchText != other.appliedSearchText || appliedScope != other.appliedScope)
  }

  /// The columns a trace prints for each callback.
  var snapshot: CallbackSnapshot {
    CallbackSnapshot(
      isActive: isActive, searchText: searchText, isFirstResponder: isFirstResponder, shown: shown)
  }
}
