import Foundation

/// Appends the commands that succeed to a script file, as `record FILE` asks.
final class SessionRecorder {
  /// The file, as the user named it.
  let path: String
  /// How deep the `record` command ran: lines at this depth are the session's own commands.
  let depth: Int
  private let handle: FileHandle

  /// Creates (or empties) the file and writes `header`, or throws `unwritableFile`.
  init(path: String, depth: Int, header: [String]) throws(ShellError) {
    let expanded = (path as NSString).expandingTildeInPath
    let text = header.map { $0 + "\n" }.joined()
    guard FileManager.default.createFile(atPath: expanded, contents: Data(text.utf8)),
      let handle = FileHandle(forWritingAtPath: expanded)
    else {
      throw .unwritableFile(path, reason: "cannot create the file")
    }
    handle.seekToEndOfFile()
    self.path = path
    self.depth = depth
    self.handle = handle
  }

  /// Appends one command line, escaped so that replaying it runs exactly this line.
  func append(_ line: String) {
    // Written at once so a session that ends abruptly still leaves a runnable script.
    handle.write(Data((Script.escaped(line) + "\n").utf8))
  }

  /// Closes the file.
  func close() {
    try? handle.close()
  }
}
