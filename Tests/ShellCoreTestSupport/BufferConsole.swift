#if !FUZZING
  import ShellCore
#endif

/// A console that keeps everything in memory, for tests (a test-support type, not in the product).
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
