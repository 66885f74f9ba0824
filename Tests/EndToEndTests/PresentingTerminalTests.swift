import Foundation
import ShellCoreTestSupport
import Testing

/// A speaker's script on a real terminal (tmux): `--step`, `pause`, `type` redrawn in place,
/// and `record --cast` at the prompt.
@Suite(.serialized) struct PresentingTerminalTests {
  /// A script file holding `lines`, removed by the caller's `defer`.
  private func script(_ lines: String...) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-demo-\(UUID().uuidString).txt"
    ).path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The screen's lines that show the search bar.
  private func barLines(_ screen: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.hasPrefix("[ ") }
  }

  @Test func stepShowsEachActionAndWaitsForEnterWithoutEchoingKeys() async throws {
    let path = try script("echo Ready.", "focus", "type ger")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = try TerminalSession(arguments: "--step -f '\(path)'")
    var screen = try await terminal.waitFor("> focus")
    #expect(screen.contains("Ready.\n> focus"))
    #expect(!screen.contains("Search here"))
    // Keys other than Enter neither run the action nor show on the screen.
    try terminal.type("xyz")
    try await Task.sleep(nanoseconds: 400_000_000)
    screen = try terminal.screen()
    #expect(!screen.contains("xyz"))
    #expect(!screen.contains("Search here"))
    try terminal.send("Enter")
    screen = try await terminal.waitFor("> type ger")
    #expect(screen.contains("[ |Search here... ] Cancel\nresults table · 0 of 249\n> type ger"))
    #expect(!screen.contains("Nigeria"))
    try terminal.send("Enter")
    screen = try await terminal.waitFor("EXIT=")
    #expect(screen.contains("4  Nigeria\nEXIT=0"))
    #expect(!screen.contains("xyz"))
    // Each command shows once: the step's line is the echo.
    #expect(screen.components(separatedBy: "> focus").count == 2)
    #expect(try terminal.inputModes() == (true, true, true))
  }

  @Test func pauseWaitsForAnyKey() async throws {
    let path = try script("echo before", "pause", "echo after")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = try TerminalSession(arguments: "-f '\(path)'")
    try await terminal.waitFor("before")
    try await Task.sleep(nanoseconds: 500_000_000)
    #expect(try !terminal.screen().contains("after"))
    #expect(try terminal.inputModes().echo == false)
    try terminal.send("q")
    let screen = try await terminal.waitFor("EXIT=")
    #expect(screen.contains("before\nafter\nEXIT=0"))
    #expect(!screen.contains("q"))
  }

  @Test func ctrlCInAPauseEndsTheScriptWithTheTerminalCooked() async throws {
    let path = try script("echo before", "pause", "echo after")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = try TerminalSession(arguments: "-f '\(path)'")
    try await terminal.waitFor("before")
    try terminal.send("C-c")
    let screen = try await terminal.waitFor("EXIT=")
    #expect(screen.contains("EXIT=130"))
    #expect(!screen.contains("after"))
    #expect(try terminal.inputModes() == (true, true, true))
    #expect(try terminal.cursorShown())
  }

  @Test func thePaceWaitsBeforeTheNextActionNotBeforeNarration() async throws {
    let path = try script("echo one", "focus", "echo two", "# a note", "expect active true", "type ger")
    defer { try? FileManager.default.removeItem(atPath: path) }
    // A pace far longer than the test: whatever shows, showed without waiting for it.
    let terminal = try TerminalSession(arguments: "--echo --pace 50s -f '\(path)'")
    let screen = try await terminal.waitFor("> expect active true")
    #expect(screen.contains("one\n> focus\n[ |Search here... ] Cancel\nresults table · 0 of 249\ntwo\n"))
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try !terminal.screen().contains("> type ger"))
    // Ctrl-C ends a script's wait as it ends the script.
    try terminal.send("C-c")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=130"))
  }

  @Test func ctrlCAtThePromptStopsAPacedSourceAndKeepsTheSession() async throws {
    let path = try script("focus", "type ger", "echo never")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = try TerminalSession(arguments: "--pace 50s")
    try await terminal.waitFor("countries>")
    try terminal.type("source \(path)")
    try terminal.send("Enter")
    try await terminal.waitFor("results table · 0 of 249")
    try terminal.send("C-c")
    // The wait was before line 2: it does not run, and the script stops there.
    let screen = try await terminal.waitFor("stopped before line 2")
    #expect(screen.contains("error: Cancelled 'source' (Ctrl-C): stopped before line 2"))
    #expect(!screen.contains("never"))
    try terminal.type("status")
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("firstResponder:").contains("text: \"\"\nfirstResponder: true"))
  }

  @Test func typeRedrawsTheBarInPlaceKeyByKey() async throws {
    let path = try script("echo go", "type abcdefgh")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bytes = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-bytes-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: bytes) }
    let terminal = try TerminalSession(arguments: "--step --type-delay 150ms -f '\(path)'")
    try await terminal.waitFor("> type abcdefgh")
    try terminal.recordOutput(to: bytes)
    try terminal.send("Enter")
    // Mid-typing the bar is one line, redrawn: no line per character.
    var screen = try await terminal.waitFor("[ abcd|", timeout: 5)
    #expect(barLines(screen).count == 1)
    screen = try await terminal.waitFor("EXIT=")
    #expect(barLines(screen) == ["[ abcdefgh| ] Cancel"])
    let written = try String(contentsOfFile: bytes, encoding: .utf8)
    #expect(written.contains("\r\u{1B}[K[ a| ] Cancel\r\u{1B}[K[ ab| ] Cancel"))
  }

  @Test func recordCastAtThePromptKeepsWhatTheTerminalShowed() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-\(UUID().uuidString).cast"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let terminal = try TerminalSession()
    try await terminal.waitFor("countries>")
    for (line, marker) in [
      ("record --cast \(path)", "Recording the screen"), ("search ger", "4  Nigeria"),
      ("live", "Esc cancel"),
    ] {
      try terminal.type(line)
      try terminal.send("Enter")
      try await terminal.waitFor(marker)
    }
    // Live mode draws its own frames; the cast gets them too.
    try terminal.type("m")
    try await terminal.waitFor("[ germ|")
    try terminal.send("Escape")
    try await terminal.waitFor("countries> ")
    try terminal.type("record stop")
    try terminal.send("Enter")
    try await terminal.waitFor("Stopped the cast")
    let cast = try CastFile(try String(contentsOfFile: path, encoding: .utf8))
    // The header has the terminal's size (tmux: 120 × 50).
    #expect((cast.width, cast.height) == (120, 50))
    #expect(cast.timesIncrease)
    #expect(cast.text.hasPrefix("countries> search ger\r\n[ ger| ] Cancel\r\nresults table · 4 of 249\r\n"))
    #expect(cast.text.contains("Esc cancel"))
    #expect(cast.text.contains("[ germ|"))
    #expect(cast.text.hasSuffix("countries> record stop\r\n"))
  }
}
