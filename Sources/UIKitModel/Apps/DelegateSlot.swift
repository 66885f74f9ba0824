/// A property of UIKit's objects that an app sets to one of its own objects to receive callbacks.
package enum DelegateSlot: String, CaseIterable, Sendable {
  /// `searchBar.delegate`: the UISearchBarDelegate callbacks.
  case searchBarDelegate = "searchBar.delegate"
  /// `searchController.searchResultsUpdater`: `updateSearchResults(for:)`.
  case searchResultsUpdater = "searchController.searchResultsUpdater"
  /// `searchController.delegate`: present and dismiss.
  case searchControllerDelegate = "searchController.delegate"
  /// `searchDisplayController.delegate`: the UISearchDisplayDelegate callbacks.
  case displayDelegate = "searchDisplayController.delegate"
  /// `customSearchController.customDelegate`: the tutorial's own protocol.
  case customDelegate = "customSearchController.customDelegate"
  /// The presenting table's `delegate`: a row tap on the main list or an inline results list.
  case tableViewDelegate = "tableView.delegate"
  /// The results table's delegate: the display controller's `searchResultsDelegate`, or the
  /// separate results controller's own table.
  case resultsTableViewDelegate = "resultsTableView.delegate"
  /// The view controller a storyboard segue starts from: `prepare(for:sender:)`.
  case segueSource = "segue.sourceViewController"

  /// The slot `callback` goes through; a row tap's table argument says which table's delegate.
  init(_ callback: Callback) {
    switch callback.name.protocolName {
    case "UISearchBarDelegate": self = .searchBarDelegate
    case "UISearchResultsUpdating": self = .searchResultsUpdater
    case "UISearchControllerDelegate": self = .searchControllerDelegate
    case "UISearchDisplayDelegate": self = .displayDelegate
    case "CustomSearchControllerDelegate": self = .customDelegate
    case "UIViewController": self = .segueSource
    default:
      let table = callback.arguments.first { $0.label == "tableView" }?.value
      self = table == nil || table == .object("tableView") ? .tableViewDelegate : .resultsTableViewDelegate
    }
  }
}

extension DelegateSlot {
  /// The slots an app of `flavor` (with `results`) has.
  package static func slots(for flavor: Flavor, results: ResultsPresentation) -> [DelegateSlot] {
    switch flavor {
    case .controller:
      let base: [DelegateSlot] = [
        .searchBarDelegate, .searchResultsUpdater, .searchControllerDelegate, .tableViewDelegate,
      ]
      return results == .separate ? base + [.resultsTableViewDelegate] : base
    case .display:
      return [
        .searchBarDelegate, .displayDelegate, .tableViewDelegate, .resultsTableViewDelegate, .segueSource,
      ]
    case .custom:
      return [.searchBarDelegate, .customDelegate, .tableViewDelegate]
    }
  }
}

extension CallbackName {
  /// The callbacks UIKit (or the custom controller) can send in `flavor`, in declaration order.
  package static func sent(in flavor: Flavor) -> [CallbackName] {
    let protocols: Set<String> =
      switch flavor {
      case .controller: ["UISearchResultsUpdating", "UISearchControllerDelegate"]
      case .display: ["UISearchDisplayDelegate", "UIViewController"]
      case .custom: ["CustomSearchControllerDelegate"]
      }
    return allCases.filter {
      ["UISearchBarDelegate", "UITableViewDelegate"].contains($0.protocolName)
        || protocols.contains($0.protocolName)
    }
  }
}
