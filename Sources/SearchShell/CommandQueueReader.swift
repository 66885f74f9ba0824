/// Feeds the `-c COMMAND` arguments as lines, in order.
struct CommandQueueReader: LineReader {
  /// The lines still to be read.
  var lines: [String]

  mutating func readLine(prompt: String) -> String? {
    lines.isEmpty ? nil : lines.removeFirst()
  }

  mutating func remember(_ line: String) {}

  var loadedHistory: [String] { [] }
}
