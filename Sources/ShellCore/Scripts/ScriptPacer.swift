/// Paces a script for an audience: the executable implements it, and only on a terminal.
///
/// ShellCore only says when a pause belongs; waiting (a timer, or Enter) is terminal I/O and
/// stays in the executable. Without a pacer nothing waits and the output is the same.
public protocol ScriptPacer: AnyObject {
  /// Called before each command of a script runs, after its echo.
  func willRun(_ line: String)
  /// Called between the characters of `type`, after the bar has been drawn with the text so far.
  func keystroke()
}
