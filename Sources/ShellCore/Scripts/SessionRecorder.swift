import Engine
import Foundation
import Tables

/// Appends the commands that succeed to a script file, as `record FILE` asks.
final class SessionRecorder {
  /// The file, as the user named it.
  var path: String { file.name }
  /// How deep the `record` command ran: lines at this depth are the session's own commands.
  let depth: Int
  private let file: AppendingFile

  /// Opens the file through `GuardedFileWriter` (an existing one refused or added to, as
  /// `policy` says) and writes `header`, or throws the writer's error.
  init(
    path: String, depth: Int, header: [String], protectedPaths: [String], policy: ExistingFilePolicy
  ) throws(ShellError) {
    let text = header.map { $0 + "\n" }.joined()
    self.file = try tables { () throws(TableError) in
      try GuardedFileWriter.openAppending(
        path, header: text, protectedPaths: protectedPaths, existing: policy)
    }
    self.depth = depth
  }

  /// Appends one command line, escaped so that replaying it runs exactly this line.
  ///
  /// Refuses (`wouldOverwriteDataset`) once the file has become one of `protectedPaths`, as after
  /// `load` of the recording itself.
  func append(_ line: String, protectedPaths: [String]) throws(ShellError) {
    if file.isOne(of: protectedPaths) { throw .wouldOverwriteDataset(file.name) }
    // Written at once so a session that ends abruptly still leaves a runnable script.
    try tables { () throws(TableError) in try file.append(Script.escaped(line) + "\n") }
  }

  /// Closes the file.
  func close() {
    file.close()
  }
}
