import Foundation
import Testing

@testable import ShellCore

/// Script lines end at LF, CRLF or a lone CR; braces and escapes are read as scalars.
struct ScriptLinesTests {
  static let splits: [(text: String, lines: [String])] = [
    ("search ger\r\nstatus\r\n", ["search ger", "status"]),
    ("a\nb\n", ["a", "b"]),
    ("a\rb", ["a", "b"]),
    ("a\r\rb\r\n\nc", ["a", "", "b", "", "c"]),
    ("\r\n", [""]),
    ("", []),
    ("é\r\n😀", ["é", "😀"]),
  ]

  @Test func splitsOnEveryLineEnding() {
    for (text, lines) in Self.splits {
      #expect(Script.splitLines(text) == lines, "\(text.debugDescription)")
    }
  }

  @Test func aCarriageReturnInACommandDoesNotSwallowTheNext() throws {
    let fixture = try SessionFixture()
    let script = try Script(text: "search ger\r\nstatus", name: "-c", parameters: [:])
    #expect(script.lines == ["search ger", "status"])
    _ = fixture.session.run(script)
    #expect(fixture.console.errors == [])
    #expect(fixture.console.output.contains("text: \"ger\""))
  }

  @Test func escapingRoundTripsAfterAPrependedMark() throws {
    for line in ["\u{604}{q}", "\u{604}{{", "a\u{604}{b}\u{301}{", "{\u{301}q}"] {
      #expect(
        try Script.substitute(Script.escaped(line), parameters: [:]) == line, "\(line.debugDescription)")
    }
    #expect(try Script.substitute("\u{604}{q}", parameters: ["q": "x"]) == "\u{604}x")
  }

  @Test func sourceRefusesDevicesAndNamesWhy() {
    #expect(throws: ShellError.notRegularFile("/dev/zero", kind: "a character device")) {
      try Script.load(path: "/dev/zero", parameters: [:])
    }
  }

  @Test func sourceRefusesAFileOverTheLimit() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // A sparse file: the size is what is refused, before any byte is read.
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(ScriptFile.sizeLimit + 1))
    try handle.close()
    #expect(
      throws: ShellError.fileTooLarge(path, bytes: ScriptFile.sizeLimit + 1, limit: ScriptFile.sizeLimit)
    ) {
      try Script.load(path: path, parameters: [:])
    }
  }

  @Test func aScriptSourcingItselfEndsWithOneError() throws {
    for copies in [1, 2, 3] {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "self-\(UUID().uuidString).txt"
      )
      .path
      defer { try? FileManager.default.removeItem(atPath: path) }
      let text = String(repeating: "source \(path)\n", count: copies) + "search ger\n"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let fixture = try SessionFixture()
      let printed = fixture.run("source \(path)", "status")
      #expect(printed.errors.count == 1, "\(copies) copies")
      #expect(printed.errors.first?.contains("nest more than 16 deep") == true)
      // The chain stopped: not one of the 'search ger' lines ran.
      #expect(printed.output.contains("text: \"\""))
      #expect(fixture.session.scripting.unwindingNest == false)
    }
  }

  @Test func quietNestedOnOneLineRunsItsCommandOnce() throws {
    let fixture = try SessionFixture()
    let line = String(repeating: "quiet ", count: 100_000) + "search ger"
    let printed = fixture.run(line, "quiet quiet \"search ger\"", "quiet quiet")
    #expect(printed.errors == ["error: Missing argument for 'quiet'. Usage: quiet COMMAND"])
    #expect(printed.output == [])
    #expect(fixture.session.screen.state.text == "ger")
  }
}
