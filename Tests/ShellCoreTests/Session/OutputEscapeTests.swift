import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// No path to the terminal lets a control character through: every hostile input, echoed by any
/// command, error, listing or name, prints escaped; only the shell's own colours remain.
@Suite struct OutputEscapeTests {
  /// Hostile bytes: a title-setting OSC, CSI, C1 controls, NUL, DEL, BEL, CR, backspace.
  static let payloads = [
    "x\u{1B}]0;PWNED\u{07}", "x\u{1B}[5m\u{1B}[2J", "x\u{9B}31m\u{9D}0;PWNED\u{9C}", "x\u{0}y\u{7F}",
    "x\ry\u{8}\u{1B}P1$r\u{1B}\\",
    // One of the shell's own colours: only escaping at the source keeps it out on a colour terminal.
    "x\u{1B}[1;31mFAKE",
  ]

  /// Commands that echo a token, a name or a line, with `P` standing for the payload.
  static let commands = [
    "P", "set P on", "set page P", "set format P", "select P", "detail P", "help P", "demo P",
    "expect callbacks P", "expect count P", "expect row 1 P", "expect P", "search \"P", "trace P",
    "load /nonexistent/P.csv", "load P", "export /nonexistent/P.csv", "export P", "scope P",
    "set title P", "set title", "set placeholder P", "set placeholder", "set prompt P", "focus",
    "set prompt", "echo P", "search P", "status", "explain", "set fields P", "code active P",
    "code P", "timing P", "backspace P", "list P", "source /nonexistent/P", "record /nonexistent/P",
    "history", "set",
  ]

  /// Lines that would reach the terminal with a control character other than a TextStyle colour.
  static func dirtyLines(_ lines: [String], colour: Bool) -> [String] {
    lines.filter { line in
      let text = colour ? SanitizerFuzz.withoutOwnStyle(line) : line
      return text.unicodeScalars.contains { Sanitizer.isControl($0) && $0 != "\n" }
    }
  }

  @Test(arguments: payloads, [false, true])
  func everyCommandPrintsTheTokenEscaped(payload: String, colour: Bool) throws {
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: "candies", isInteractive: false,
      useColor: colour)
    for command in Self.commands {
      session.execute(command.replacingOccurrences(of: "P", with: payload))
    }
    let lines = console.output + console.errors
    #expect(Self.dirtyLines(lines, colour: colour) == [])
    #expect(!lines.contains { $0.contains(payload) })
    #expect(console.errors.count > 20)
    // The payload is shown, escaped, not dropped.
    #expect(console.errors.contains { $0.contains(Sanitizer.printable(payload)) })
  }

  @Test(arguments: payloads)
  func namesFromTheDataPrintEscaped(payload: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = payload.replacingOccurrences(of: "\u{0}", with: "0")
    let file = folder.appendingPathComponent("\(name).csv")
    let column = payload.replacingOccurrences(of: "\u{0}", with: "").replacingOccurrences(of: "\r", with: "")
    let csv = "\"\(column)\",kind\n\"a\(column)\",\"k\(column)\"\nb,other\n"
    try Data(csv.utf8).write(to: file)
    let bad = folder.appendingPathComponent("\(name).json")
    try Data("[{\"a\": \(column)".utf8).write(to: bad)
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: file.path, isInteractive: true,
      useColor: true)
    session.printWelcome(version: "test")
    for command in [
      "status", "list", "set", "set fields", "explain", "set fields nope", "search a", "explain",
      "select 1", "detail 1", "back", "scope nope", "set scopes", "set scopes A,\(column)", "set scopes",
      "scope 1", "status", "load \(CommandTokenizer.quotedWord(file.path)) --scope kind", "scope nope",
      "load \(CommandTokenizer.quotedWord(bad.path))", "set format json", "list", "set format csv", "list",
    ] {
      session.execute(command)
    }
    let lines = console.output + console.errors
    #expect(Self.dirtyLines(lines, colour: true) == [])
    #expect(!lines.contains { $0.contains(column) })
    #expect(Self.dirtyLines([session.prompt], colour: false) == [])
    #expect(console.errors.count >= 3)
  }

  @Test func longTokensAreCutWithAnEllipsis() throws {
    let fixture = try SessionFixture()
    let token = String(repeating: "z", count: 5_000)
    let errors = fixture.run(token, "set \(token) 1", "select \(token)", "help \(token)").errors
    #expect(errors.count == 4)
    for error in errors {
      #expect(error.count < 300, "\(error.prefix(120))")
      #expect(error.contains("'" + String(repeating: "z", count: 80) + "…'"))
    }
    // A token of exactly the limit is shown whole.
    let exact = String(repeating: "y", count: 80)
    #expect(fixture.run("select \(exact)").errors.first?.contains("'\(exact)':") == true)
  }

  @Test(arguments: [
    ("plain", false, "plain"),
    ("a\u{1B}[1;33mb\u{1B}[0m", true, "a\u{1B}[1;33mb\u{1B}[0m"),
    ("a\u{1B}[1;33mb\u{1B}[0m", false, "a\\e[1;33mb\\e[0m"),
    ("a\u{1B}[5mb", true, "a\\e[5mb"),
    ("a\u{1B}]0;t\u{07}", true, "a\\e]0;t\\u{7}"),
    ("tab\tand\nnewline\r", true, "tab\tand\nnewline\\r"),
    ("c1 \u{9B}1m", true, "c1 \\u{9b}1m"),
    ("\u{1B}[", true, "\\e["),
    ("\u{1B}[31", true, "\\e[31"),
  ])
  func theBoundaryKeepsOnlyTheShellsOwnColours(input: String, keepingStyle: Bool, expected: String) {
    #expect(Sanitizer.terminalSafe(input, keepingStyle: keepingStyle) == expected)
  }

  @Test func boundedCountsScalarsSoOneHugeCharacterIsCut() {
    let huge = "e" + String(repeating: "\u{301}", count: 10_000)
    #expect(huge.count == 1)
    let shown = Sanitizer.bounded(huge)
    #expect(shown.unicodeScalars.count == 81)
    #expect(shown.hasSuffix("…"))
    #expect(Sanitizer.quoted("ok") == "'ok'")
  }
}
