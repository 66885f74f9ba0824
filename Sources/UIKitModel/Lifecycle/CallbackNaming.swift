/// How traces, diagrams and `expect` spell a callback (`set names`).
package enum CallbackNaming: String, CaseIterable, Sendable {
  /// The Swift selector, such as `updateSearchResults(for:)`.
  case swift
  /// The Objective-C selector, such as `updateSearchResultsForSearchController:`.
  case objc

  /// `name` in this spelling.
  package func name(_ name: CallbackName) -> String {
    switch self {
    case .swift: return name.selector
    case .objc: return name.objcSelector
    }
  }

  /// An argument label in this spelling: the Objective-C selector spells three of them longer.
  package func label(_ label: String) -> String {
    guard self == .objc else { return label }
    switch label {
    case "shouldChangeTextIn": return "shouldChangeTextInRange"
    case "shouldReloadTableForSearch": return "shouldReloadTableForSearchString"
    case "didSelectRowAt": return "didSelectRowAtIndexPath"
    default: return label
    }
  }
}
