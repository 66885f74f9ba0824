import CLibPQ
import Foundation

/// Stops the statement a `PostgresConnection` is running, from any thread.
///
/// Owns libpq's `PGcancel` (freed in `deinit`); `PQcancel` is documented thread-safe, and the
/// handle reads no state of the connection, so it may outlive it (a cancel then reaches no one).
/// Cancelling is best effort: a request that arrives after the statement ended is ignored by the
/// server, and `statement_timeout` stays the backstop.
final class PostgresCancelHandle: @unchecked Sendable {
  /// libpq's cancel object: the backend's process id and secret key (replaced on a reconnect).
  private var handle: OpaquePointer
  private let lock = NSLock()
  /// Its slot in `PostgresCancelRegistry` (nil: every slot was taken), so a SIGINT handler can
  /// cancel too.
  private let slot: Int?
  /// Whether `cancel()` was called since the statement began, to tell a cancel from a timeout.
  private var requested = false

  /// Takes ownership of `handle` (from `PQgetCancel`).
  init(owning handle: OpaquePointer) {
    self.handle = handle
    slot = PostgresCancelRegistry.add(handle)
  }

  deinit {
    if let slot { PostgresCancelRegistry.release(slot) }
    PQfreeCancel(handle)
  }

  /// Asks the server to stop the running statement; false when the request could not be sent.
  ///
  /// Blocks for one round trip to the server (a new connection to its postmaster).
  @discardableResult
  func cancel() -> Bool {
    var message = [CChar](repeating: 0, count: 256)
    // Under the lock: a reconnect on the session's thread must not free the handle meanwhile.
    return lock.withLock {
      requested = true
      return PQcancel(handle, &message, Int32(message.count)) == 1
    }
  }

  /// Takes ownership of `handle`, the new backend's after a reconnect, freeing the old one.
  func replace(with newHandle: OpaquePointer) {
    lock.withLock {
      if let slot { PostgresCancelRegistry.release(slot, replacingWith: newHandle) }
      PQfreeCancel(handle)
      handle = newHandle
    }
  }

  /// Forgets earlier requests: called as each statement begins.
  func beginStatement() {
    lock.withLock { requested = false }
  }

  /// Whether `cancel()` was called since the statement began.
  var wasRequested: Bool { lock.withLock { requested } }
}
