import Testing

@testable import ShellCore

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

  /// Every rule's violations in one step.
  static func violations(
    _ options: LifecycleOptions, _ before: SearchState, _ action: SearchAction, _ callbacks: [Callback],
    _ after: SearchState
  ) -> [String] {
    let step = LifecycleStep(
      options: options, before: before, action: action, callbacks: callbacks, after: after)
    return LifecycleRule.all.flatMap { rule in rule.check(step).map { "\($0) (\(rule.name))" } }
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
