import Foundation

/// Runs independent pieces of work on every core with `DispatchQueue.concurrentPerform`.
///
/// Dispatch wants a `@Sendable` closure; the engine's workers share raw pointers into immutable
/// arenas and each writes only its own output slot, which the type system cannot see. This is
/// the one place that promise is made.
package enum Parallel {
  /// Calls `body(0..<count)`, concurrently when `count > 1`; returns when all have finished.
  package static func forEach(_ count: Int, _ body: (Int) -> Void) {
    if count <= 0 { return }
    if count == 1 {
      body(0)
      return
    }
    guard ThreadRoom.hasRoom(threads: min(count, cores)) else {
      for index in 0..<count { body(index) }
      return
    }
    withoutActuallyEscaping(body) { escapable in
      let box = UncheckedSendable(escapable)
      DispatchQueue.concurrentPerform(iterations: count) { box.value($0) }
    }
  }

  /// Runs `body` per chunk and collects each chunk's result in chunk order.
  package static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { slots in
      let slots = UncheckedSendable(slots)
      forEach(count) { index in slots.value[index] = body(index) }
    }
    return results.compactMap { $0 }
  }

  /// The cores to split work over (at least two), read once: on Linux each read of
  /// `activeProcessorCount` parses the process's CPU affinity and cgroup limits, which a search
  /// paid two or three times.
  package static let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)

  /// How many pieces to split `work` items into: one below `threshold`, else a few per core,
  /// never more than `work` (so that `Chunks` leaves none empty).
  package static func chunkCount(_ work: Int, threshold: Int) -> Int {
    chunks(work, threshold: threshold).count
  }

  /// `work` items split into `chunkCount` consecutive pieces.
  package static func chunks(_ work: Int, threshold: Int) -> Chunks {
    Chunks(work: work, count: work < threshold ? 1 : min(work, cores * 4))
  }

  /// `work` items split into `count` consecutive, balanced ranges, every one non-empty unless
  /// `work` is 0 (then one empty range): their sizes differ by at most one.
  package struct Chunks {
    /// How many items are split.
    package let work: Int
    /// How many ranges (at least 1, at most `max(work, 1)`).
    package let count: Int

    package init(work: Int, count: Int) {
      self.work = max(0, work)
      self.count = max(1, min(count, self.work))
    }

    /// The items of chunk `chunk` (`0..<count`).
    @inline(__always) package func range(_ chunk: Int) -> Range<Int> {
      // `work` is a row count (below 2^32) and `chunk` at most `count`: the products fit.
      work &* chunk / count..<work &* (chunk &+ 1) / count
    }

    /// Checks that the ranges tile `0..<work` in order, each non-empty when there is work.
    package func checkInvariants() {
      var next = 0
      for chunk in 0..<count {
        let items = range(chunk)
        precondition(items.lowerBound == next, "chunk \(chunk) does not start where the last ended")
        precondition(work == 0 || !items.isEmpty, "chunk \(chunk) of \(count) over \(work) is empty")
        next = items.upperBound
      }
      precondition(next == work, "the chunks do not cover the work")
    }
  }
}

/// A value handed across threads under a promise the compiler cannot check (see `Parallel`).
package struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
