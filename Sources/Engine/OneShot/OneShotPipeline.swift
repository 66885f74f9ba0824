import Foundation
import Tables

/// The threads of a one-shot run: each takes the next block from the source (one at a time,
/// under the lock), tests it on its own, and writes its matches in the block's turn, so the
/// output keeps the input's order while both cores work; or, when matches are kept for the end,
/// charges what they take to the limit.
///
/// The first failure (a refused read, the limit, a failed write, the reader gone) stops every
/// thread at its next turn.
final class OneShotPipeline: @unchecked Sendable {
  private let condition = NSCondition()
  private let source: OneShotSource
  private let keeps: Bool
  private let limit: Int
  private let label: String
  /// The ordinal of the block whose matches are written next.
  private var nextToWrite = 0
  /// Whether the source has no block left.
  private var ended = false
  /// Bytes each worker's kept matches take.
  private var held: [Int] = []
  /// Why the run stopped early, if it did.
  private(set) var failure: OneShotFilter.Failure?

  init(source: OneShotSource, keeps: Bool, limit: Int, label: String) {
    self.source = source
    self.keeps = keeps
    self.limit = limit
    self.label = label
  }

  /// Runs `count` workers (made by `make`) to the end of the input and returns them; `failure`
  /// says whether they got there.
  func run(
    workers count: Int, writer: OneShotWriter, make: () throws(SearchError) -> OneShotWorker
  ) -> [OneShotWorker] {
    var workers: [OneShotWorker] = []
    do throws(SearchError) {
      for _ in 0..<max(1, count) { workers.append(try make()) }
    } catch {
      failure = .search(error)
      return []
    }
    held = [Int](repeating: 0, count: workers.count)
    // Threads of their own, started before this one takes its first block: Dispatch's pool
    // brought the second worker in 1-3 ms late, a tenth of a run over a million rows.
    let helpers = workers.count - 1
    guard helpers > 0, ThreadRoom.hasRoom(threads: helpers) else {
      for index in workers.indices { work(workers[index], index: index, writer: writer) }
      return workers
    }
    let finished = DispatchSemaphore(value: 0)
    let shared = UncheckedSendable((self, workers, writer))
    for index in 1...helpers {
      Thread {
        let (pipeline, workers, writer) = shared.value
        pipeline.work(workers[index], index: index, writer: writer)
        finished.signal()
      }.start()
    }
    work(workers[0], index: 0, writer: writer)
    for _ in 0..<helpers { finished.wait() }
    return workers
  }

  /// One worker's loop: take a block, test it, write or keep its matches, until the end.
  private func work(_ worker: OneShotWorker, index: Int, writer: OneShotWriter) {
    while true {
      condition.lock()
      guard failure == nil, !ended else {
        condition.unlock()
        return
      }
      let block: UnsafeLineChunk?
      do throws(SearchError) {
        block = try source.next(into: worker.buffer)
      } catch {
        stop(.search(error))
        condition.unlock()
        return
      }
      if block == nil { ended = true }
      condition.unlock()
      guard let block else { return }
      do throws(SearchError) {
        try worker.process(block, writer: writer)
      } catch {
        locked { stop(.search(error)) }
        return
      }
      guard keeps ? charge(worker, index: index) : write(worker, block: block, writer: writer) else { return }
    }
  }

  /// Writes `worker`'s matches of `block` once every earlier block's are written; false when the
  /// run stopped.
  private func write(_ worker: OneShotWorker, block: UnsafeLineChunk, writer: OneShotWriter) -> Bool {
    condition.lock()
    while nextToWrite != block.ordinal, failure == nil { condition.wait() }
    let stopped = failure != nil
    condition.unlock()
    if stopped { return false }
    var failed: OneShotFilter.Failure?
    do throws(OneShotFilter.Failure) {
      try writer.write(worker.output.pointer, count: worker.outputCount)
    } catch {
      failed = error
    }
    return locked {
      if let failed { stop(failed) }
      nextToWrite &+= 1
      condition.broadcast()
      return failed == nil
    }
  }

  /// Charges what `worker` keeps to the limit; false when the kept matches of all pass it.
  private func charge(_ worker: OneShotWorker, index: Int) -> Bool {
    locked {
      held[index] = worker.kept.heldBytes
      guard held.reduce(0, &+) <= limit else {
        stop(.search(.table(.loadTooLarge(label, limit: limit))))
        return false
      }
      return true
    }
  }

  /// Records the first failure and wakes every waiting worker (the lock held).
  private func stop(_ reason: OneShotFilter.Failure) {
    if failure == nil { failure = reason }
    condition.broadcast()
  }

  /// `body` under the lock.
  private func locked<Result>(_ body: () -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// Checks that no block was written out of turn.
  func checkInvariants() {
    locked {
      precondition(nextToWrite >= 0, "a negative turn")
      precondition(held.allSatisfy { $0 >= 0 }, "negative bytes kept")
      precondition(failure != nil || keeps || !ended || held.allSatisfy { $0 == 0 }, "streamed matches kept")
    }
  }
}
