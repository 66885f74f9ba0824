import Foundation
import Tables

/// The check of a persisted index's own sections (their keyed checksums, then the index's
/// invariants), run on a background thread from the open, so the open waits only for the
/// dataset's sections (issue 37: "verified at open or on first use of a section").
///
/// Nothing reads the index before `wait` says it is sound: the backend asks before its first
/// search (`InMemoryBackend`), and builds the index again from the verified dataset when it is
/// damaged.
package final class IndexCacheCheck: @unchecked Sendable {
  /// What the check found.
  package enum Outcome: Equatable {
    /// Every index section matched its checksum and the index its invariants.
    case sound
    /// Why the index cannot be used.
    case damaged(String)
  }

  /// The entry checked, for the line that says it is damaged.
  let entryPath: String
  /// What to do with an index built again after damage: write it in the entry's place.
  private let onRebuilt: (FoldedIndex) -> Void
  /// What the check's thread shares with the waiters.
  private let shared = Shared()
  /// Set when nothing can wait for the check any more (its backend is gone): it stops early.
  private let abandoned = CancelFlag()

  /// The outcome and whether the index was built again, under one lock.
  private final class Shared: @unchecked Sendable {
    let condition = NSCondition()
    /// Guarded by `condition`: nil while the check runs.
    var outcome: Outcome?
    /// Guarded by `condition`: whether the damage was found and the index built again.
    var rebuilt = false
    /// Guarded by `condition`: the line saying so, until the session prints it.
    var note: String?
  }

  /// Starts `work` (which returns why the index is damaged, or nil, and may stop early when
  /// its argument turns true) on a thread of its own, or runs it now when no thread's stack
  /// fits under an address-space limit.
  package init(
    entryPath: String, onRebuilt: @escaping (FoldedIndex) -> Void,
    work: @escaping @Sendable (_ isAbandoned: @Sendable () -> Bool) -> String?
  ) {
    self.entryPath = entryPath
    self.onRebuilt = onRebuilt
    let (shared, abandoned) = (shared, abandoned)
    guard ThreadRoom.hasRoom(threads: 1) else {
      shared.outcome = work { false }.map(Outcome.damaged) ?? .sound
      return
    }
    Thread.detachNewThread {
      let found = work { abandoned.isSet }.map(Outcome.damaged) ?? .sound
      shared.condition.lock()
      shared.outcome = found
      shared.condition.broadcast()
      shared.condition.unlock()
    }
  }

  deinit { abandoned.set() }

  /// The outcome, once the check ends; nil when `isCancelled` turns true first (it is asked
  /// every 20 ms, well within Ctrl-C's 200 ms).
  package func wait(isCancelled: () -> Bool) -> Outcome? {
    shared.condition.lock()
    defer { shared.condition.unlock() }
    while shared.outcome == nil {
      if isCancelled() { return nil }
      _ = shared.condition.wait(until: Date(timeIntervalSinceNow: 0.02))
    }
    return shared.outcome
  }

  /// Whether the index was found damaged and built again (`status` then says `built`).
  package var wasRebuilt: Bool {
    shared.condition.lock()
    defer { shared.condition.unlock() }
    return shared.rebuilt
  }

  /// Records that `index` replaced the damaged one: one warning line (`takeNote`), and the
  /// entry written again in the background.
  package func replaced(by index: FoldedIndex, reason: String) {
    shared.condition.lock()
    shared.rebuilt = true
    shared.note = "the index cache entry '\(entryPath)' is damaged (\(reason)); the index is built again"
    shared.condition.unlock()
    onRebuilt(index)
  }

  /// The line saying the index was damaged and built again, once: the session that searched
  /// it prints it (the check is that session's alone; notes of the process are shared).
  package func takeNote() -> String? {
    shared.condition.lock()
    defer { shared.condition.unlock() }
    defer { shared.note = nil }
    return shared.note
  }
}
