import Foundation
import ShellCore

/// The terminal a script is presented on: timed waits, keys read without echo, the bar redrawn.
///
/// Made only when standard input and output are a terminal.
final class TerminalPacer: ScriptPacer {
  /// The console whose pending lines go out before anything is drawn or waited for.
  private let console: StandardConsole

  init(console: StandardConsole) {
    self.console = console
  }

  /// Ctrl-C at the prompt ends a wait early (the script then stops before its next line); with
  /// the commands from a script, SIGINT ends the process as it would without a wait.
  func sleep(seconds: Double) {
    console.flush()
    let deadline = Date().addingTimeInterval(seconds)
    while SignalHandling.interrupted == 0 {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return }
      Thread.sleep(forTimeInterval: min(left, 0.05))
    }
  }

  /// Raw mode without echo while it waits: keys pressed are not shown, and Ctrl-C, a key in raw
  /// mode, is raised as SIGINT once the terminal is back as it was.
  func waitForKey(enterOnly: Bool, timeout: Double?) {
    console.flush()
    guard TerminalRestorer.enterRawMode() else { return }
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    var interrupted = false
    var buffer = [UInt8](repeating: 0, count: 256)
    waiting: while true {
      let left = deadline.map { max(0, $0.timeIntervalSinceNow) }
      if let left, left <= 0 { break }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, left.map { Int32(min($0 * 1000, 60_000).rounded(.up)) } ?? 250)
      if ready < 0, errno == EINTR { continue }
      if ready <= 0 { continue }
      let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      for byte in buffer[0..<count] {
        if byte == 0x03 {
          interrupted = true
          break waiting
        }
        if !enterOnly || byte == 0x0D || byte == 0x0A { break waiting }
      }
    }
    TerminalRestorer.restore()
    if interrupted { raise(SIGINT) }
  }

  func waitForStep() -> Bool {
    console.flush()
    guard TerminalRestorer.enterRawMode() else { return true }
    defer { TerminalRestorer.restore() }
    var byte: UInt8 = 0
    while SignalHandling.interrupted == 0 {
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 100)
      if ready <= 0 { continue }
      guard Foundation.read(STDIN_FILENO, &byte, 1) == 1 else { return false }
      switch byte {
      case 0x0D, 0x0A, 0x20: return true
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x1B: return false
      case 0x03:
        TerminalRestorer.restore()
        raise(SIGINT)
        return false
      default: continue
      }
    }
    // Ctrl-C came as a signal: the step's caller stops the demo as Ctrl-C does.
    return true
  }

  func writeInPlace(_ text: String) {
    console.flush()
    TerminalRestorer.write(text)
  }

  var size: (width: Int, height: Int) { TerminalRestorer.size() }
}
