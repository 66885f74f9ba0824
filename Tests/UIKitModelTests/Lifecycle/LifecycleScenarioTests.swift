import Testing

@testable import UIKitModel

/// Multi-step scenarios, every step asserted exhaustively.
@Suite("lifecycle scenarios")
struct LifecycleScenarioTests {
  @Test func typingAbcIsTheTripleThreeTimes() {
    var store = LifecycleTestStore(.controllerSeparate)
    store.prime(Given.tappedIn)
    store.send(
      .type("a", after: ""),
      [
        .shouldChangeText(0, 0, "a", at(.active, "", .fr, .main)),
        .textDidChange("a", at(.active, "a", .fr, .results)),
        .update(at(.active, "a", .fr, .results)),
      ]
    ) {
      $0.text = "a"; $0.appliedText = "a"; $0.shown = .results
    }
    store.send(
      .type("b", after: "a"),
      [
        .shouldChangeText(1, 0, "b", at(.active, "a", .fr, .results)),
        .textDidChange("ab", at(.active, "ab", .fr, .results)),
        .update(at(.active, "ab", .fr, .results)),
      ]
    ) {
      $0.text = "ab"; $0.appliedText = "ab"
    }
    store.send(
      .type("c", after: "ab"),
      [
        .shouldChangeText(2, 0, "c", at(.active, "ab", .fr, .results)),
        .textDidChange("abc", at(.active, "abc", .fr, .results)),
        .update(at(.active, "abc", .fr, .results)),
      ]
    ) {
      $0.text = "abc"; $0.appliedText = "abc"
    }
  }

  @Test func backspacingAbcToEmptyKeepsActiveThroughout() {
    var store = LifecycleTestStore()
    store.prime(Given.typed("abc"))
    for (text, remaining) in [("abc", "ab"), ("ab", "a"), ("a", "")] {
      store.send(
        .backspace(from: text),
        [
          .shouldChangeText(text.count - 1, 1, "", at(.active, text, .fr, .results)),
          .textDidChange(remaining, at(.active, remaining, .fr, .results)),
          .update(at(.active, remaining, .fr, .results)),
        ]
      ) {
        $0.text = remaining; $0.appliedText = remaining
      }
    }
    #expect(store.state.isActive)
  }

  /// The shell's `scope` while inactive taps into the bar first (spec: model choice); the reducer
  /// gets the two actions in that order.
  @Test func scopeCommandWhileInactiveBeginsEditingThenChangesScope() {
    var store = LifecycleTestStore()
    store.send(
      .editingBegan,
      [
        .shouldBeginEditing(at(.inactive, "", .notFR, .main)),
        .textDidBeginEditing(at(.inactive, "", .fr, .main)),
        .willPresent(at(.inactive, "", .fr, .main)),
        .update(at(.active, "", .fr, .results)),
        .didPresent(at(.active, "", .fr, .results)),
      ]
    ) {
      $0.isActive = true; $0.isFirstResponder = true; $0.shown = .results
    }
    store.send(
      .scopeButtonTapped(1),
      [
        .scopeDidChange(1, at(.active, "", .fr, .results)),
        .update(at(.active, "", .fr, .results)),
      ]
    ) {
      $0.scopeIndex = 1; $0.appliedScope = 1
    }
  }

  @Test func searchThenRetapThenCancelRestoresAndResignsOnce() {
    var store = LifecycleTestStore()
    store.prime(Given.typed("ab"))
    store.send(
      .searchButtonTapped,
      [
        .searchButtonClicked(at(.active, "ab", .fr, .results)),
        .shouldEndEditing(at(.active, "ab", .fr, .results)),
        .textDidEndEditing(at(.active, "ab", .notFR, .results)),
      ]
    ) { $0.isFirstResponder = false }
    store.send(
      .editingBegan,
      [
        .shouldBeginEditing(at(.active, "ab", .notFR, .results)),
        .textDidBeginEditing(at(.active, "ab", .fr, .results)),
        .update(at(.active, "ab", .fr, .results)),
      ]
    ) { $0.isFirstResponder = true }
    store.send(
      .cancelButtonTapped,
      [
        .cancelButtonClicked(at(.active, "ab", .fr, .results)),
        .willDismiss(at(.inactive, "ab", .fr, .results)),
        .update(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didDismiss(at(.inactive, "", .notFR, .main)),
      ]
    ) { $0 = SearchState() }
  }

  @Test func selectedRowIsKeptAcrossCancelAndOpensDetail() {
    var store = LifecycleTestStore()
    store.prime(Given.typed("a"))
    store.send(
      .rowTapped(row: 0, item: 11), [.didSelectRow("tableView", row: 0, at(.active, "a", .fr, .results))]
    ) {
      $0.selectedItem = 11
    }
    store.send(.detailOpened, []) { $0.isDetailOpen = true }
    store.send(.detailClosed, []) { $0.isDetailOpen = false }
  }

  @Test func detailDoesNotOpenWithoutASelection() {
    var store = LifecycleTestStore()
    store.send(.detailOpened, [])
  }

  @Test func datasetLoadedStartsTheScreenOverSilently() {
    var store = LifecycleTestStore(.controllerSeparate)
    store.prime(Given.typed("ab") + [.scopeButtonTapped(1), .rowTapped(row: 0, item: 2)])
    store.send(.datasetLoaded, []) { $0 = SearchState() }
  }

  @Test func failureMessageIsAReadableDumpDiff() {
    let diff = dumpDiff(
      [Callback.update(at(.active, "a", .fr, .main))], [Callback.update(at(.active, "b", .fr, .main))])
    #expect(diff.hasPrefix("(Expected: −, Actual: +)"))
    #expect(diff.contains("−") && diff.contains("+"))
    #expect(diff.split(separator: "\n").contains { $0.hasPrefix("−") && $0.contains("\"a\"") })
    #expect(diff.split(separator: "\n").contains { $0.hasPrefix("+") && $0.contains("\"b\"") })
  }
}
