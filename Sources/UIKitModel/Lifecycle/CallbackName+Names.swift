/// The other spellings of a callback: the Objective-C selector the tutorials write, and the
/// short name (the case name) scripts may use.
extension CallbackName {
  /// The Objective-C selector, as the Objective-C tutorials (and Swift 1's imported names) spell it.
  public var objcSelector: String {
    switch self {
    case .searchBarShouldBeginEditing: return "searchBarShouldBeginEditing:"
    case .searchBarTextDidBeginEditing: return "searchBarTextDidBeginEditing:"
    case .searchBarShouldChangeText: return "searchBar:shouldChangeTextInRange:replacementText:"
    case .searchBarTextDidChange: return "searchBar:textDidChange:"
    case .searchBarScopeDidChange: return "searchBar:selectedScopeButtonIndexDidChange:"
    case .searchBarSearchButtonClicked: return "searchBarSearchButtonClicked:"
    case .searchBarCancelButtonClicked: return "searchBarCancelButtonClicked:"
    case .searchBarShouldEndEditing: return "searchBarShouldEndEditing:"
    case .searchBarTextDidEndEditing: return "searchBarTextDidEndEditing:"
    case .updateSearchResults: return "updateSearchResultsForSearchController:"
    case .willPresentSearchController: return "willPresentSearchController:"
    case .didPresentSearchController: return "didPresentSearchController:"
    case .willDismissSearchController: return "willDismissSearchController:"
    case .didDismissSearchController: return "didDismissSearchController:"
    case .didLoadSearchResultsTableView: return "searchDisplayController:didLoadSearchResultsTableView:"
    case .willBeginSearch: return "searchDisplayControllerWillBeginSearch:"
    case .didBeginSearch: return "searchDisplayControllerDidBeginSearch:"
    case .willEndSearch: return "searchDisplayControllerWillEndSearch:"
    case .didEndSearch: return "searchDisplayControllerDidEndSearch:"
    case .shouldReloadForSearchString: return "searchDisplayController:shouldReloadTableForSearchString:"
    case .shouldReloadForSearchScope: return "searchDisplayController:shouldReloadTableForSearchScope:"
    case .willShowResultsTable: return "searchDisplayController:willShowSearchResultsTableView:"
    case .didShowResultsTable: return "searchDisplayController:didShowSearchResultsTableView:"
    case .willHideResultsTable: return "searchDisplayController:willHideSearchResultsTableView:"
    case .didHideResultsTable: return "searchDisplayController:didHideSearchResultsTableView:"
    case .didStartSearching: return "didStartSearching"
    case .didTapOnSearchButton: return "didTapOnSearchButton"
    case .didTapOnCancelButton: return "didTapOnCancelButton"
    case .didChangeSearchText: return "didChangeSearchText:"
    case .didSelectRow: return "tableView:didSelectRowAtIndexPath:"
    case .prepareForSegue: return "prepareForSegue:sender:"
    }
  }

  /// The short name scripts may write, such as `updateSearchResults`.
  public var shortName: String { "\(self)" }

  /// Every spelling `expect` accepts for this callback: Swift, Objective-C (with and without
  /// its last colon) and short.
  var acceptedNames: [String] {
    var names = [selector, objcSelector, shortName]
    if objcSelector.hasSuffix(":") { names.append(String(objcSelector.dropLast())) }
    return names
  }

  /// Looks a callback up by any accepted spelling; exact first, then ignoring case when that
  /// names one callback only.
  package init?(anyName text: String) {
    if let exact = CallbackName.allCases.first(where: { $0.acceptedNames.contains(text) }) {
      self = exact
      return
    }
    let lower = text.lowercased()
    let matches = CallbackName.allCases.filter { $0.acceptedNames.contains { $0.lowercased() == lower } }
    guard matches.count == 1, let only = matches.first else { return nil }
    self = only
  }

  /// Every accepted spelling of every callback, for "Did you mean" suggestions.
  package static var everyAcceptedName: [String] { allCases.flatMap(\.acceptedNames) }
}
