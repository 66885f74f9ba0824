import Foundation
import Synchronization

/// The index cache's writes, each on a thread of its own after a load, so the load returns as
/// soon as the dataset can be searched; one at a time, and waited for before the process ends.
///
/// A write that fails leaves a one-line note, which the session prints before its next command
/// (or the executable at the end).
public final class IndexCacheWrites: Sendable {
  /// The process's writes (the executable waits for them before it exits).
  public static let shared = IndexCacheWrites()

  /// What is running and what failed, under one lock.
  private struct State {
    var running: DispatchGroup?
    var flag: CancelFlag?
    var notes: [String] = []
    var completed = 0
  }

  private let state = Mutex(State())

  /// Starts `write` on a background thread, after stopping one still running.
  ///
  /// The stopped write's file is left out (a later load writes it). `write` returns a note when
  /// it fails; it is given the question "was I cancelled?" to ask between pieces.
  package func start(_ write: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> String?)
  {
    cancelRunning()
    let group = DispatchGroup()
    let flag = CancelFlag()
    state.withLock { state in
      state.running = group
      state.flag = flag
    }
    group.enter()
    Thread.detachNewThread { [self] in
      let note = write { flag.isSet }
      state.withLock { state in
        if let note { state.notes.append(note) }
        state.completed += 1
      }
      group.leave()
    }
  }

  /// Stops the write running now, if any, and waits for it to end.
  func cancelRunning() {
    state.withLock { $0.flag }?.set()
    waitForAll()
  }

  /// Waits for the write running now, if any, to end.
  func waitForAll() {
    state.withLock { $0.running }?.wait()
  }

  /// Waits for every write, then returns the notes not yet printed (the executable's last call).
  public func finish() -> [String] {
    waitForAll()
    return takeNotes()
  }

  /// Keeps `note` (a write that could not start) for the session to print.
  package func note(_ note: String) {
    state.withLock { $0.notes.append(note) }
  }

  /// The notes of failed writes since the last call.
  package func takeNotes() -> [String] {
    state.withLock { state in
      defer { state.notes = [] }
      return state.notes
    }
  }

  /// How many writes have ended (tests).
  var completed: Int { state.withLock { $0.completed } }
}

/// A flag set once from one thread and read from another.
final class CancelFlag: Sendable {
  private let value = Atomic<Bool>(false)
  /// Whether it is set.
  var isSet: Bool { value.load(ordering: .acquiring) }
  /// Sets it.
  func set() { value.store(true, ordering: .releasing) }
}
