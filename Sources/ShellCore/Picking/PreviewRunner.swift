import Foundation

/// Runs the picker's preview command off the main thread, one at a time: a newer run stops
/// the older one (its whole process group), and what a run prints shows as it comes.
///
/// Its output is bounded (`outputLimit` bytes: past it the command is stopped), so a preview
/// of `cat /dev/urandom` costs nothing more than a page; the terminal loop never waits for it.
final class PreviewRunner: @unchecked Sendable {
  /// What the current run printed so far.
  struct Output: Equatable {
    /// The command line it runs.
    var command: String
    /// Its standard output and error, as they came, up to `outputLimit` bytes.
    var bytes: [UInt8] = []
    /// Whether it ended (or was cut at the limit).
    var isDone = false
  }

  /// The most bytes of one run's output kept.
  static let outputLimit = 256 * 1024

  private let wake: PickerWake
  private let lock = NSLock()
  /// The current run's output, and whether it changed since `take`.
  private var output: Output?
  private var changed = false
  private var child: ChildProcess?
  /// Counts the runs, so an older run's thread never writes over a newer run's output.
  private var generation = 0

  init(wake: PickerWake) {
    self.wake = wake
  }

  /// Runs `command` with `variables` set, stopping the run before it.
  func run(_ command: String, variables: [String: String]) {
    stop()
    lock.lock()
    generation += 1
    let mine = generation
    // The pane keeps the last run's output until this one prints or ends: no blank in between.
    output = Output(command: command)
    lock.unlock()
    guard let started = ChildProcess.start(command, variables: variables, mergingErrors: true) else {
      update(mine) { $0.isDone = true }
      return
    }
    lock.lock()
    child = started
    lock.unlock()
    Thread.detachNewThread { [self] in read(started, generation: mine) }
  }

  /// Stops the current run, if any (its output stays).
  func stop() {
    lock.lock()
    let running = child
    child = nil
    lock.unlock()
    running?.stop()
  }

  /// The current run's output, when it changed since the last call.
  func take() -> Output? {
    lock.lock()
    defer { lock.unlock() }
    guard changed else { return nil }
    changed = false
    return output
  }

  /// Reads the run's output to its end or the limit, then reaps it.
  private func read(_ process: ChildProcess, generation mine: Int) {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(process.output, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      let kept = min(count, Self.outputLimit - total)
      total += kept
      update(mine) { $0.bytes += buffer[..<kept] }
      if total >= Self.outputLimit {
        process.stop()
        break
      }
    }
    close(process.output)
    process.wait()
    update(mine) { $0.isDone = true }
  }

  /// Changes the output of run `mine` (none when a newer run started) and wakes the loop.
  private func update(_ mine: Int, _ change: (inout Output) -> Void) {
    lock.lock()
    guard mine == generation, var current = output else {
      lock.unlock()
      return
    }
    change(&current)
    output = current
    changed = true
    lock.unlock()
    wake.signal()
  }
}
