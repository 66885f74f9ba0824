import Foundation
import Testing

/// Live mode on a real terminal (tmux): keys are lifecycle events, the screen follows them, and
/// the state it leaves is what the equivalent commands leave.
@Suite(.serialized) struct LiveModeTests {
  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("searchshell-\(name)-\(UUID().uuidString)")
      .path
  }

  private static let footer = "Enter search · Esc cancel"

  /// Types `text` one key at a time, waiting for each to reach the bar, so no two arrive in
  /// one read (which would be a paste).
  private func typeSlowly(_ text: String, into terminal: TerminalSession, after existing: String = "")
    async throws
  {
    var typed = existing
    for character in text {
      try terminal.type(String(character))
      typed.append(character)
      try await terminal.waitFor("[ \(typed)|")
    }
  }

  @Test func typingBackspaceTabEnterAndEsc() async throws {
    let terminal = try TerminalSession(
      arguments: "--dataset candies --live")
    var screen = try await terminal.waitFor(Self.footer)
    #expect(screen.contains("[ |Search for Candy ] Cancel"))
    #expect(screen.contains("scope: [All] Chocolate Hard Other"))
    try await typeSlowly("cho", into: terminal)
    try terminal.send("BSpace")
    screen = try await terminal.waitFor("[ ch| ] Cancel")
    #expect(screen.contains("results table · 4 of 9"))
    try terminal.send("Tab")
    screen = try await terminal.waitFor("[Chocolate]")
    #expect(screen.contains("results table · 3 of 9 · scope Chocolate"))
    try terminal.send("BTab")
    try await terminal.waitFor("scope: [All]")
    try terminal.send("Enter")
    screen = try await terminal.waitFor("[ ch ] Cancel")
    try terminal.send("Escape")
    screen = try await terminal.waitFor("candies>")
    #expect(!screen.contains(Self.footer))
    screen = try await terminal.command("status", waitFor: "selected:")
    #expect(screen.contains("active: false"))
    #expect(screen.contains("text: \"\""))
  }

  @Test func pasteIsOneChangeAndTheTraceFileMatchesTheCommands() async throws {
    let trace = temporaryPath("trace.jsonl")
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let terminal = try TerminalSession()
    try await terminal.waitFor("countries>")
    try await terminal.command("trace json \(trace)", waitFor: "countries> trace")
    try await terminal.command("live", waitFor: Self.footer)
    try await typeSlowly("land", into: terminal)
    try terminal.send("BSpace")
    try await terminal.waitFor("[ lan| ]")
    try terminal.paste("d Islands")
    let screen = try await terminal.waitFor("[ land Islands| ]")
    #expect(screen.contains("Åland Islands"))
    try terminal.send("C-c")
    let status = try await terminal.command("status", waitFor: "selected:")
    #expect(status.contains("text: \"land Islands\""))
    #expect(status.contains("active: true"))

    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
    let commands = try ShellProcess.run([
      "-c", "trace json", "-c", "focus", "-c", "type land", "-c", "backspace", "-c", "search land Islands",
    ])
    #expect(lines == commands.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{") })
    let paste = lines.filter { $0.contains("shouldChangeTextIn") }.last ?? ""
    #expect(
      paste.contains(
        "\"shouldChangeTextIn\":{\"location\":0,\"length\":3},\"replacementText\":\"land Islands\""))
  }

  @Test func highlightOpensTheDetailAndCtrlCKeepsTheState() async throws {
    let terminal = try TerminalSession(arguments: "--live")
    try await terminal.waitFor(Self.footer)
    try await typeSlowly("ger", into: terminal)
    try terminal.send("Down")
    try terminal.send("Down")
    var screen = try await terminal.waitFor("› 2  Germany")
    #expect(screen.contains("  1  Algeria"))
    try terminal.send("C-o")
    screen = try await terminal.waitFor("< Back   Germany")
    try terminal.send("Escape")
    screen = try await terminal.waitFor("  2  Germany")
    #expect(screen.contains(Self.footer))
    try terminal.send("C-c")
    screen = try await terminal.command("status", waitFor: "selected:")
    #expect(screen.contains("selected: \"Germany\""))
    #expect(screen.contains("text: \"ger\""))
  }

  @Test func redrawsToTheNewSizeOnResize() async throws {
    let terminal = try TerminalSession(
      arguments: "--dataset fruits --live")
    var screen = try await terminal.waitFor(Self.footer)
    #expect(screen.contains("16  Raspberries"))
    try terminal.resize(width: 60, height: 10)
    screen = try await terminal.waitFor("  5  Grapefruits")
    #expect(screen.contains(Self.footer))
    #expect(!screen.contains("Raspberries"))
    try terminal.resize(width: 120, height: 50)
    screen = try await terminal.waitFor("16  Raspberries")
    #expect(screen.contains("16  Raspberries"))
    #expect(screen.contains(Self.footer))
  }

  @Test func navigationBarAndHiddenBar() async throws {
    let terminal = try TerminalSession(arguments: "--dataset fruits")
    try await terminal.waitFor("fruits>")
    try await terminal.command("set hides-nav-bar off", waitFor: "fruits> set")
    try await terminal.command("set bar-hidden on", waitFor: "main table")
    var screen = try await terminal.command("live", waitFor: Self.footer)
    // The bar is out of sight, so entering live mode cannot tap into it; Up pulls it down.
    #expect(!screen.contains("[ Search ]"))
    #expect(screen.contains("Fruits · main table · 16 of 16") || screen.contains("main table · 16 of 16"))
    try terminal.send("Up")
    screen = try await terminal.waitFor("[ Search ]")
    try await typeSlowly("ap", into: terminal)
    screen = try await terminal.waitFor("results table · 4 of 16")
    // hides-nav-bar off: the title bar stays while searching.
    #expect(screen.split(separator: "\n").contains("Fruits"))
    try terminal.send("C-c")
    try await terminal.command("set hides-nav-bar on", waitFor: "fruits> set hides-nav-bar on")
    screen = try await terminal.command("live", waitFor: Self.footer)
    #expect(!screen.split(separator: "\n").suffix(49).contains("Fruits"))
  }
}
