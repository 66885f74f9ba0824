import Testing

@testable import UIKitModel

/// spec/lifecycle.md, "`controller` flavor: the orders", with the results shown inline in the
/// searched table, under either data-source rule.
@Suite("controller flavor, inline results")
struct LifecycleControllerInlineTests {
  // MARK: Inline results, data-source rule `active` (the default)

  static let inline: [LifecycleCase] = [
    LifecycleCase(
      "beginEditingFromInactivePresentsWithOneEmptyUpdate", setup: [], .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "", .notFR, .main)),
        .textDidBeginEditing(at(.inactive, "", .fr, .main)),
        .willPresent(at(.inactive, "", .fr, .main)),
        .update(at(.active, "", .fr, .results)),
        .didPresent(at(.active, "", .fr, .results)),
      ],
      state: {
        $0.isActive = true; $0.isFirstResponder = true; $0.shown = .results
      }),
    LifecycleCase(
      "retapWhileActiveNotFirstResponderUpdatesWithoutPresenting", setup: Given.searched("abc"),
      .editingBegan,
      [
        .shouldBeginEditing(at(.active, "abc", .notFR, .results)),
        .textDidBeginEditing(at(.active, "abc", .fr, .results)),
        .update(at(.active, "abc", .fr, .results)),
      ],
      state: { $0.isFirstResponder = true }),
    LifecycleCase("tapWhileFirstResponderDoesNothing", setup: Given.typed("ab"), .editingBegan, []),
    LifecycleCase(
      "typingFirstCharacterSendsTripleWithRangeAtZero", setup: Given.tappedIn, .type("c", after: ""),
      [
        .shouldChangeText(0, 0, "c", at(.active, "", .fr, .results)),
        .textDidChange("c", at(.active, "c", .fr, .results)),
        .update(at(.active, "c", .fr, .results)),
      ],
      state: {
        $0.text = "c"; $0.appliedText = "c"
      }),
    LifecycleCase(
      "typingAtEndUsesRangeLengthZero", setup: Given.typed("ab"), .type("c", after: "ab"),
      [
        .shouldChangeText(2, 0, "c", at(.active, "ab", .fr, .results)),
        .textDidChange("abc", at(.active, "abc", .fr, .results)),
        .update(at(.active, "abc", .fr, .results)),
      ],
      state: {
        $0.text = "abc"; $0.appliedText = "abc"
      }),
    LifecycleCase(
      "typingAfterNonASCIIUsesUTF16Length", setup: Given.typed("é😀"), .type("x", after: "é😀"),
      [
        .shouldChangeText(3, 0, "x", at(.active, "é😀", .fr, .results)),
        .textDidChange("é😀x", at(.active, "é😀x", .fr, .results)),
        .update(at(.active, "é😀x", .fr, .results)),
      ],
      state: {
        $0.text = "é😀x"; $0.appliedText = "é😀x"
      }),
    LifecycleCase(
      "backspaceUsesRangeOfLastCharacter", setup: Given.typed("abc"), .backspace(from: "abc"),
      [
        .shouldChangeText(2, 1, "", at(.active, "abc", .fr, .results)),
        .textDidChange("ab", at(.active, "ab", .fr, .results)),
        .update(at(.active, "ab", .fr, .results)),
      ],
      state: {
        $0.text = "ab"; $0.appliedText = "ab"
      }),
    LifecycleCase(
      "backspaceToEmptyKeepsControllerActive", setup: Given.typed("a"), .backspace(from: "a"),
      [
        .shouldChangeText(0, 1, "", at(.active, "a", .fr, .results)),
        .textDidChange("", at(.active, "", .fr, .results)),
        .update(at(.active, "", .fr, .results)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""
      }),
    LifecycleCase(
      "pasteOverWholeTextIsOneTripleWithRangeOfOldLength", setup: Given.typed("ab"),
      .paste("xyz", over: "ab"),
      [
        .shouldChangeText(0, 2, "xyz", at(.active, "ab", .fr, .results)),
        .textDidChange("xyz", at(.active, "xyz", .fr, .results)),
        .update(at(.active, "xyz", .fr, .results)),
      ],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"
      }),
    LifecycleCase(
      "clearButtonSkipsShouldChangeTextAndStaysActive", setup: Given.typed("abc"), .clearButtonTapped,
      [
        .textDidChange("", at(.active, "", .fr, .results)),
        .update(at(.active, "", .fr, .results)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""
      }),
    LifecycleCase(
      "scopeChangeReportsNewIndexThenUpdates", setup: Given.typed("abc"), .scopeButtonTapped(2),
      [
        .scopeDidChange(2, at(.active, "abc", .fr, .results)),
        .update(at(.active, "abc", .fr, .results)),
      ],
      state: {
        $0.scopeIndex = 2; $0.appliedScope = 2
      }),
    LifecycleCase(
      "selectingTheSelectedScopeEmitsNothing", setup: Given.typed("abc") + [.scopeButtonTapped(1)],
      .scopeButtonTapped(1), []),
    LifecycleCase(
      "searchButtonResignsInsideItAndStaysActive", setup: Given.typed("abc"), .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "abc", .fr, .results)),
        .shouldEndEditing(at(.active, "abc", .fr, .results)),
        .textDidEndEditing(at(.active, "abc", .notFR, .results)),
      ],
      state: { $0.isFirstResponder = false }),
    LifecycleCase("searchButtonIsDisabledWhileTextIsEmpty", setup: Given.tappedIn, .searchButtonTapped, []),
    LifecycleCase(
      "cancelWhileEditingClearsWithOneUpdateAndNoTextDidChange", setup: Given.typed("abc"),
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .fr, .results)),
        .willDismiss(at(.inactive, "abc", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "cancelAfterSearchButtonSkipsResign", setup: Given.searched("abc"), .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .notFR, .results)),
        .willDismiss(at(.inactive, "abc", .notFR, .results)),
        .update(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "cancelKeepsTheSelectedScope", setup: Given.typed("a") + [.scopeButtonTapped(1)], .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "a", .fr, .results)),
        .willDismiss(at(.inactive, "a", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.isActive = false; $0.text = ""; $0.appliedText = ""; $0.isFirstResponder = false; $0.shown = .main
      }),
    LifecycleCase(
      "rowTapOnFilteredInlineTableSelectsRowOfThatTable", setup: Given.typed("a"),
      .rowTapped(row: 1, item: 7),
      [.didSelectRow("tableView", row: 1, at(.active, "a", .fr, .results))],
      state: { $0.selectedItem = 7 }),
    LifecycleCase(
      "rowTapWhileInactiveSelectsRowOfFullList", setup: [], .rowTapped(row: 3, item: 3),
      [.didSelectRow("tableView", row: 3, at(.inactive, "", .notFR, .main))],
      state: { $0.selectedItem = 3 }),
    LifecycleCase(
      "programmaticActivateRunsPresentStepsWithoutBarCallbacks", setup: [], .activeSetByCode(true),
      [
        .willPresent(at(.inactive, "", .notFR, .main)),
        .update(at(.active, "", .notFR, .results)),
        .didPresent(at(.active, "", .notFR, .results)),
      ],
      state: {
        $0.isActive = true; $0.shown = .results
      }),
    LifecycleCase(
      "programmaticDeactivateIsCancelWithoutTheButton", setup: Given.typed("abc"), .activeSetByCode(false),
      [
        .willDismiss(at(.inactive, "abc", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "programmaticDeactivateAfterSearchButtonSkipsResign", setup: Given.searched("abc"),
      .activeSetByCode(false),
      [
        .willDismiss(at(.inactive, "abc", .notFR, .results)),
        .update(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "programmaticTextSendsUpdateButNoTextDidChange", setup: Given.typed("ab"), .textSetByCode("xyz"),
      [.update(at(.active, "xyz", .fr, .results))],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"
      }),
    LifecycleCase(
      "programmaticTextWhileInactiveStillUpdates", setup: [], .textSetByCode("xyz"),
      [.update(at(.inactive, "xyz", .notFR, .main))],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"
      }),
  ]

  @Test(arguments: inline) func inlineResultsWithActiveRule(_ c: LifecycleCase) { c.run() }

  // MARK: Inline results, data-source rule `text` (an empty search shows everything)

  static let textRule: [LifecycleCase] = [
    LifecycleCase(
      "beginEditingWithTextRuleKeepsFullList", .controllerTextRule, setup: [], .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "", .notFR, .main)),
        .textDidBeginEditing(at(.inactive, "", .fr, .main)),
        .willPresent(at(.inactive, "", .fr, .main)),
        .update(at(.active, "", .fr, .main)),
        .didPresent(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.isActive = true; $0.isFirstResponder = true
      }),
    LifecycleCase(
      "firstCharacterWithTextRuleFiltersAtTheUpdate", .controllerTextRule, setup: Given.tappedIn,
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.active, "", .fr, .main)),
        .textDidChange("a", at(.active, "a", .fr, .main)),
        .update(at(.active, "a", .fr, .results)),
      ],
      state: {
        $0.text = "a"; $0.appliedText = "a"; $0.shown = .results
      }),
    LifecycleCase(
      "backspaceToEmptyWithTextRuleShowsFullListAtTheUpdate", .controllerTextRule, setup: Given.typed("a"),
      .backspace(from: "a"),
      [
        .shouldChangeText(0, 1, "", at(.active, "a", .fr, .results)),
        .textDidChange("", at(.active, "", .fr, .results)),
        .update(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "clearWithTextRuleShowsFullListAtTheUpdate", .controllerTextRule, setup: Given.typed("abc"),
      .clearButtonTapped,
      [
        .textDidChange("", at(.active, "", .fr, .results)),
        .update(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "cancelWithTextRuleShowsFullListFromTheUpdate", .controllerTextRule, setup: Given.typed("abc"),
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .fr, .results)),
        .willDismiss(at(.inactive, "abc", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "programmaticActivateWithTextRuleKeepsFullList", .controllerTextRule, setup: [], .activeSetByCode(true),
      [
        .willPresent(at(.inactive, "", .notFR, .main)),
        .update(at(.active, "", .notFR, .main)),
        .didPresent(at(.active, "", .notFR, .main)),
      ],
      state: { $0.isActive = true }),
    LifecycleCase(
      "programmaticTextWithTextRuleFiltersWhileActive", .controllerTextRule, setup: Given.tappedIn,
      .textSetByCode("xyz"),
      [.update(at(.active, "xyz", .fr, .results))],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"; $0.shown = .results
      }),
    // Model choice in the reducer (the spec's rule predates scopes): a chosen scope filters even
    // with empty text.
    LifecycleCase(
      "scopeWithTextRuleFiltersEvenWithEmptyText", .controllerTextRule, setup: Given.tappedIn,
      .scopeButtonTapped(1),
      [
        .scopeDidChange(1, at(.active, "", .fr, .main)),
        .update(at(.active, "", .fr, .results)),
      ],
      state: {
        $0.scopeIndex = 1; $0.appliedScope = 1; $0.shown = .results
      }),
  ]

  @Test(arguments: textRule) func inlineResultsWithTextRule(_ c: LifecycleCase) { c.run() }
}
