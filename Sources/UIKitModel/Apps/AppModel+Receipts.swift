/// Who in an app receives a callback named without a call: `help CALLBACK`'s "in this app".
extension AppModel {
  /// One slot a callback goes through, and what the app does with it there.
  package struct NamedReceipt: Equatable, Sendable {
    package let slot: DelegateSlot
    package let receipt: Receipt
    /// The method that runs, when the app implements it.
    package let method: AppMethod?
  }

  /// Where `name` is delivered in this app: one slot, or two for a row tap (the main table and
  /// the results table), each with its receiver and method.
  package func receipts(of name: CallbackName) -> [NamedReceipt] {
    let slots: [DelegateSlot]
    switch name.protocolName {
    case "UISearchBarDelegate": slots = [.searchBarDelegate]
    case "UISearchResultsUpdating": slots = [.searchResultsUpdater]
    case "UISearchControllerDelegate": slots = [.searchControllerDelegate]
    case "UISearchDisplayDelegate": slots = [.displayDelegate]
    case "CustomSearchControllerDelegate": slots = [.customDelegate]
    case "UIViewController": slots = [.segueSource]
    default: slots = [.tableViewDelegate, .resultsTableViewDelegate]
    }
    return slots.map { slot in
      guard let object = wiring[slot] else {
        return NamedReceipt(slot: slot, receipt: .unsent(slot), method: nil)
      }
      let method = methods.first { $0.object == object && $0.callback == name }
      let received = implementsEverything || method != nil
      return NamedReceipt(
        slot: slot, receipt: received ? .received(by: object) : .notImplemented(by: object), method: method)
    }
  }
}
