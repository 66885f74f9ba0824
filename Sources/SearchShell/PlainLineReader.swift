/// Reads lines from standard input with no prompt, no echo and no history, for scripts and pipes.
struct PlainLineReader: LineReader {
  mutating func readLine(prompt: String) -> String? {
    Swift.readLine(strippingNewline: true)
  }

  mutating func remember(_ line: String) {}

  var loadedHistory: [String] { [] }
}
