/// Where a session writes: standard output for what the screen shows, standard error for errors.
public protocol Console: AnyObject {
  /// Writes one line (without its newline) to standard output.
  func print(_ line: String)
  /// Writes one line (without its newline) to standard error.
  func printError(_ line: String)
}

/// A console that keeps everything in memory, for tests and for capturing one command's output.
public final class BufferConsole: Console {
  /// Lines written to standard output.
  public private(set) var output: [String] = []
  /// Lines written to standard error.
  public private(set) var errors: [String] = []

  public init() {}

  public func print(_ line: String) { output.append(line) }
  public func printError(_ line: String) { errors.append(line) }

  /// Standard output as one string, a newline after each line.
  public var outputText: String { output.map { $0 + "\n" }.joined() }
}
