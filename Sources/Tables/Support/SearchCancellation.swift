import Foundation

/// Lets long work stop early: a newer keystroke abandoning a search, or Ctrl-C.
///
/// Call `cancel()` from any thread; long work checks `isCancelled` at chunk boundaries (about
/// every 64K rows in a search, every row or line in the session's long commands). One made with
/// `following:` is also cancelled while an outside flag is raised: the executable's SIGINT
/// handler, which may only store to a `sig_atomic_t`, so the flag is polled rather than pushed.
public final class SearchCancellation: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false
  private let isRaised: @Sendable () -> Bool
  private let lower: @Sendable () -> Void

  /// A cancellation only `cancel()` sets.
  public init() {
    isRaised = { false }
    lower = {}
  }

  /// A cancellation that also follows an outside flag: `isRaised` reads it, `lower` clears it.
  public init(following isRaised: @escaping @Sendable () -> Bool, lower: @escaping @Sendable () -> Void) {
    self.isRaised = isRaised
    self.lower = lower
  }

  /// Asks the work to stop.
  public func cancel() {
    lock.lock()
    cancelled = true
    lock.unlock()
  }

  /// Whether `cancel()` was called or the outside flag is raised.
  public var isCancelled: Bool {
    lock.lock()
    let own = cancelled
    lock.unlock()
    return own || isRaised()
  }

  /// Forgets the request, once the work it stopped has ended, so the next work runs.
  public func reset() {
    lock.lock()
    cancelled = false
    lock.unlock()
    lower()
  }
}
