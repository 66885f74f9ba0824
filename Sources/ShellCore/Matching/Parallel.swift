import Foundation

/// Runs independent pieces of work on every core with `DispatchQueue.concurrentPerform`.
///
/// Dispatch wants a `@Sendable` closure; the engine's workers share raw pointers into immutable
/// arenas and each writes only its own output slot, which the type system cannot see. This is
/// the one place that promise is made.
enum Parallel {
  /// Calls `body(0..<count)`, concurrently when `count > 1`; returns when all have finished.
  static func forEach(_ count: Int, _ body: (Int) -> Void) {
    if count <= 0 { return }
    if count == 1 {
      body(0)
      return
    }
    withoutActuallyEscaping(body) { escapable in
      let box = UncheckedSendable(escapable)
      DispatchQueue.concurrentPerform(iterations: count) { box.value($0) }
    }
  }

  /// Runs `body` per chunk and collects each chunk's result in chunk order.
  static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { slots in
      let slots = UncheckedSendable(slots)
      forEach(count) { index in slots.value[index] = body(index) }
    }
    return results.compactMap { $0 }
  }

  /// The cores to split work over (at least two), read once: on Linux each read of
  /// `activeProcessorCount` parses the process's CPU affinity and cgroup limits, 35 µs here,
  /// which a search paid two or three times.
  static let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)

  /// How many pieces to split `work` items into: one below `threshold`, else a few per core.
  static func chunkCount(_ work: Int, threshold: Int) -> Int {
    if work < threshold { return 1 }
    return cores * 4
  }
}

/// A value handed across threads under a promise the compiler cannot check (see `Parallel`).
struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  let value: Value
  init(_ value: Value) { self.value = value }
}
