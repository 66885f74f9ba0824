/// Keeps output and errors in one stream, in the order they were written: a transcript's body.
final class TranscriptConsole: Console {
  /// Every line written, errors included.
  private(set) var lines: [String] = []

  func print(_ line: String) { lines.append(line) }

  func printError(_ line: String) { lines.append(line) }
}
