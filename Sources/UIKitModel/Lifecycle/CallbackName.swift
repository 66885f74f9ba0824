/// A delegate method UIKit (or the tutorial's own protocol) calls, spelled as its Swift selector.
public enum CallbackName: String, CaseIterable, Sendable {
  case searchBarShouldBeginEditing = "searchBarShouldBeginEditing(_:)"
  case searchBarTextDidBeginEditing = "searchBarTextDidBeginEditing(_:)"
  case searchBarShouldChangeText = "searchBar(_:shouldChangeTextIn:replacementText:)"
  case searchBarTextDidChange = "searchBar(_:textDidChange:)"
  case searchBarScopeDidChange = "searchBar(_:selectedScopeButtonIndexDidChange:)"
  case searchBarSearchButtonClicked = "searchBarSearchButtonClicked(_:)"
  case searchBarCancelButtonClicked = "searchBarCancelButtonClicked(_:)"
  case searchBarShouldEndEditing = "searchBarShouldEndEditing(_:)"
  case searchBarTextDidEndEditing = "searchBarTextDidEndEditing(_:)"
  case updateSearchResults = "updateSearchResults(for:)"
  case willPresentSearchController = "willPresentSearchController(_:)"
  case didPresentSearchController = "didPresentSearchController(_:)"
  case willDismissSearchController = "willDismissSearchController(_:)"
  case didDismissSearchController = "didDismissSearchController(_:)"
  case didLoadSearchResultsTableView = "searchDisplayController(_:didLoadSearchResultsTableView:)"
  case willBeginSearch = "searchDisplayControllerWillBeginSearch(_:)"
  case didBeginSearch = "searchDisplayControllerDidBeginSearch(_:)"
  case willEndSearch = "searchDisplayControllerWillEndSearch(_:)"
  case didEndSearch = "searchDisplayControllerDidEndSearch(_:)"
  case shouldReloadForSearchString = "searchDisplayController(_:shouldReloadTableForSearch:)"
  case shouldReloadForSearchScope = "searchDisplayController(_:shouldReloadTableForSearchScope:)"
  case willShowResultsTable = "searchDisplayController(_:willShowSearchResultsTableView:)"
  case didShowResultsTable = "searchDisplayController(_:didShowSearchResultsTableView:)"
  case willHideResultsTable = "searchDisplayController(_:willHideSearchResultsTableView:)"
  case didHideResultsTable = "searchDisplayController(_:didHideSearchResultsTableView:)"
  case didStartSearching = "didStartSearching()"
  case didTapOnSearchButton = "didTapOnSearchButton()"
  case didTapOnCancelButton = "didTapOnCancelButton()"
  case didChangeSearchText = "didChangeSearchText(_:)"
  case didSelectRow = "tableView(_:didSelectRowAt:)"
  case prepareForSegue = "prepare(for:sender:)"

  /// The Swift selector, as traces print it.
  public var selector: String { rawValue }

  /// The protocol that declares the method; which object receives it is the app's wiring
  /// (`AppModel.receipt(for:)`).
  public var protocolName: String {
    switch self {
    case .searchBarShouldBeginEditing, .searchBarTextDidBeginEditing, .searchBarShouldChangeText,
      .searchBarTextDidChange, .searchBarScopeDidChange, .searchBarSearchButtonClicked,
      .searchBarCancelButtonClicked, .searchBarShouldEndEditing, .searchBarTextDidEndEditing:
      return "UISearchBarDelegate"
    case .updateSearchResults:
      return "UISearchResultsUpdating"
    case .willPresentSearchController, .didPresentSearchController, .willDismissSearchController,
      .didDismissSearchController:
      return "UISearchControllerDelegate"
    case .didLoadSearchResultsTableView, .willBeginSearch, .didBeginSearch, .willEndSearch, .didEndSearch,
      .shouldReloadForSearchString, .shouldReloadForSearchScope, .willShowResultsTable, .didShowResultsTable,
      .willHideResultsTable, .didHideResultsTable:
      return "UISearchDisplayDelegate"
    case .didStartSearching, .didTapOnSearchButton, .didTapOnCancelButton, .didChangeSearchText:
      return "CustomSearchControllerDelegate"
    case .didSelectRow:
      return "UITableViewDelegate"
    case .prepareForSegue:
      return "UIViewController"
    }
  }
}
