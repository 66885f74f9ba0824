import Testing

@testable import UIKitModel

/// spec/lifecycle.md, "`controller` flavor: the orders", with a separate results controller.
@Suite("controller flavor, separate results")
struct LifecycleControllerSeparateTests {
  // MARK: Separate results controller (visible only while active with non-empty text)

  static let separate: [LifecycleCase] = [
    LifecycleCase(
      "beginEditingWithSeparateResultsKeepsThemHidden", .controllerSeparate, setup: [], .editingBegan,
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
      "firstCharacterShowsSeparateResultsBeforeTheUpdate", .controllerSeparate, setup: Given.tappedIn,
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.active, "", .fr, .main)),
        .textDidChange("a", at(.active, "a", .fr, .results)),
        .update(at(.active, "a", .fr, .results)),
      ],
      state: {
        $0.text = "a"; $0.appliedText = "a"; $0.shown = .results
      }),
    LifecycleCase(
      "backspaceToEmptyHidesSeparateResults", .controllerSeparate, setup: Given.typed("a"),
      .backspace(from: "a"),
      [
        .shouldChangeText(0, 1, "", at(.active, "a", .fr, .results)),
        .textDidChange("", at(.active, "", .fr, .main)),
        .update(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "clearHidesSeparateResults", .controllerSeparate, setup: Given.typed("abc"), .clearButtonTapped,
      [
        .textDidChange("", at(.active, "", .fr, .main)),
        .update(at(.active, "", .fr, .main)),
      ],
      state: {
        $0.text = ""; $0.appliedText = ""; $0.shown = .main
      }),
    LifecycleCase(
      "scopeChangeKeepsSeparateResultsShown", .controllerSeparate, setup: Given.typed("abc"),
      .scopeButtonTapped(1),
      [
        .scopeDidChange(1, at(.active, "abc", .fr, .results)),
        .update(at(.active, "abc", .fr, .results)),
      ],
      state: {
        $0.scopeIndex = 1; $0.appliedScope = 1
      }),
    LifecycleCase(
      "searchButtonKeepsSeparateResultsShown", .controllerSeparate, setup: Given.typed("abc"),
      .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "abc", .fr, .results)),
        .shouldEndEditing(at(.active, "abc", .fr, .results)),
        .textDidEndEditing(at(.active, "abc", .notFR, .results)),
      ],
      state: { $0.isFirstResponder = false }),
    LifecycleCase(
      "cancelKeepsSeparateResultsUntilDidDismiss", .controllerSeparate, setup: Given.typed("abc"),
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .fr, .results)),
        .willDismiss(at(.inactive, "abc", .fr, .results)),
        .update(at(.inactive, "", .fr, .results)),
        .shouldEndEditing(at(.inactive, "", .fr, .results)),
        .textDidEndEditing(at(.inactive, "", .notFR, .results)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "cancelAfterSearchButtonWithSeparateResultsSkipsResign", .controllerSeparate,
      setup: Given.searched("abc"),
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "abc", .notFR, .results)),
        .willDismiss(at(.inactive, "abc", .notFR, .results)),
        .update(at(.inactive, "", .notFR, .results)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
    LifecycleCase(
      "rowTapOnSeparateResultsSelectsRowOfResultsTable", .controllerSeparate, setup: Given.typed("a"),
      .rowTapped(row: 0, item: 12),
      [.didSelectRow("resultsController.tableView", row: 0, at(.active, "a", .fr, .results))],
      state: { $0.selectedItem = 12 }),
    LifecycleCase(
      "rowTapWithHiddenSeparateResultsSelectsRowOfMainTable", .controllerSeparate, setup: Given.tappedIn,
      .rowTapped(row: 4, item: 4),
      [.didSelectRow("tableView", row: 4, at(.active, "", .fr, .main))],
      state: { $0.selectedItem = 4 }),
    LifecycleCase(
      "programmaticTextShowsSeparateResultsWhileActive", .controllerSeparate, setup: Given.tappedIn,
      .textSetByCode("xyz"),
      [.update(at(.active, "xyz", .fr, .results))],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"; $0.shown = .results
      }),
    LifecycleCase(
      "programmaticTextWhileInactiveKeepsSeparateResultsHidden", .controllerSeparate, setup: [],
      .textSetByCode("xyz"),
      [.update(at(.inactive, "xyz", .notFR, .main))],
      state: {
        $0.text = "xyz"; $0.appliedText = "xyz"
      }),
    LifecycleCase(
      "programmaticActivateWithTextShowsSeparateResultsAtTheUpdate", .controllerSeparate,
      setup: [.textSetByCode("xyz")], .activeSetByCode(true),
      [
        .willPresent(at(.inactive, "xyz", .notFR, .main)),
        .update(at(.active, "xyz", .notFR, .results)),
        .didPresent(at(.active, "xyz", .notFR, .results)),
      ],
      state: {
        $0.isActive = true; $0.shown = .results
      }),
    LifecycleCase(
      "programmaticDeactivateKeepsSeparateResultsUntilDidDismiss", .controllerSeparate,
      setup: Given.typed("abc"),
      .activeSetByCode(false),
      [
        .willDismiss(at(.inactive, "abc", .fr, .results)),
        .update(at(.inactive, "", .fr, .results)),
        .shouldEndEditing(at(.inactive, "", .fr, .results)),
        .textDidEndEditing(at(.inactive, "", .notFR, .results)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
  ]

  @Test(arguments: separate) func separateResultsController(_ c: LifecycleCase) { c.run() }
}
