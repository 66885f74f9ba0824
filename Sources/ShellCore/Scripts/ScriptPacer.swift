/// The terminal a script is presented on: the executable implements it, only when standard
/// input and output are both a terminal.
///
/// ShellCore decides when a wait belongs and what the audience sees (`Session+Presenting`);
/// waiting (a timer, a key) and writing escapes in place are terminal I/O and stay in the
/// executable. Without a pacer nothing waits and the output is the same.
public protocol ScriptPacer: AnyObject {
  /// Waits `seconds` (the pace before an action, the delay between two typed keys).
  func sleep(seconds: Double)
  /// Waits for a key, without echoing it: any key, or only Enter (`enterOnly`); at most
  /// `timeout` seconds when given.
  func waitForKey(enterOnly: Bool, timeout: Double?)
  /// Waits for the learner between two steps of a demo: true for Enter (go on), false for `q`
  /// or Esc (stop the demo); Ctrl-C as in `waitForKey`.
  func waitForStep() -> Bool
  /// Writes `text` to the terminal at once, after every line printed before it; it may hold
  /// escapes (the bar redrawn in place) and has been made safe already.
  func writeInPlace(_ text: String)
  /// The terminal's size, for a cast's header and for fitting a line redrawn in place.
  var size: (width: Int, height: Int) { get }
}
