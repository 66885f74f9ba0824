import Foundation
import Testing

/// `--pick` as fzf users run it on a terminal: rows shown as they arrive, a query typed before
/// the input ends, Esc while reading, and fzf's flags (--height, --preview, -1/-0, headers).
@Suite(.serialized) struct PickerStreamingTerminalTests {
  private static let footer = "Enter pick · ↑↓ move"

  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("searchshell-\(name)-\(UUID().uuidString)")
      .path
  }

  /// The check: a slow producer's first row shows before the producer ends (here, it
  /// writes its second row only once the test has seen the first).
  @Test func aSlowProducersFirstRowShowsAtOnce() async throws {
    let out = temporaryPath("slow")
    let flag = temporaryPath("flag")
    defer { for path in [out, flag] { try? FileManager.default.removeItem(atPath: path) } }
    let terminal = try TerminalSession(
      arguments: "--pick > '\(out)'",
      setup: "(echo alpha; while [ ! -e '\(flag)' ]; do sleep 0.05; done; echo beta) | ")
    var screen = try await terminal.waitFor("› 1  alpha")
    #expect(screen.contains("› 1  alpha"))
    // The spinner turns in front of the count while the input goes on.
    let count = screen.split(separator: "\n").first { $0.hasSuffix(" 1/1 · main table") }
    #expect(count.map { $0.first != " " } == true)
    #expect(!screen.contains("beta"))
    #expect(FileManager.default.createFile(atPath: flag, contents: Data()))
    screen = try await terminal.waitFor("  2/2 · main table")
    #expect(screen.contains("  2  beta"))
    try terminal.send("Down", "Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "beta\n")
  }

  /// A query typed while rows still arrive is the query's answer over every row at the end
  /// (the producer goes on only when the test has seen each step).
  @Test func aQueryTypedMidStreamIsRightAtTheEnd() async throws {
    let out = temporaryPath("mid")
    let flag = temporaryPath("flag")
    defer { for path in [out, flag + "1", flag + "2"] { try? FileManager.default.removeItem(atPath: path) } }
    let wait = { (step: Int) in "while [ ! -e '\(flag)\(step)' ]; do sleep 0.05; done" }
    let terminal = try TerminalSession(
      arguments: "--pick -e > '\(out)'",
      setup:
        "(printf 'apple\\nbanana\\n'; \(wait(1)); printf 'cherry\\nblueberry\\n'; \(wait(2)); printf 'bilberry\\n') | "
    )
    try await terminal.waitFor("› 1  apple")
    try terminal.type("berry")
    try await terminal.waitFor(" 0/2 · results table")
    #expect(FileManager.default.createFile(atPath: flag + "1", contents: Data()))
    try await terminal.waitFor(" 1/4 · results table")
    #expect(FileManager.default.createFile(atPath: flag + "2", contents: Data()))
    let screen = try await terminal.waitFor("  2/5 · results table")
    #expect(screen.contains("› 1  blueberry") && screen.contains("  2  bilberry"))
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "blueberry\n")
  }

  /// Esc while an endless producer writes: the picker leaves at once with 130, and the producer
  /// ends on its next write.
  @Test(arguments: ["Escape", "C-c"])
  func leavingWhileReadingExits130AtOnce(_ key: String) async throws {
    let terminal = try TerminalSession(
      arguments: "--pick", setup: "while :; do echo row; sleep 0.05; done | ")
    try await terminal.waitFor(Self.footer)
    try terminal.send(key)
    let screen = try await terminal.waitFor("EXIT=", timeout: 5)
    #expect(screen.contains("EXIT=130"))
    #expect(!screen.contains(Self.footer))
  }

  /// An endless input stops at the load limit: one note says how many rows are kept, and the
  /// count says the same.
  @Test func theLoadLimitStopsReadingAndKeepsTheRows() async throws {
    let terminal = try TerminalSession(
      arguments: "--pick", setup: "yes row | env SEARCHSHELL_LOAD_LIMIT=64K ")
    let screen = try await terminal.waitFor("reading 'stdin' stopped at the load limit of 64.0 KiB")
    let note = try #require(screen.split(separator: "\n").first { $0.hasPrefix("! ") })
    let kept = try #require(note.dropFirst(2).split(separator: " ").first)
    #expect(screen.contains("  \(kept)/\(kept) · main table"))
    #expect(Int(kept.filter(\.isNumber)) ?? 0 > 1_000)
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("row\nEXIT=0"))
  }

  /// --height takes that many lines below the command, leaving the lines above as they were,
  /// and the screen clean after.
  @Test func heightDrawsBelowThePromptAndLeavesTheLinesAbove() async throws {
    let terminal = try TerminalSession(
      arguments: "--pick --height 6", setup: "clear; echo keep1; echo keep2; seq 1 100 | ")
    var screen = try await terminal.waitFor("  100/100 · main table")
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(Array(lines.prefix(3)) == ["keep1", "keep2", "> [ |Search ] Cancel"])
    #expect(lines[3].hasPrefix("  100/100 · main table") && lines[7].hasPrefix(Self.footer))
    try terminal.send("Escape")
    screen = try await terminal.waitFor("EXIT=")
    lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(Array(lines.prefix(3)) == ["keep1", "keep2", "EXIT=130"])
  }

  /// --preview runs the command for the highlighted row, `{}` quoted, beside the rows.
  @Test func previewShowsTheCommandsOutputForTheRow() async throws {
    let terminal = try TerminalSession(
      arguments: "--pick --preview 'echo P:{}; echo n={n}'", setup: "printf \"it's\\nb\\n\" | ")
    var screen = try await terminal.waitFor("│P:it's")
    #expect(screen.contains("│n=0"))
    try terminal.send("Down")
    screen = try await terminal.waitFor("│P:b")
    #expect(screen.contains("│n=1") && !screen.contains("P:it's"))
    try terminal.send("Escape")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=130"))
  }

  /// The header's lines show above the rows; they are neither searched nor picked.
  @Test func headerLinesAreShownNotPicked() async throws {
    let out = temporaryPath("header")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let terminal = try TerminalSession(
      arguments: "--pick --header-lines 1 --header 'fruit list' -q a > '\(out)'",
      setup: "printf 'NAME\\napple\\nbanana\\n' | ")
    let screen = try await terminal.waitFor("  2/2 · results table")
    #expect(screen.contains("fruit list\nNAME\n› 1  apple"))
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "apple\n")
  }

  /// From a terminal with no FILE: `SEARCHSHELL_DEFAULT_COMMAND`'s output (its failure said
  /// above the rows), else the files under the current folder.
  @Test(arguments: [
    ("env SEARCHSHELL_DEFAULT_COMMAND='printf \"one\\ntwo\\n\"; exit 3' ", "  2/2 · main table", "3"),
    ("", "  2/2 · main table", "f1"),
  ])
  func fromATerminalTheDefaultCommandOrTheFiles(_ example: (String, String, String)) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "picker-walk-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for file in ["sub/f1", ".git/config", "f2"] {
      let url = folder.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    let terminal = try TerminalSession(arguments: "--pick", setup: "cd '\(folder.path)' && \(example.0)")
    let screen = try await terminal.waitFor(example.1)
    #expect(screen.contains(example.2))
    #expect(!screen.contains("config"))
    if example.0.isEmpty {
      #expect(screen.contains("sub/f1") && screen.contains("f2"))
    } else {
      #expect(screen.contains("that lists the rows failed (it ended with status 3)"))
    }
    try terminal.send("Escape")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=130"))
  }

  /// -1 picks the only match and -0 ends with none, without drawing (so without a terminal).
  @Test(arguments: [
    (["-1", "-q", "ban"], "banana\n", 0), (["-0", "-q", "zz"], "", 1), (["-1", "-0", "-q", "zz"], "", 1),
  ])
  func selectOneAndExitZeroDecideWithoutDrawing(_ example: ([String], String, Int32)) throws {
    let result = try ShellProcess.run(["--pick"] + example.0, input: "apple\nbanana\ncherry\n")
    #expect(result.stdout == example.1)
    #expect(result.stderr == "")
    #expect(result.status == example.2)
  }
}
