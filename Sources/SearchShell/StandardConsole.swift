import Foundation
import ShellCore

/// Writes the session's output to standard output and its errors to standard error.
final class StandardConsole: Console {
  func print(_ line: String) {
    Swift.print(line)
  }

  func printError(_ line: String) {
    // Flush first so an error appears after the output that preceded it on a shared terminal.
    fflush(nil)
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
