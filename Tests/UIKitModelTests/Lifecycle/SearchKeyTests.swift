import Testing

@testable import UIKitModel

/// spec/lifecycle.md, "Search button": UIKit's Search key does nothing after
/// `searchBarSearchButtonClicked(_:)`; the keyboard goes only when the app's method resigns, or
/// when a UISearchDisplayController (which resigns by itself) or the custom controller runs it.
@Suite("the Search key")
struct SearchKeyTests {
  static let keepsKeyboard = AppCode(resignsOnSearchButton: false)

  static let cases: [LifecycleCase] = [
    LifecycleCase(
      "controllerAppThatResignsEndsEditingInsideTheClick", setup: Given.typed("abc"), .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "abc", .fr, .results)),
        .shouldEndEditing(at(.active, "abc", .fr, .results)),
        .textDidEndEditing(at(.active, "abc", .notFR, .results)),
      ],
      state: { $0.isFirstResponder = false }),
    LifecycleCase(
      "controllerAppThatDoesNotResignKeepsTheKeyboardAndGetsNothingElse", code: keepsKeyboard,
      setup: Given.typed("abc"), .searchButtonTapped,
      [.searchButtonClicked(at(.active, "abc", .fr, .results))]),
    LifecycleCase(
      "separateResultsAppThatDoesNotResignKeepsTheKeyboard", .controllerSeparate, code: keepsKeyboard,
      setup: Given.typed("abc"), .searchButtonTapped,
      [.searchButtonClicked(at(.active, "abc", .fr, .results))]),
    LifecycleCase(
      "textRuleAppThatDoesNotResignKeepsTheKeyboard", .controllerTextRule, code: keepsKeyboard,
      setup: Given.typed("ab"), .searchButtonTapped,
      [.searchButtonClicked(at(.active, "ab", .fr, .results))]),
    LifecycleCase(
      "displayControllerResignsByItselfWhateverTheAppDoes", .display, code: keepsKeyboard,
      setup: Given.typed("abc"), .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "abc", .fr, .results)),
        .shouldEndEditing(at(.active, "abc", .fr, .results)),
        .textDidEndEditing(at(.active, "abc", .notFR, .results)),
      ],
      state: { $0.isFirstResponder = false }),
    LifecycleCase(
      "keyboardKeptSoCancelStillEndsEditing", code: keepsKeyboard,
      setup: Given.searched("ab"), .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "ab", .fr, .results)),
        .willDismiss(at(.inactive, "ab", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
  ]

  @Test(arguments: cases)
  func searchKey(_ example: LifecycleCase) { example.run() }
}
