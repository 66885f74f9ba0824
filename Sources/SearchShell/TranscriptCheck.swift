import Foundation
import ShellCore
import Tables

/// `searchshell --check FILE...`: each golden transcript on a fresh session, a unified diff
/// where its output differs, and one line for each that passes.
enum TranscriptCheck {
  /// Checks every transcript in `paths` (`~` expanded) and returns whether all passed; a file
  /// that cannot be read stops the check with status 64, as any bad argument does.
  @MainActor static func run(
    _ paths: [String], parameters: [String: String], console: StandardConsole,
    makeSession: (Console) throws(ShellError) -> Session
  ) -> Bool {
    var passed = true
    for path in paths {
      let expanded = HomeFolder.expanding(path)
      guard let data = FileManager.default.contents(atPath: expanded) else {
        usageFailure("No such file \(Sanitizer.quoted(path))")
      }
      let transcript = Transcript(text: String(decoding: data, as: UTF8.self), name: path)
      do throws(ShellError) {
        let diff = transcript.diff(try transcript.actual(parameters: parameters, makeSession: makeSession))
        // A transcript's lines are the file's and the session's: escaped like every other output.
        for line in diff { console.print(Sanitizer.terminalSafe(line)) }
        if diff.isEmpty {
          let count = transcript.commandCount
          console.print(
            Sanitizer.terminalSafe("ok \(path) (\(count) \(count == 1 ? "command" : "commands"))"))
        } else {
          passed = false
        }
      } catch {
        usageFailure(error.description)
      }
    }
    return passed
  }
}
