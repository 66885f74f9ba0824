/// Reads command lines: readline on a terminal, plain `readLine()` otherwise.
protocol LineReader {
  /// The next line, or nil at end of input.
  mutating func readLine(prompt: String) -> String?
  /// Records an entered line in the history (a no-op where there is none).
  mutating func remember(_ line: String)
  /// The history loaded at start-up, oldest first.
  var loadedHistory: [String] { get }
}
