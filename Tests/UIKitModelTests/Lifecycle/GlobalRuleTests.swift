import Testing

@testable import UIKitModel

/// The spec's global rule: a bar callback always precedes the controller reaction it causes.
///
/// Checked, with the spec's other order and state rules, over every sequence of physically possible
/// actions up to `depth` long, for every combination of options, and over every table case.
@Suite("global rule")
struct LifecycleGlobalRuleTests {
  static let depth = 4

  @Test(arguments: LifecycleOptions.all)
  func barCallbackPrecedesControllerReactionInEverySequence(_ options: LifecycleOptions) {
    let lifecycle = SearchLifecycle(options: options)
    var failures: [String] = []
    var sequences = 0
    func explore(_ state: SearchState, _ path: [SearchAction], depth: Int) {
      guard depth > 0 else {
        sequences += 1
        return
      }
      for action in Self.possibleActions(in: state, options.flavor) {
        var next = state
        let callbacks = lifecycle.reduce(&next, action)
        for violation in Self.violations(options, state, action, callbacks, next) where failures.count < 10 {
          failures.append((path + [action]).map { "\($0)" }.joined(separator: " → ") + ": " + violation)
        }
        explore(next, path + [action], depth: depth - 1)
      }
    }
    explore(SearchState(), [], depth: Self.depth)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(sequences > 1_000)
  }

  static let tableCases =
    LifecycleControllerInlineTests.inline + LifecycleControllerInlineTests.textRule
    + LifecycleControllerSeparateTests.separate
    + LifecycleControllerOptionTests.obscures + LifecycleControllerOptionTests.liveOff
    + LifecycleDisplayFlavorTests.cases
    + LifecycleCustomFlavorTests.cases

  @Test(arguments: tableCases)
  func barCallbackPrecedesControllerReactionInEveryTableCase(_ c: LifecycleCase) {
    let lifecycle = SearchLifecycle(options: c.options)
    var state = SearchState()
    for action in c.setup + [c.action] {
      let before = state
      let callbacks = lifecycle.reduce(&state, action)
      let violations = Self.violations(c.options, before, action, callbacks, state)
      #expect(violations.isEmpty, "\(action): \(violations)", sourceLocation: c.sourceLocation)
    }
  }

  // MARK: - The generator: what a user (or the app's code) can do on this screen

  static func possibleActions(in state: SearchState, _ flavor: Flavor) -> [SearchAction] {
    var actions: [SearchAction] = [
      .editingBegan, .activeSetByCode(true), .activeSetByCode(false), .textSetByCode("q"), .textSetByCode(""),
      .rowTapped(row: 0, item: 1), .datasetLoaded,
    ]
    if state.isFirstResponder {
      actions += [.type("a", after: state.text), .searchButtonTapped]
      if !state.text.isEmpty {
        actions += [.backspace(from: state.text), .paste("zz", over: state.text), .clearButtonTapped]
      }
    }
    if state.isSearching(flavor) {
      actions += [.cancelButtonTapped, .scopeButtonTapped(state.scopeIndex == 0 ? 1 : 0)]
    }
    return actions
  }

  // MARK: - The properties

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

  static let receivers: [Flavor: Set<String>] = [
    .controller: [
      "UISearchBarDelegate", "UISearchResultsUpdating", "UISearchControllerDelegate", "UITableViewDelegate",
    ],
    .display: ["UISearchBarDelegate", "UISearchDisplayDelegate", "UITableViewDelegate"],
    .custom: ["UISearchBarDelegate", "CustomSearchControllerDelegate", "UITableViewDelegate"],
  ]

  static func violations(
    _ options: LifecycleOptions, _ before: SearchState, _ action: SearchAction, _ callbacks: [Callback],
    _ after: SearchState
  ) -> [String] {
    globalRuleViolations(action, callbacks) + orderViolations(before, action, callbacks)
      + receiverViolations(options, action, callbacks) + stateViolations(action, callbacks, after)
      + dataSourceViolations(options, after) + liveViolations(options, before, action, callbacks, after)
  }

  private static func isBar(_ name: CallbackName) -> Bool { name.protocolName == "UISearchBarDelegate" }

  /// A bar event's callbacks start at the bar, and every reaction follows one of its causes.
  private static func globalRuleViolations(_ action: SearchAction, _ callbacks: [Callback]) -> [String] {
    var found: [String] = []
    let names = callbacks.map(\.name)
    guard let trigger = trigger(of: action), !callbacks.isEmpty else { return [] }
    if !isBar(names[0]) { found.append("bar event starts with \(names[0].selector)") }
    let triggerIndex = names.firstIndex(of: trigger)
    for (j, name) in names.enumerated() where !isBar(name) {
      guard let i = triggerIndex, i < j else {
        found.append("\(name.selector) before the bar's \(trigger.selector)")
        continue
      }
      if !names[..<j].contains(where: causes(of: name).contains) {
        found.append("\(name.selector) with none of its causes before it")
      }
    }
    // The custom controller forwards after resigning.
    if let end = names.firstIndex(of: .searchBarTextDidEndEditing) {
      for forward in [CallbackName.didTapOnSearchButton, .didTapOnCancelButton] {
        if let k = names.firstIndex(of: forward), k < end {
          found.append("\(forward.selector) before the resign")
        }
      }
    }
    return found
  }

  /// The will/did and should/did pairs in their order, and the updates inside present and dismiss.
  private static func orderViolations(
    _ before: SearchState, _ action: SearchAction, _ callbacks: [Callback]
  ) -> [String] {
    var found: [String] = []
    let names = callbacks.map(\.name)
    func first(_ name: CallbackName) -> Int? { names.firstIndex(of: name) }
    func ordered(_ a: CallbackName, _ b: CallbackName, adjacent: Bool = false) {
      guard let j = first(b) else { return }
      guard let i = first(a), i < j, !adjacent || i + 1 == j else {
        return found.append("\(b.selector) without \(a.selector) \(adjacent ? "just " : "")before it")
      }
    }
    ordered(.searchBarShouldBeginEditing, .searchBarTextDidBeginEditing, adjacent: true)
    if case .textChanged = action {
      ordered(.searchBarShouldChangeText, .searchBarTextDidChange, adjacent: true)
    }
    ordered(.searchBarShouldEndEditing, .searchBarTextDidEndEditing, adjacent: true)
    ordered(.willPresentSearchController, .didPresentSearchController)
    ordered(.willDismissSearchController, .didDismissSearchController)
    ordered(.willBeginSearch, .didBeginSearch, adjacent: true)
    ordered(.willEndSearch, .didEndSearch)
    ordered(.willShowResultsTable, .didShowResultsTable, adjacent: true)
    ordered(.willHideResultsTable, .didHideResultsTable, adjacent: true)
    if let load = first(.didLoadSearchResultsTableView), first(.willShowResultsTable) != load + 1 {
      found.append("didLoadSearchResultsTableView not just before willShow")
    }
    if before.resultsTableLoaded, first(.didLoadSearchResultsTableView) != nil {
      found.append("didLoadSearchResultsTableView twice for one dataset")
    }
    if let present = first(.didPresentSearchController),
      first(.updateSearchResults).map({ $0 > present }) ?? true
    {
      found.append("present without its update inside")
    }
    if let dismiss = first(.didDismissSearchController),
      first(.updateSearchResults).map({ $0 > dismiss }) ?? true
    {
      found.append("dismiss without its update inside")
    }
    return found
  }

  /// Who is called, and how often.
  private static func receiverViolations(
    _ options: LifecycleOptions, _ action: SearchAction, _ callbacks: [Callback]
  ) -> [String] {
    var found: [String] = []
    let names = callbacks.map(\.name)
    let allowed = receivers[options.flavor] ?? []
    for callback in callbacks where !allowed.contains(callback.name.protocolName) {
      found.append("\(callback.name.selector) in the \(options.flavor) flavor")
    }
    if names.filter({ $0 == .updateSearchResults }).count > 1 { found.append("more than one update") }
    switch action {
    case .textChanged: break
    case .clearButtonTapped:
      if names.contains(.searchBarShouldChangeText) { found.append("clear asks shouldChangeText") }
    default:
      if names.contains(.searchBarTextDidChange) || names.contains(.searchBarShouldChangeText) {
        found.append("text callbacks for \(action)")
      }
    }
    return found
  }

  /// The state columns at the steps the spec states.
  private static func stateViolations(
    _ action: SearchAction, _ callbacks: [Callback], _ after: SearchState
  ) -> [String] {
    var found: [String] = []
    for callback in callbacks {
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
    if let last = callbacks.last, last.state != after.snapshot {
      found.append("state changed after the last callback")
    }
    if !action.canSendCallbacks, !callbacks.isEmpty { found.append("callbacks for \(action)") }
    return found
  }

  /// What the app shows (the data-source rule) once the action is over.
  private static func dataSourceViolations(_ options: LifecycleOptions, _ after: SearchState) -> [String] {
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

  /// Live search: edits re-filter exactly when it is on, and the Search button applies the query.
  private static func liveViolations(
    _ options: LifecycleOptions, _ before: SearchState, _ action: SearchAction, _ callbacks: [Callback],
    _ after: SearchState
  ) -> [String] {
    var found: [String] = []
    let refilteringEdit: Bool
    switch action {
    case .textChanged, .clearButtonTapped: refilteringEdit = true
    case .scopeButtonTapped, .textSetByCode: refilteringEdit = options.flavor != .custom
    default: refilteringEdit = false
    }
    if refilteringEdit, !callbacks.isEmpty {
      let applied = (after.appliedText, after.appliedScope)
      if options.live, case .scopeButtonTapped = action {
        if after.appliedScope != after.scopeIndex { found.append("live scope not applied") }
      } else if options.live, after.appliedText != after.text {
        found.append("live text not applied")
      } else if !options.live, applied != (before.appliedText, before.appliedScope) {
        found.append("live off, but \(action) re-filtered")
      }
    }
    if !options.live, case .searchButtonTapped = action, !callbacks.isEmpty,
      (after.appliedText, after.appliedScope) != (after.text, after.scopeIndex)
    {
      found.append("Search button did not apply the query")
    }
    return found
  }
}

extension SearchAction {
  /// Actions that can send callbacks: bar events, the app's code, and row taps.
  var canSendCallbacks: Bool {
    switch self {
    case .datasetLoaded, .detailOpened, .detailClosed: false
    default: true
    }
  }
}
