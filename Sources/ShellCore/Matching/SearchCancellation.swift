import Foundation

/// Lets a newer keystroke abandon a search that is still running.
///
/// Pass one to `SearchEngine.search(_:rule:scope:cancellation:)` and call `cancel()` from any
/// thread; the search checks it between chunks (about every 64K rows) and returns nil, so a stale
/// scan never delays the next one by more than one chunk.
public final class SearchCancellation: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false

  public init() {}

  /// Asks the search to stop.
  public func cancel() {
    lock.lock()
    cancelled = true
    lock.unlock()
  }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled
  }
}
