import Testing

@testable import UIKitModel

/// spec/lifecycle.md, "`controller` flavor: the orders", under the options that change them: the
/// dimming view of obscuresBackgroundDuringPresentation, and live search off.
@Suite("controller flavor, options")
struct LifecycleControllerOptionTests {
  // MARK: obscuresBackgroundDuringPresentation: the dimming-view quirk

  static let obscures: [LifecycleCase] = [
    LifecycleCase(
      "dimmingViewTapWithEmptyTextRunsCancelStepsTwoToSixAndSelectsNothing", .make(obscures: true),
      setup: Given.tappedIn, .rowTapped(row: 2, item: 2),
      [
        .willDismiss(at(.inactive, "", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "dimmingViewTapWithTextRuleRunsCancelStepsTwoToSix", .make(rule: .text, obscures: true),
      setup: Given.tappedIn, .rowTapped(row: 2, item: 2),
      [
        .willDismiss(at(.inactive, "", .fr, .main)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "dimmingViewTapOverHiddenSeparateResultsRunsCancelStepsTwoToSix",
      .make(results: .separate, obscures: true),
      setup: Given.tappedIn, .rowTapped(row: 2, item: 2),
      [
        .willDismiss(at(.inactive, "", .fr, .main)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "dimmingViewTapAfterProgrammaticActivateSkipsResign", .make(obscures: true),
      setup: [.activeSetByCode(true)], .rowTapped(row: 0, item: 0),
      [
        .willDismiss(at(.inactive, "", .notFR, .results)),
        .update(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "obscuringWithSeparateResultsShownSelectsResultsRow", .make(results: .separate, obscures: true),
      setup: Given.typed("a"), .rowTapped(row: 1, item: 9),
      [.didSelectRow("resultsController.tableView", row: 1, at(.active, "a", .fr, .results))],
      state: { $0.selectedItem = 9 }),
    LifecycleCase(
      "obscuringInlineTableDimsFilteredRowsTooSoTheTapCancels", .make(obscures: true),
      setup: Given.typed("a"), .rowTapped(row: 1, item: 9),
      [
        .willDismiss(at(.inactive, "a", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "obscuringTextRuleTableDimsFilteredRowsAfterSearchKey", .make(rule: .text, obscures: true),
      setup: Given.searched("a"), .rowTapped(row: 0, item: 0),
      [
        .willDismiss(at(.inactive, "a", .notFR, .results)),
        .update(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "notObscuringInlineResultsSelectsResultsRow", .make(obscures: false),
      setup: Given.typed("a"), .rowTapped(row: 1, item: 9),
      [.didSelectRow("tableView", row: 1, at(.active, "a", .fr, .results))],
      state: { $0.selectedItem = 9 }),
    LifecycleCase(
      "obscuringWhileInactiveSelectsMainRow", .make(obscures: true),
      setup: [], .rowTapped(row: 5, item: 5),
      [.didSelectRow("tableView", row: 5, at(.inactive, "", .notFR, .main))],
      state: { $0.selectedItem = 5 }),
  ]

  @Test(arguments: obscures) func obscuresBackgroundQuirk(_ c: LifecycleCase) { c.run() }

  // MARK: Live search off: text changes do not re-filter; the Search button does

  static let liveOff: [LifecycleCase] = [
    LifecycleCase(
      "liveOffTypingUpdatesButKeepsAppliedText", .make(live: false), setup: Given.tappedIn,
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.active, "", .fr, .results)),
        .textDidChange("a", at(.active, "a", .fr, .results)),
        .update(at(.active, "a", .fr, .results)),
      ],
      state: { $0.text = "a" }),
    LifecycleCase(
      "liveOffClearKeepsAppliedText", .make(live: false), setup: Given.searched("abc") + [.editingBegan],
      .clearButtonTapped,
      [
        .textDidChange("", at(.active, "", .fr, .results)),
        .update(at(.active, "", .fr, .results)),
      ],
      state: { $0.text = "" }),
    LifecycleCase(
      "liveOffScopeChangeKeepsAppliedScope", .make(live: false), setup: Given.typed("ab"),
      .scopeButtonTapped(3),
      [
        .scopeDidChange(3, at(.active, "ab", .fr, .results)),
        .update(at(.active, "ab", .fr, .results)),
      ],
      state: { $0.scopeIndex = 3 }),
    LifecycleCase(
      "liveOffProgrammaticTextKeepsAppliedText", .make(live: false), setup: Given.tappedIn,
      .textSetByCode("q"),
      [.update(at(.active, "q", .fr, .results))],
      state: { $0.text = "q" }),
    LifecycleCase(
      "liveOffSearchButtonAppliesTextAndScope", .make(live: false),
      setup: Given.typed("abc") + [.scopeButtonTapped(2)], .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "abc", .fr, .results)),
        .shouldEndEditing(at(.active, "abc", .fr, .results)),
        .textDidEndEditing(at(.active, "abc", .notFR, .results)),
      ],
      state: {
        $0.isFirstResponder = false; $0.appliedText = "abc"; $0.appliedScope = 2
      }),
    LifecycleCase(
      "liveOffWithSeparateResultsSearchButtonApplies", .make(results: .separate, live: false),
      setup: Given.typed("ab"), .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "ab", .fr, .results)),
        .shouldEndEditing(at(.active, "ab", .fr, .results)),
        .textDidEndEditing(at(.active, "ab", .notFR, .results)),
      ],
      state: {
        $0.isFirstResponder = false; $0.appliedText = "ab"
      }),
  ]

  @Test(arguments: liveOff) func liveSearchOff(_ c: LifecycleCase) { c.run() }
}
