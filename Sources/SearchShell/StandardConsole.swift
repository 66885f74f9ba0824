import Foundation
import ShellCore

/// The real console: standard output (buffered, line by line on a terminal) and standard error.
///
/// A failed write to standard output is said once on standard error and makes the exit status
/// 1, as `ls` does; a reader that left (`| head -1`) ends the shell quietly instead.
final class StandardConsole: RawDataConsole {
  /// Bytes of standard output not yet written.
  private var pending: [UInt8] = []
  /// Whether each line goes out at once (a person is watching).
  private let flushesEachLine: Bool
  /// The errno of the first failed write to standard output; nothing is written after it.
  private(set) var outputFailure: Int32?

  init(stdoutWasClosed: Bool = false) {
    flushesEachLine = isatty(STDOUT_FILENO) != 0
    if stdoutWasClosed { fail(EBADF) }
  }

  /// Whether standard output is a pipe or a file, which may take data unescaped.
  let passesRawData = isatty(STDOUT_FILENO) == 0

  func printRaw(_ record: String) { print(record) }

  func printRawBytes(_ record: [UInt8], terminator: UInt8) {
    guard outputFailure == nil else { return }
    pending.append(contentsOf: record)
    pending.append(terminator)
    if flushesEachLine || pending.count >= 1 << 16 { flush() }
  }

  /// Whether standard output lost anything.
  var outputFailed: Bool { outputFailure != nil }

  func print(_ line: String) {
    guard outputFailure == nil else { return }
    pending.append(contentsOf: line.utf8)
    pending.append(0x0A)
    if flushesEachLine || pending.count >= 1 << 16 { flush() }
  }

  func printError(_ line: String) {
    // Output first, so an error appears after the output that preceded it on a shared terminal.
    flush()
    StandardStreams.writeError(line + "\n")
  }

  /// Writes what is pending (then whatever stdio holds: readline writes through it).
  func flush() {
    defer { fflush(nil) }
    guard !pending.isEmpty else { return }
    let bytes = pending
    pending.removeAll(keepingCapacity: true)
    guard outputFailure == nil else { return }
    if let failure = StandardStreams.write(bytes, to: STDOUT_FILENO) { fail(failure) }
  }

  private func fail(_ failure: Int32) {
    if failure == EPIPE { StandardStreams.exitForBrokenPipe() }
    outputFailure = failure
    pending = []
    StandardStreams.writeError(Self.failureLine(failure))
  }

  /// The line said when a write to standard output fails with errno `failure`.
  static func failureLine(_ failure: Int32) -> String {
    "error: cannot write standard output: \(String(cString: strerror(failure)))\n"
  }
}
