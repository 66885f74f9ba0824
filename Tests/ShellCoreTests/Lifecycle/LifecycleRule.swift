@testable import ShellCore

/// A rule of the spec that every step of the lifecycle obeys: what it says, and the violations
/// it finds in a step (none when the step obeys it).
struct LifecycleRule: Sendable {
  /// What the rule says.
  let name: String
  /// The rule's violations in a step.
  let check: @Sendable (LifecycleStep) -> [String]

  /// Every rule the global-rule tests check, the spec's global rule first.
  static let all = [
    LifecycleRule(name: "a bar callback precedes the controller reaction it causes", check: globalRule),
    LifecycleRule(name: "paired callbacks come in their order", check: pairsInOrder),
    LifecycleRule(
      name: "only the flavor's receivers are called, each update once", check: receiversAndCounts),
    LifecycleRule(name: "the state columns hold at the steps the spec states", check: stateColumns),
    LifecycleRule(name: "the app shows what its data-source rule says", check: shownTable),
    LifecycleRule(name: "live search re-filters on edits, or only at the Search button", check: liveSearch),
  ]

  /// The bar callback through which a user's bar event reaches the controller.
  static func trigger(of action: SearchAction) -> CallbackName? {
    switch action {
    case .editingBegan: .searchBarTextDidBeginEditing
    case .textChanged, .clearButtonTapped: .searchBarTextDidChange
    case .scopeButtonTapped: .searchBarScopeDidChange
    case .searchButtonTapped: .searchBarSearchButtonClicked
    case .cancelButtonTapped: .searchBarCancelButtonClicked
    default: nil
    }
  }

  /// The bar callbacks that can cause a controller reaction.
  static func causes(of name: CallbackName) -> Set<CallbackName> {
    switch name {
    case .willPresentSearchController, .didPresentSearchController, .willBeginSearch, .didBeginSearch,
      .didStartSearching:
      [.searchBarTextDidBeginEditing]
    case .updateSearchResults:
      [
        .searchBarTextDidBeginEditing, .searchBarTextDidChange, .searchBarScopeDidChange,
        .searchBarCancelButtonClicked,
      ]
    case .willDismissSearchController, .didDismissSearchController, .willEndSearch, .didEndSearch,
      .didTapOnCancelButton:
      [.searchBarCancelButtonClicked]
    case .shouldReloadForSearchString, .didChangeSearchText: [.searchBarTextDidChange]
    case .shouldReloadForSearchScope: [.searchBarScopeDidChange]
    case .didLoadSearchResultsTableView, .willShowResultsTable, .didShowResultsTable:
      [.searchBarTextDidChange, .searchBarTextDidBeginEditing]
    case .willHideResultsTable, .didHideResultsTable:
      [.searchBarTextDidChange, .searchBarCancelButtonClicked]
    case .didTapOnSearchButton: [.searchBarSearchButtonClicked]
    default: []
    }
  }

  /// The delegates each flavor calls.
  static let receivers: [Flavor: Set<String>] = [
    .controller: [
      "UISearchBarDelegate", "UISearchResultsUpdating", "UISearchControllerDelegate", "UITableViewDelegate",
    ],
    .display: ["UISearchBarDelegate", "UISearchDisplayDelegate", "UITableViewDelegate"],
    .custom: ["UISearchBarDelegate", "CustomSearchControllerDelegate", "UITableViewDelegate"],
  ]

  /// The global rule: a bar event starts with a bar callback, and every controller reaction
  /// follows the trigger and one of its causes.
  static func globalRule(_ step: LifecycleStep) -> [String] {
    guard let trigger = trigger(of: step.action), !step.callbacks.isEmpty else { return [] }
    let names = step.names
    var found: [String] = []
    if !LifecycleStep.isBar(names[0]) { found.append("bar event starts with \(names[0].selector)") }
    let triggerIndex = step.first(trigger)
    for (j, name) in names.enumerated() where !LifecycleStep.isBar(name) {
      guard let i = triggerIndex, i < j else {
        found.append("\(name.selector) before the bar's \(trigger.selector)")
        continue
      }
      if !names[..<j].contains(where: causes(of: name).contains) {
        found.append("\(name.selector) with none of its causes before it")
      }
    }
    // The custom controller forwards after resigning.
    if let end = step.first(.searchBarTextDidEndEditing) {
      for forward in [CallbackName.didTapOnSearchButton, .didTapOnCancelButton] {
        if let k = step.first(forward), k < end { found.append("\(forward.selector) before the resign") }
      }
    }
    return found
  }

  /// Will/did and should/did pairs in their order; the results table loaded once, just before it
  /// shows; present and dismiss each with the update inside.
  static func pairsInOrder(_ step: LifecycleStep) -> [String] {
    var found = step.ordered(.searchBarShouldBeginEditing, .searchBarTextDidBeginEditing, adjacent: true)
    if case .textChanged = step.action {
      found += step.ordered(.searchBarShouldChangeText, .searchBarTextDidChange, adjacent: true)
    }
    found += step.ordered(.searchBarShouldEndEditing, .searchBarTextDidEndEditing, adjacent: true)
    found += step.ordered(.willPresentSearchController, .didPresentSearchController)
    found += step.ordered(.willDismissSearchController, .didDismissSearchController)
    found += step.ordered(.willBeginSearch, .didBeginSearch, adjacent: true)
    found += step.ordered(.willEndSearch, .didEndSearch)
    found += step.ordered(.willShowResultsTable, .didShowResultsTable, adjacent: true)
    found += step.ordered(.willHideResultsTable, .didHideResultsTable, adjacent: true)
    if let load = step.first(.didLoadSearchResultsTableView), step.first(.willShowResultsTable) != load + 1 {
      found.append("didLoadSearchResultsTableView not just before willShow")
    }
    if step.before.resultsTableLoaded, step.first(.didLoadSearchResultsTableView) != nil {
      found.append("didLoadSearchResultsTableView twice for one dataset")
    }
    let update = step.first(.updateSearchResults)
    if let present = step.first(.didPresentSearchController), update.map({ $0 > present }) ?? true {
      found.append("present without its update inside")
    }
    if let dismiss = step.first(.didDismissSearchController), update.map({ $0 > dismiss }) ?? true {
      found.append("dismiss without its update inside")
    }
    return found
  }

  /// Only the flavor's delegates are called, at most one update per step, and text callbacks only
  /// for edits (clear asks no shouldChangeText).
  static func receiversAndCounts(_ step: LifecycleStep) -> [String] {
    var found: [String] = []
    let allowed = receivers[step.options.flavor] ?? []
    for callback in step.callbacks where !allowed.contains(callback.name.receiver) {
      found.append("\(callback.name.selector) in the \(step.options.flavor) flavor")
    }
    if step.names.filter({ $0 == .updateSearchResults }).count > 1 { found.append("more than one update") }
    switch step.action {
    case .textChanged: break
    case .clearButtonTapped:
      if step.first(.searchBarShouldChangeText) != nil { found.append("clear asks shouldChangeText") }
    default:
      if step.first(.searchBarTextDidChange) != nil || step.first(.searchBarShouldChangeText) != nil {
        found.append("text callbacks for \(step.action)")
      }
    }
    return found
  }

  /// First responder and active at the callbacks the spec names, the update's text the bar's, the
  /// state final at the last callback, and no callbacks for actions that send none.
  static func stateColumns(_ step: LifecycleStep) -> [String] {
    var found: [String] = []
    for callback in step.callbacks {
      let s = callback.state
      switch callback.name {
      case .searchBarShouldBeginEditing: if s.isFirstResponder { found.append("FR before it begins") }
      case .searchBarTextDidBeginEditing, .searchBarShouldEndEditing:
        if !s.isFirstResponder { found.append("\(callback.name.selector) without FR") }
      case .searchBarTextDidEndEditing: if s.isFirstResponder { found.append("FR after it ended") }
      case .willPresentSearchController, .willDismissSearchController, .didDismissSearchController,
        .willEndSearch,
        .didEndSearch:
        if s.isActive { found.append("\(callback.name.selector) while active") }
      case .didPresentSearchController, .willBeginSearch, .didBeginSearch:
        if !s.isActive { found.append("\(callback.name.selector) while inactive") }
      default: break
      }
      if callback.name == .didDismissSearchController, s.shown != .main {
        found.append("didDismiss not on main")
      }
      if case .updateSearchResults = callback.name,
        callback.arguments != [.init("searchBar.text", .text(SharedText(s.text)))]
      {
        found.append("update's text is not the bar's")
      }
    }
    if let last = step.callbacks.last, last.state != step.after.snapshot {
      found.append("state changed after the last callback")
    }
    if !step.action.canSendCallbacks, !step.callbacks.isEmpty { found.append("callbacks for \(step.action)") }
    return found
  }

  /// What the app shows (the data-source rule) once the action is over.
  static func shownTable(_ step: LifecycleStep) -> [String] {
    let (options, after) = (step.options, step.after)
    let filtered = after.isActive && !after.text.isEmpty
    switch (options.flavor, options.results, options.rule) {
    case (.controller, .inline, .active):
      if after.shown != (after.isActive ? .results : .main) { return ["inline `active` rule broken"] }
    case (.controller, .inline, .text):
      // Model choice (reducer): a chosen scope filters even with empty text.
      let scoped = after.isActive && after.scopeIndex != 0
      if after.shown != (filtered || scoped ? .results : .main) { return ["inline `text` rule broken"] }
    case (.controller, .separate, _), (.display, _, _):
      if after.shown != (filtered ? .results : .main) { return ["shown is not `active with text`"] }
    case (.custom, _, _):
      if after.isActive { return ["custom controller presented"] }
    }
    return []
  }

  /// Live search applies each edit's text and scope; with it off, only the Search button does.
  static func liveSearch(_ step: LifecycleStep) -> [String] {
    let (options, action, before, after) = (step.options, step.action, step.before, step.after)
    var found: [String] = []
    let refilteringEdit: Bool
    switch action {
    case .textChanged, .clearButtonTapped: refilteringEdit = true
    case .scopeButtonTapped, .textSetByCode: refilteringEdit = options.flavor != .custom
    default: refilteringEdit = false
    }
    if refilteringEdit, !step.callbacks.isEmpty {
      let applied = (after.appliedText, after.appliedScope)
      if options.live, case .scopeButtonTapped = action {
        if after.appliedScope != after.scopeIndex { found.append("live scope not applied") }
      } else if options.live, after.appliedText != after.text {
        found.append("live text not applied")
      } else if !options.live, applied != (before.appliedText, before.appliedScope) {
        found.append("live off, but \(action) re-filtered")
      }
    }
    if !options.live, case .searchButtonTapped = action, !step.callbacks.isEmpty,
      (after.appliedText, after.appliedScope) != (after.text, after.scopeIndex)
    {
      found.append("Search button did not apply the query")
    }
    return found
  }
}
