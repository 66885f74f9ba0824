import Synchronization
import Tables

/// One search's watch over ICU while it judges rows: Ctrl-C, and a step budget, stop a match in
/// the middle of a row.
///
/// ICU backtracks: a repeated group that can match the same text in many ways (`(a|b?)*?1\d`,
/// `(\w+\s?)*:`) takes exponential time on a short row that does not match, inside one call no
/// check between rows can interrupt. Matched with a watch, such a pattern reports ICU's progress
/// (about every 10,000 steps, and at each start position) and the match stops when the search
/// is cancelled or the row has used `progressBudget` reports past its length (or when ICU's
/// backtracking stack overflows, which it reports as no match): the search then fails with one line (grep -P's "exceeded PCRE's backtracking limit"), never a wrong answer.
package final class RegexWatch: Sendable {
  /// Progress reports a row may use past one per start position: ICU reports every 10,000
  /// steps (its `TIMER_INITIAL_VALUE`), so about 10 million steps, under a second here.
  package static let progressBudget = 1_000

  /// Ctrl-C or a newer keystroke.
  let cancellation: SearchCancellation?
  /// 0 running, 1 cancelled, 2 over the budget.
  private let state = Atomic<UInt8>(0)

  package init(cancellation: SearchCancellation?) { self.cancellation = cancellation }

  /// Whether the search should stop: cancelled, or a row went over the budget.
  var isStopped: Bool { state.load(ordering: .relaxed) != 0 }

  /// Whether a row went over the budget (the search's answer would be incomplete).
  package var exceeded: Bool { state.load(ordering: .relaxed) == 2 }

  /// Records that ICU failed inside a row (its backtracking stack overflowed): like the budget,
  /// the row has no answer.
  func gaveUp() { state.store(2, ordering: .relaxed) }

  /// Whether ICU, `reports` progress reports into a row of `length` UTF-16 units, must stop:
  /// records why.
  func shouldStop(reports: Int, length: Int) -> Bool {
    if isStopped { return true }
    if cancellation?.isCancelled == true {
      state.store(1, ordering: .relaxed)
      return true
    }
    if reports > length &+ 1 &+ Self.progressBudget {
      state.store(2, ordering: .relaxed)
      return true
    }
    return false
  }
}
