/// The boundary every line of a session passes on its way out: whatever a command forgot to
/// escape, no control character reaches the console but newlines, tabs and the shell's colours.
final class SanitizingConsole: Console {
  private let base: Console
  private let keepsStyle: Bool

  /// Sanitizes for `base`; `keepingStyle` lets `TextStyle`'s own colour sequences through.
  init(_ base: Console, keepingStyle: Bool) {
    self.base = base
    self.keepsStyle = keepingStyle
  }

  func print(_ line: String) { base.print(Sanitizer.terminalSafe(line, keepingStyle: keepsStyle)) }

  func printError(_ line: String) { base.printError(Sanitizer.terminalSafe(line, keepingStyle: keepsStyle)) }
}
