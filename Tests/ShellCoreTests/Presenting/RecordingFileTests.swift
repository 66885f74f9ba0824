import Foundation
import Testing

@testable import ShellCore

/// `record FILE` refuses a file that exists; `record --append FILE` adds a recording to it.
@Suite(.serialized) struct RecordingFileTests {
  @Test func anExistingFileIsRefusedAndLeftAsItWas() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write("r.txt", "focus\n")
    let fixture = try SessionFixture()
    fixture.run("search ger")
    let result = fixture.run("record \(path)")
    #expect(
      result.errors == [
        "error: '\(path)' exists already and is not replaced. Use 'record --append \(path)' to add to it, or another name"
      ])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "focus\n")
    // Nothing changed: the search did not start over, and no recording runs.
    #expect(fixture.session.screen.state.text == "ger")
    #expect(fixture.run("record stop").errors == ["error: Not recording. Use 'record FILE' to start"])
  }

  @Test func appendingAddsARecordingThatReplaysAfterTheFirst() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("r.txt")
    let fixture = try SessionFixture()
    let first = fixture.run("trace on", "record \(path)", "search ger", "select 2", "record stop")
    // The second recording starts from other options: its header restores them.
    let second = fixture.run(
      "trace off", "set match prefix", "record --append \(path)", "search ni", "select 1", "record stop")
    #expect(first.errors.isEmpty && second.errors.isEmpty)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.components(separatedBy: "# SearchShell recording.").count == 3)
    let replay = try SessionFixture()
    replay.run("source \(path)")
    #expect(replay.console.errors.isEmpty)
    /// What was printed between the start of a recording and its end.
    func recorded(_ output: [String], startingWith start: String) -> ArraySlice<String> {
      let from = output.firstIndex { $0.hasPrefix(start) } ?? output.endIndex
      let to = output.lastIndex { $0.hasPrefix("Stopped recording") } ?? output.endIndex
      return from < to ? output[(from + 1)..<to] : []
    }
    let expected =
      recorded(first.output, startingWith: "Recording to '\(path)'")
      + recorded(second.output, startingWith: "Appending a recording to '\(path)'")
    #expect(expected.count > 10)
    #expect(replay.console.output == Array(expected))
    #expect(replay.session.screen.state == fixture.session.screen.state)
  }

  @Test func appendingToAMissingFileCreatesIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("new.txt")
    let fixture = try SessionFixture()
    #expect(fixture.run("record --append \(path)", "focus", "record stop").errors.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("\nfocus\n"))
  }

  /// Issue 37: a file without a final newline kept its last line, but the recording's first
  /// line was glued onto it; a newline now goes first, and only then.
  @Test(arguments: [
    ("# mine", "# mine\n# SearchShell recording."), ("# mine\n", "# mine\n# SearchShell recording."),
    ("# mine\r", "# mine\r\n# SearchShell recording."), ("", "# SearchShell recording."),
  ])
  func appendingKeepsTheUsersLastLine(_ example: (String, String)) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write("mine.txt", example.0)
    let fixture = try SessionFixture()
    #expect(fixture.run("record --append \(path)", "focus", "record stop").errors.isEmpty)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix(example.1))
    #expect(text.hasSuffix("\nfocus\n"))
    // Replayed, the user's line and the recording both run as they were.
    let replay = try SessionFixture()
    replay.run("source \(path)")
    #expect(replay.console.errors.isEmpty)
  }

  @Test func appendingThroughASymlinkKeepsTheLinkTheModeAndTheOldLines() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let real = try folder.write("real.txt", "# old\n")
    #expect(chmod(real, 0o640) == 0)
    let link = folder.path("link.txt")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    let fixture = try SessionFixture()
    #expect(fixture.run("record --append \(link)", "focus", "record stop").errors.isEmpty)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    let text = try String(contentsOfFile: real, encoding: .utf8)
    #expect(text.hasPrefix("# old\n# SearchShell recording."))
    #expect(text.hasSuffix("\nfocus\n"))
    var status = stat()
    #expect(stat(real, &status) == 0 && status.st_mode & 0o777 == 0o640)
    // Without --append the link's file exists, so it is refused.
    #expect(fixture.run("record \(link)").errors.first?.contains("exists already") == true)
  }

  struct FlagCase: Sendable, CustomTestStringConvertible {
    let line: String
    let error: String
    var testDescription: String { line }
  }

  @Test(arguments: [
    FlagCase(
      line: "record --append",
      error:
        "error: Missing argument for 'record --append'. Usage: record [--append] FILE | record --cast FILE | record stop"
    ),
    FlagCase(
      line: "record --cast  ",
      error:
        "error: Missing argument for 'record --cast'. Usage: record [--append] FILE | record --cast FILE | record stop"
    ),
    FlagCase(line: "record stop", error: "error: Not recording. Use 'record FILE' to start"),
    FlagCase(
      line: "record --append /nonexistent/r.txt",
      error: "error: Cannot write '/nonexistent/r.txt': no such file or directory"),
  ])
  func badRecordCommandsSayWhy(_ example: FlagCase) throws {
    let fixture = try SessionFixture()
    #expect(fixture.run(example.line).errors == [example.error])
  }

  @Test func aFileNamedLikeAFlagIsRecordedByItsPath() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fixture = try SessionFixture()
    let path = folder.path("stop now.txt")
    #expect(fixture.run("record \(path)", "focus", "record stop").errors.isEmpty)
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
