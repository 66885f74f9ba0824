import Foundation
import Testing

/// `--filter` and `--pick` as fzf users pipe them: the rows of standard input, the picked or
/// matching ones on standard output, fzf's exit statuses.
@Suite(.serialized) struct PickerTests {
  private static let fruits = "apple\nbanana\ncherry\n"
  private static let footer = "Enter pick · ↑↓ move"

  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("searchshell-\(name)-\(UUID().uuidString)")
      .path
  }

  struct FilterCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let input: String
    let stdout: String
    let status: Int32
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let filterCases: [FilterCase] = [
    FilterCase(arguments: ["--filter", "an"], input: fruits, stdout: "banana\n", status: 0),
    FilterCase(arguments: ["--filter", "zz"], input: fruits, stdout: "", status: 1),
    FilterCase(arguments: ["--filter", ""], input: fruits, stdout: fruits, status: 0),
    FilterCase(arguments: ["--filter=a", "--match", "prefix"], input: fruits, stdout: "apple\n", status: 0),
    // Fuzzy ranks best first: the contiguous match before the scattered one.
    FilterCase(
      arguments: ["--filter", "bna", "--match", "fuzzy"], input: "banana\nbnana\ncherry\n",
      stdout: "bnana\nbanana\n", status: 0),
    // Every line is a row, whatever it looks like: JSON and CSV stay lines.
    FilterCase(
      arguments: ["--filter", "x", "-e"], input: "[\"x\"]\na,x\n", stdout: "[\"x\"]\na,x\n", status: 0),
    // Into a pipe the rows are the input's bytes, escapes and all.
    FilterCase(
      arguments: ["--filter", "t"], input: "ti\u{1B}]0;x\u{7}tle\n", stdout: "ti\u{1B}]0;x\u{7}tle\n",
      status: 0),
  ]

  @Test(arguments: filterCases)
  func filterPrintsTheMatchingRows(_ example: FilterCase) throws {
    let result = try ShellProcess.run(example.arguments, input: example.input)
    #expect(result.stdout == example.stdout)
    #expect(result.stderr == "")
    #expect(result.status == example.status)
  }

  @Test(arguments: [
    (["--filter", "(", "--match", "regex"], "error: Invalid pattern '(' at position 1"),
    (["--filter", "a", "--match", "loose"], "error: Invalid value 'loose' for '--match'"),
    (["--pick", "--filter", "a"], "error: Use either '--pick' or '--filter', not both"),
    (["--filter", "a", "-c", "status"], "error: '-c' does not go with '--pick' or '--filter'"),
    (["--filter", "a", "--bogus"], "error: Unknown option '--bogus'."),
    (["--filter", "a", "--height", "0"], "error: Invalid value '0' for '--height'"),
    (["--filter", "a", "--nth", "0"], "error: Invalid value '0' for '--nth'"),
    (["--filter", "a", "+i"], "error: '+i' matches case with '--exact'"),
  ])
  func badPickerArgumentsExit2AsFzf(_ example: ([String], String)) throws {
    let result = try ShellProcess.run(example.0, input: Self.fruits)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix(example.1))
    #expect(result.status == 2)
  }

  /// Off a picking command line fzf's names are not options, and the error says where they go.
  @Test func aPickerOptionAloneSaysWhereItGoes() throws {
    let result = try ShellProcess.run(["--query", "a", "-c", "status"], input: "")
    #expect(result.stderr.hasPrefix("error: '--query' goes with '--pick' or '--filter' (fzf's options)"))
    #expect(result.status == 64)
  }

  /// The issue's check: the picker in a terminal, `ch`, Enter, and standard output holds
  /// exactly `cherry`.
  @Test func pickerPrintsTheRowPicked() async throws {
    let out = temporaryPath("picked")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let terminal = try TerminalSession(
      arguments: "--pick > '\(out)'",
      setup: "printf '\(Self.fruits.replacingOccurrences(of: "\n", with: "\\n"))' | ")
    var screen = try await terminal.waitFor(Self.footer)
    #expect(screen.contains("› 1  apple"))
    try terminal.type("c")
    try await terminal.waitFor("[ c| ]")
    try terminal.type("h")
    screen = try await terminal.waitFor("1/3 · results table")
    #expect(screen.contains("› 1  cherry"))
    try terminal.send("Enter")
    screen = try await terminal.waitFor("EXIT=")
    #expect(screen.contains("EXIT=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "cherry\n")
  }

  /// Tab marks rows (and moves down), as fzf's multi-select; Enter prints the marked ones in
  /// the order they were marked (fzf's), and a query given with `--query` is already typed.
  @Test func tabMarksSeveralRows() async throws {
    let out = temporaryPath("marked")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let terminal = try TerminalSession(
      arguments: "--pick --multi --exact --query a > '\(out)'",
      setup: "printf 'cherry\\nbanana\\napple\\n' | ")
    var screen = try await terminal.waitFor("2/3 (0) · results table")
    #expect(screen.contains("[ a| ]"))
    try terminal.send("Down")
    try await terminal.waitFor("›  2  apple")
    // On the last row the highlight stays where it is.
    try terminal.send("Tab")
    try await terminal.waitFor("›• 2  apple")
    try terminal.send("Up")
    try await terminal.waitFor("›  1  banana")
    try terminal.send("Tab")
    screen = try await terminal.waitFor(" • 1  banana")
    #expect(screen.contains("›• 2  apple"))
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "apple\nbanana\n")
  }

  /// fzf's keys through tmux's real sequences: the query is edited at the caret (the issue's
  /// `foo bar`, Left, `X`), Ctrl-J moves down, Enter picks.
  @Test func fzfKeysEditAtTheCaretAndMove() async throws {
    let out = temporaryPath("keys")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let terminal = try TerminalSession(
      arguments: "--pick > '\(out)'", setup: "printf 'foo r\\nfoo bar\\nbaz\\n' | ")
    try await terminal.waitFor(Self.footer)
    try terminal.type("foo bar")
    try await terminal.waitFor("[ foo bar| ]")
    try terminal.send("Left")
    try terminal.type("X")
    try await terminal.waitFor("[ foo baX|r ]")
    try terminal.send("C-w")
    try await terminal.waitFor("[ foo |r ]")
    try terminal.send("M-b")
    try await terminal.waitFor("[ |foo r ]")
    try terminal.send("M-f", "C-u")
    try await terminal.waitFor("[ | r ]")
    try terminal.send("C-d")
    try await terminal.waitFor("[ |r ]")
    try terminal.send("End")
    let screen = try await terminal.waitFor("[ r| ]")
    #expect(screen.contains("2/3 · results table"))
    try terminal.send("C-j")
    try await terminal.waitFor("› 2  foo bar")
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "foo bar\n")
  }

  /// Esc, Ctrl-C and Ctrl-D on an empty query are fzf's abort: exit 130.
  @Test(arguments: [("Escape", "EXIT=130"), ("C-c", "EXIT=130"), ("C-d", "EXIT=130")])
  func escapeAndCtrlCPrintNothing(_ example: (String, String)) async throws {
    let out = temporaryPath("left")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let terminal = try TerminalSession(arguments: "--pick > '\(out)'", setup: "printf 'a\\nb\\n' | ")
    try await terminal.waitFor(Self.footer)
    try terminal.send(example.0)
    let screen = try await terminal.waitFor("EXIT=")
    #expect(screen.contains(example.1))
    #expect(!screen.contains(Self.footer))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "")
  }

  /// Picked onto the terminal itself, a row is escaped like every other line: it cannot set
  /// the pane's title.
  @Test func aRowPickedOntoTheTerminalIsEscaped() async throws {
    let terminal = try TerminalSession(arguments: "--pick", setup: "printf 'x\\033]0;PWNED\\007y\\n' | ")
    try await terminal.waitFor(Self.footer)
    try terminal.send("Enter")
    let screen = try await terminal.waitFor("EXIT=0")
    #expect(screen.contains("x\\e]0;PWNED\\u{7}y"))
    #expect(try !terminal.title().contains("PWNED"))
  }

  /// `--dataset -` and `load -` under `-c` read the rows from the pipe and still reach live
  /// mode, drawn on the controlling terminal.
  @Test(arguments: ["--dataset - --live", "-c 'load -' -c live -c status"])
  func liveModeOnRowsFromAPipe(_ arguments: String) async throws {
    let terminal = try TerminalSession(arguments: arguments, setup: "printf 'apple\\nbanana\\n' | ")
    var screen = try await terminal.waitFor("Enter search · Esc cancel")
    #expect(screen.contains("2 of 2"))
    try terminal.type("b")
    screen = try await terminal.waitFor("results table · 1 of 2")
    #expect(screen.contains("banana"))
    try terminal.send("C-c")
    screen = try await terminal.waitFor("EXIT=0")
    #expect(screen.contains("[ b| ] Cancel"))
  }
}
