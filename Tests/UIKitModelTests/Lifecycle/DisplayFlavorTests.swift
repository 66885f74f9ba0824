import Testing

@testable import UIKitModel

/// The spec's `display` flavor (UISearchDisplayController), case by case.
///
/// isActive flips at the start of
/// setActive (true at WillBeginSearch, false at WillEndSearch); `shown` is `results` exactly while
/// active with non-empty text.
@Suite("display flavor")
struct LifecycleDisplayFlavorTests {
  static let cases: [LifecycleCase] = [
    LifecycleCase(
      "displayBeginEditingBeginsSearch", .display, setup: [], .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "", .notFR, .main)),
        .textDidBeginEditing(at(.inactive, "", .fr, .main)),
        .willBeginSearch(at(.active, "", .fr, .main)),
        .didBeginSearch(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.isActive = true; $0.isFirstResponder = true
      }),
    LifecycleCase(
      "displayTapWhileFirstResponderDoesNothing", .display, setup: Given.tappedIn, .editingBegan, []),
    LifecycleCase(
      "displayFirstCharacterLoadsResultsTableJustBeforeFirstWillShow", .display, setup: Given.tappedIn,
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.active, "", .fr, .main)),
        .textDidChange("a", at(.active, "a", .fr, .main)),
        .shouldReload("a", at(.active, "a", .fr, .main)),
        .didLoadResultsTable(at(.active, "a", .fr, .main)),
        .willShowResults(at(.active, "a", .fr, .main)),
        .didShowResults(at(.active, "a", .fr, .results)),
      ],
      state: {
        $0.text = "a"; $0.appliedText = "a"; $0.shown = .results; $0.resultsTableLoaded = true
      }),
    LifecycleCase(
      "displaySecondCharacterOnlyReloads", .display, setup: Given.typed("a"), .type("b", after: "a"),
      [
        .shouldChangeText(1, 0, "b", at(.active, "a", .fr, .results)),
        .textDidChange("ab", at(.active, "ab", .fr, .results)),
        .shouldReload("ab", at(.active, "ab", .fr, .results)),
      ],
      state: {
        $0.text = "ab"; $0.appliedText = "ab"
      }),
    LifecycleCase(
      "displayBackspaceToEmptyHidesResultsTable", .display, setup: Given.typed("a"), .backspace(from: "a"),
      [
        .shouldChangeText(0, 1, "", at(.active, "a", .fr, .results)),
        .textDidChange("", at(.active, "", .fr, .results)),
        .shouldReload("", at(.active, "", .fr, .results)),
        .willHideResults(at(.active, "", .fr, .results)),
        .didHideResults(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "displayShowAfterHideDoesNotLoadTableAgain", .display,
      setup: Given.typed("a") + [.backspace(from: "a")], .type("b", after: ""),
      [
        .shouldChangeText(0, 0, "b", at(.active, "", .fr, .main)),
        .textDidChange("b", at(.active, "b", .fr, .main)),
        .shouldReload("b", at(.active, "b", .fr, .main)),
        .willShowResults(at(.active, "b", .fr, .main)),
        .didShowResults(at(.active, "b", .fr, .results)),
      ],
      state: {
        $0.text = "b"; $0.appliedText = "b"; $0.shown = .results
      }),
    LifecycleCase(
      "displayPasteBetweenNonEmptyTextsHasNoShowOrHide", .display, setup: Given.typed("ab"),
      .paste("xyz", over: "ab"),
      [
        .shouldChangeText(0, 2, "xyz", at(.active, "ab", .fr, .results)),
        .textDidChange("xyz", at(.active, "xyz", .fr, .results)),
        .shouldReload("xyz", at(.active, "xyz", .fr, .results)),
      ],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"
      }),
    LifecycleCase(
      "displayClearSkipsShouldChangeTextAndHides", .display, setup: Given.typed("abc"), .clearButtonTapped,
      [
        .textDidChange("", at(.active, "", .fr, .results)),
        .shouldReload("", at(.active, "", .fr, .results)),
        .willHideResults(at(.active, "", .fr, .results)),
        .didHideResults(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "displayScopeChangeAsksShouldReloadForScope", .display, setup: Given.typed("a"), .scopeButtonTapped(1),
      [
        .scopeDidChange(1, at(.active, "a", .fr, .results)),
        .shouldReloadScope(1, at(.active, "a", .fr, .results)),
      ],
      state: {
        $0.scopeIndex = 1; $0.appliedScope = 1
      }),
    LifecycleCase(
      "displaySelectingSelectedScopeEmitsNothing", .display, setup: Given.typed("a"), .scopeButtonTapped(0),
      []),
    LifecycleCase(
      "displaySearchButtonResignsByItselfAndStaysActive", .display, setup: Given.typed("abc"),
      .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "abc", .fr, .results)),
        .shouldEndEditing(at(.active, "abc", .fr, .results)),
        .textDidEndEditing(at(.active, "abc", .notFR, .results)),
      ],
      state: { $0.isFirstResponder = false }),
    LifecycleCase(
      "displayCancelWithResultsShownEndsWithHidePair", .display, setup: Given.typed("abc"),
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .fr, .results)),
        .willEndSearch(at(.inactive, "abc", .fr, .results)),
        .shouldEndEditing(at(.inactive, "", .fr, .results)),
        .textDidEndEditing(at(.inactive, "", .notFR, .results)),
        .willHideResults(at(.inactive, "", .notFR, .results)),
        .didHideResults(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.isActive = false; $0.text = ""; $0.appliedText = ""; $0.isFirstResponder = false; $0.shown = .main
      }),
    LifecycleCase(
      "displayCancelWithEmptyTextHasNoHidePair", .display, setup: Given.tappedIn, .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "", .fr, .main)),
        .willEndSearch(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "displayCancelAfterSearchButtonSkipsResign", .display, setup: Given.searched("abc"),
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .notFR, .results)),
        .willEndSearch(at(.inactive, "abc", .notFR, .results)),
        .willHideResults(at(.inactive, "", .notFR, .results)),
        .didHideResults(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.isActive = false; $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "displayRowTapOnResultsTableSelectsRowOfThatTable", .display, setup: Given.typed("a"),
      .rowTapped(row: 2, item: 40),
      [.didSelectRow("searchResultsTableView", row: 2, at(.active, "a", .fr, .results))],
      state: { $0.selectedItem = 40 }),
    LifecycleCase(
      "displayRowTapWhileInactiveSelectsRowOfMainTable", .display, setup: [], .rowTapped(row: 6, item: 6),
      [.didSelectRow("tableView", row: 6, at(.inactive, "", .notFR, .main))],
      state: { $0.selectedItem = 6 }),
    LifecycleCase(
      "displayRowTapOnDimmedTableEndsSearchWithoutCancelOrSelection", .display, setup: Given.tappedIn,
      .rowTapped(row: 1, item: 1),
      [
        .willEndSearch(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "displayRowTapOnDimmedTableAfterSearchKeySkipsResign", .display,
      setup: Given.searched("a") + [.clearButtonTapped], .rowTapped(row: 0, item: 0),
      [
        .willEndSearch(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0 = SearchState(); $0.resultsTableLoaded = true
      }),
    LifecycleCase(
      "displaySetActiveTrueBeginsSearchWithoutBarCallbacks", .display, setup: [], .activeSetByCode(true),
      [
        .willBeginSearch(at(.active, "", .notFR, .main)),
        .didBeginSearch(at(.active, "", .notFR, .main)),
      ],
      state: { $0.isActive = true }),
    LifecycleCase(
      "displaySetActiveTrueWithTextShowsResultsAfterDidBegin", .display, setup: [.textSetByCode("ab")],
      .activeSetByCode(true),
      [
        .willBeginSearch(at(.active, "ab", .notFR, .main)),
        .didBeginSearch(at(.active, "ab", .notFR, .main)),
        .didLoadResultsTable(at(.active, "ab", .notFR, .main)),
        .willShowResults(at(.active, "ab", .notFR, .main)),
        .didShowResults(at(.active, "ab", .notFR, .results)),
      ],
      state: {
        $0.isActive = true; $0.shown = .results; $0.resultsTableLoaded = true
      }),
    LifecycleCase(
      "displaySetActiveFalseIsCancelWithoutTheButton", .display, setup: Given.typed("abc"),
      .activeSetByCode(false),
      [
        .willEndSearch(at(.inactive, "abc", .fr, .results)),
        .shouldEndEditing(at(.inactive, "", .fr, .results)),
        .textDidEndEditing(at(.inactive, "", .notFR, .results)),
        .willHideResults(at(.inactive, "", .notFR, .results)),
        .didHideResults(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.isActive = false; $0.text = ""; $0.appliedText = ""; $0.isFirstResponder = false; $0.shown = .main
      }),
    LifecycleCase(
      "displayProgrammaticTextAsksShouldReloadAndShowsResults", .display, setup: Given.tappedIn,
      .textSetByCode("xy"),
      [
        .shouldReload("xy", at(.active, "xy", .fr, .main)),
        .didLoadResultsTable(at(.active, "xy", .fr, .main)),
        .willShowResults(at(.active, "xy", .fr, .main)),
        .didShowResults(at(.active, "xy", .fr, .results)),
      ],
      state: {
        $0.text = "xy"; $0.appliedText = "xy"; $0.shown = .results; $0.resultsTableLoaded = true
      }),
    LifecycleCase(
      "displayProgrammaticEmptyTextHidesResults", .display, setup: Given.typed("a"), .textSetByCode(""),
      [
        .shouldReload("", at(.active, "", .fr, .results)),
        .willHideResults(at(.active, "", .fr, .results)),
        .didHideResults(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "displayProgrammaticTextWhileInactiveOnlyReloads", .display, setup: [], .textSetByCode("xy"),
      [.shouldReload("xy", at(.inactive, "xy", .notFR, .main))],
      state: {
        $0.text = "xy"; $0.appliedText = "xy"
      }),
    // Live search off: shouldReload returns false and the app keeps its filtered items.
    LifecycleCase(
      "displayLiveOffShouldReloadReturnsFalse", .make(.display, live: false), setup: Given.tappedIn,
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.active, "", .fr, .main)),
        .textDidChange("a", at(.active, "a", .fr, .main)),
        .shouldReload("a", returns: false, at(.active, "a", .fr, .main)),
        .didLoadResultsTable(at(.active, "a", .fr, .main)),
        .willShowResults(at(.active, "a", .fr, .main)),
        .didShowResults(at(.active, "a", .fr, .results)),
      ],
      state: {
        $0.text = "a"; $0.shown = .results; $0.resultsTableLoaded = true
      }),
    LifecycleCase(
      "displayLiveOffShouldReloadForScopeReturnsFalse", .make(.display, live: false), setup: Given.typed("a"),
      .scopeButtonTapped(2),
      [
        .scopeDidChange(2, at(.active, "a", .fr, .results)),
        .shouldReloadScope(2, returns: false, at(.active, "a", .fr, .results)),
      ],
      state: { $0.scopeIndex = 2 }),
    LifecycleCase(
      "displayLiveOffSearchButtonApplies", .make(.display, live: false),
      setup: Given.typed("ab") + [.scopeButtonTapped(1)], .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "ab", .fr, .results)),
        .shouldEndEditing(at(.active, "ab", .fr, .results)),
        .textDidEndEditing(at(.active, "ab", .notFR, .results)),
      ],
      state: {
        $0.isFirstResponder = false; $0.appliedText = "ab"; $0.appliedScope = 1
      }),
  ]

  @Test(arguments: cases) func displayOrder(_ c: LifecycleCase) { c.run() }

  /// didLoadSearchResultsTableView comes once per loaded dataset, just before the first willShow.
  @Test func didLoadResultsTableOncePerDatasetAgainAfterDatasetLoaded() {
    var store = LifecycleTestStore(.display)
    store.prime(Given.typed("a"))
    #expect(store.state.resultsTableLoaded)
    store.send(
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "a", .fr, .results)),
        .willEndSearch(at(.inactive, "a", .fr, .results)),
        .shouldEndEditing(at(.inactive, "", .fr, .results)),
        .textDidEndEditing(at(.inactive, "", .notFR, .results)),
        .willHideResults(at(.inactive, "", .notFR, .results)),
        .didHideResults(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ]
    ) {
      $0.isActive = false; $0.text = ""; $0.appliedText = ""; $0.isFirstResponder = false; $0.shown = .main
    }
    // Same dataset: the next show has no didLoad.
    store.prime(Given.tappedIn)
    store.send(
      .type("b", after: ""),
      [
        .shouldChangeText(0, 0, "b", at(.active, "", .fr, .main)),
        .textDidChange("b", at(.active, "b", .fr, .main)),
        .shouldReload("b", at(.active, "b", .fr, .main)),
        .willShowResults(at(.active, "b", .fr, .main)),
        .didShowResults(at(.active, "b", .fr, .results)),
      ]
    ) {
      $0.text = "b"; $0.appliedText = "b"; $0.shown = .results
    }
    // A new dataset starts the screen over, silently, and the table is loaded again.
    store.send(.datasetLoaded, []) { $0 = SearchState() }
    store.send(
      .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "", .notFR, .main)),
        .textDidBeginEditing(at(.inactive, "", .fr, .main)),
        .willBeginSearch(at(.active, "", .fr, .main)),
        .didBeginSearch(at(.active, "", .fr, .main)),
      ]
    ) {
      $0.isActive = true; $0.isFirstResponder = true
    }
    store.send(
      .type("c", after: ""),
      [
        .shouldChangeText(0, 0, "c", at(.active, "", .fr, .main)),
        .textDidChange("c", at(.active, "c", .fr, .main)),
        .shouldReload("c", at(.active, "c", .fr, .main)),
        .didLoadResultsTable(at(.active, "c", .fr, .main)),
        .willShowResults(at(.active, "c", .fr, .main)),
        .didShowResults(at(.active, "c", .fr, .results)),
      ]
    ) {
      $0.text = "c"; $0.appliedText = "c"; $0.shown = .results; $0.resultsTableLoaded = true
    }
  }
}
