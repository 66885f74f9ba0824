import Foundation
import ShellCore

/// Paces scripts for an audience on a terminal: a pause (or Enter) before each command, and
/// `type` showing one character at a time.
final class TerminalPacer: ScriptPacer {
  /// Seconds to wait before each command, with `--pace`.
  private let pause: Double?
  /// Whether to wait for Enter before each command (`--step`).
  private let step: Bool

  init(pause: Double?, step: Bool) {
    self.pause = pause
    self.step = step
  }

  func willRun(_ line: String) {
    // What was printed so far must be on screen before the wait.
    fflush(nil)
    if step {
      _ = Swift.readLine(strippingNewline: true)
    } else if let pause, pause > 0 {
      Thread.sleep(forTimeInterval: pause)
    }
  }

  func keystroke() {
    fflush(nil)
    // A typist's rhythm: a tenth of the pace, kept between 30 and 150 ms.
    Thread.sleep(forTimeInterval: min(0.15, max(0.03, (pause ?? 0.8) / 10)))
  }
}
