import Testing

@testable import UIKitModel

/// spec/lifecycle.md, "`custom` flavor": the bar's delegate forwards to CustomSearchControllerDelegate;
/// no present/dismiss/update; the controller is never presented, so isActive stays false.
@Suite("custom flavor")
struct LifecycleCustomFlavorTests {
  static let cases: [LifecycleCase] = [
    LifecycleCase(
      "customBeginEditingForwardsDidStartSearchingWhichShowsResults", .custom, setup: [], .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "", .notFR, .main)),
        .textDidBeginEditing(at(.inactive, "", .fr, .main)),
        .didStartSearching(at(.inactive, "", .fr, .results)),
      ],
      state: {
        $0.isFirstResponder = true; $0.shown = .results
      }),
    LifecycleCase(
      "customTapWhileFirstResponderDoesNothing", .custom, setup: Given.tappedIn, .editingBegan, []),
    LifecycleCase(
      "customRetapAfterSearchButtonStartsSearchingAgain", .custom, setup: Given.searched("ab"), .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "ab", .notFR, .results)),
        .textDidBeginEditing(at(.inactive, "ab", .fr, .results)),
        .didStartSearching(at(.inactive, "ab", .fr, .results)),
      ],
      state: { $0.isFirstResponder = true }),
    LifecycleCase(
      "customTypingForwardsDidChangeSearchText", .custom, setup: Given.tappedIn, .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.inactive, "", .fr, .results)),
        .textDidChange("a", at(.inactive, "a", .fr, .results)),
        .didChangeSearchText("a", at(.inactive, "a", .fr, .results)),
      ],
      state: {
        $0.text = "a"; $0.appliedText = "a"
      }),
    LifecycleCase(
      "customBackspaceForwardsDidChangeSearchText", .custom, setup: Given.typed("ab"), .backspace(from: "ab"),
      [
        .shouldChangeText(1, 1, "", at(.inactive, "ab", .fr, .results)),
        .textDidChange("a", at(.inactive, "a", .fr, .results)),
        .didChangeSearchText("a", at(.inactive, "a", .fr, .results)),
      ],
      state: {
        $0.text = "a"; $0.appliedText = "a"
      }),
    LifecycleCase(
      "customPasteIsOneTripleForwarded", .custom, setup: Given.typed("ab"), .paste("q", over: "ab"),
      [
        .shouldChangeText(0, 2, "q", at(.inactive, "ab", .fr, .results)),
        .textDidChange("q", at(.inactive, "q", .fr, .results)),
        .didChangeSearchText("q", at(.inactive, "q", .fr, .results)),
      ],
      state: {
        $0.text = "q"; $0.appliedText = "q"
      }),
    LifecycleCase(
      "customClearSkipsShouldChangeTextAndForwards", .custom, setup: Given.typed("abc"), .clearButtonTapped,
      [
        .textDidChange("", at(.inactive, "", .fr, .results)),
        .didChangeSearchText("", at(.inactive, "", .fr, .results)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""
      }),
    LifecycleCase(
      "customScopeChangeIsNotForwarded", .custom, setup: Given.typed("a"), .scopeButtonTapped(1),
      [.scopeDidChange(1, at(.inactive, "a", .fr, .results))],
      state: { $0.scopeIndex = 1 }),
    LifecycleCase(
      "customSearchButtonResignsThenForwards", .custom, setup: Given.typed("abc"), .searchButtonTapped,
      [
        .searchButtonClicked(at(.inactive, "abc", .fr, .results)),
        .shouldEndEditing(at(.inactive, "abc", .fr, .results)),
        .textDidEndEditing(at(.inactive, "abc", .notFR, .results)),
        .didTapOnSearchButton(at(.inactive, "abc", .notFR, .results)),
      ],
      state: { $0.isFirstResponder = false }),
    LifecycleCase(
      "customSearchButtonIsDisabledWhileTextIsEmpty", .custom, setup: Given.tappedIn, .searchButtonTapped, []),
    LifecycleCase(
      "customCancelResignsThenForwardsAndKeepsText", .custom, setup: Given.typed("abc"), .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.inactive, "abc", .fr, .results)),
        .shouldEndEditing(at(.inactive, "abc", .fr, .results)),
        .textDidEndEditing(at(.inactive, "abc", .notFR, .results)),
        .didTapOnCancelButton(at(.inactive, "abc", .notFR, .main)),
      ],
      state: {
        $0.isFirstResponder = false; $0.shown = .main
      }),
    LifecycleCase(
      "customCancelAfterSearchButtonSkipsResign", .custom, setup: Given.searched("abc"), .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.inactive, "abc", .notFR, .results)),
        .didTapOnCancelButton(at(.inactive, "abc", .notFR, .main)),
      ],
      state: { $0.shown = .main }),
    LifecycleCase(
      "customRowTapSelectsRowOfTheOneTable", .custom, setup: Given.typed("a"), .rowTapped(row: 0, item: 3),
      [.didSelectRow("tableView", row: 0, at(.inactive, "a", .fr, .results))],
      state: { $0.selectedItem = 3 }),
    LifecycleCase(
      "customIgnoresObscuresRowTapSelects", .make(.custom, obscures: true), setup: Given.tappedIn,
      .rowTapped(row: 0, item: 0),
      [.didSelectRow("tableView", row: 0, at(.inactive, "", .fr, .results))],
      state: { $0.selectedItem = 0 }),
    LifecycleCase("customProgrammaticActivateIsSilent", .custom, setup: [], .activeSetByCode(true), []),
    LifecycleCase(
      "customProgrammaticDeactivateIsSilent", .custom, setup: Given.typed("a"), .activeSetByCode(false), []),
    LifecycleCase(
      "customProgrammaticTextHasNoUpdater", .custom, setup: Given.typed("a"), .textSetByCode("xyz"), [],
      state: { $0.text = "xyz" }),
    LifecycleCase(
      "customLiveOffTypingKeepsAppliedText", .make(.custom, live: false), setup: Given.tappedIn,
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.inactive, "", .fr, .results)),
        .textDidChange("a", at(.inactive, "a", .fr, .results)),
        .didChangeSearchText("a", at(.inactive, "a", .fr, .results)),
      ],
      state: { $0.text = "a" }),
    LifecycleCase(
      "customLiveOffSearchButtonApplies", .make(.custom, live: false), setup: Given.typed("ab"),
      .searchButtonTapped,
      [
        .searchButtonClicked(at(.inactive, "ab", .fr, .results)),
        .shouldEndEditing(at(.inactive, "ab", .fr, .results)),
        .textDidEndEditing(at(.inactive, "ab", .notFR, .results)),
        .didTapOnSearchButton(at(.inactive, "ab", .notFR, .results)),
      ],
      state: {
        $0.isFirstResponder = false; $0.appliedText = "ab"
      }),
  ]

  @Test(arguments: cases) func customOrder(_ c: LifecycleCase) { c.run() }

  /// "didTapOnSearchButton shows results if they were not shown": reachable when the keyboard is
  /// up over the full list (here, a state built directly: the shell focuses before `search`).
  @Test func customSearchButtonShowsResultsIfTheyWereNotShown() {
    var start = SearchState()
    start.text = "ab"
    start.appliedText = "ab"
    start.isFirstResponder = true
    var store = LifecycleTestStore(.custom, state: start)
    store.send(
      .searchButtonTapped,
      [
        .searchButtonClicked(at(.inactive, "ab", .fr, .main)),
        .shouldEndEditing(at(.inactive, "ab", .fr, .main)),
        .textDidEndEditing(at(.inactive, "ab", .notFR, .main)),
        .didTapOnSearchButton(at(.inactive, "ab", .notFR, .results)),
      ]
    ) {
      $0.isFirstResponder = false; $0.shown = .results
    }
  }
}
