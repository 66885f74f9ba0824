import Foundation
import Testing

/// Ctrl-C at a real terminal stops long work with one line and returns to the prompt, with
/// the session as it was.
@Suite(.serialized) struct CtrlCTests {
  @Test func ctrlCStopsAListOfManyRowsAndASourcedScript() async throws {
    // A million rows, as the pager's test lists: 300,000 were once listed whole before the
    // Ctrl-C sent when the first rows showed arrived.
    let rows = try GeneratedRows(1_000_000, folderPrefix: "ctrl-c")
    let script = rows.folder.appendingPathComponent("long.ss")
    try Data((String(repeating: "list all\n", count: 50) + "echo SCRIPT-END\n").utf8).write(to: script)
    let terminal = try TerminalSession(arguments: "--dataset '\(rows.path)'")
    try await terminal.waitFor("rows>")
    var screen = try await terminal.cancelListingAll()
    #expect(screen.contains("error: Cancelled 'list' (Ctrl-C): stopped after"))
    try terminal.type("status")
    try terminal.send("Enter")
    screen = try await terminal.waitFor("selected: none")
    #expect(screen.contains("rows: 1000000"))

    try terminal.send("C-l")
    try terminal.type("source \(script.path)")
    try terminal.send("Enter")
    try await terminal.waitFor("  row ")
    try terminal.send("C-c")
    screen = try await terminal.waitFor("(Ctrl-C)")
    try await Task.sleep(nanoseconds: 500_000_000)
    screen = try terminal.screen()
    #expect(!screen.contains("SCRIPT-END"))
    #expect(screen.components(separatedBy: "(Ctrl-C)").count == 2)
    try terminal.type("quit")
    try terminal.send("Enter")
    try await terminal.waitFor("EXIT=0")
  }

  @Test func keysTypedWithTheCtrlCThatLeavesLiveModeReachThePrompt() async throws {
    let terminal = try TerminalSession(arguments: "--dataset candies --live")
    try await terminal.waitFor("Enter search · Esc cancel")
    try terminal.type("ch")
    try await terminal.waitFor("[ ch| ]")
    // One write, so live mode reads Ctrl-C and the next command together.
    try terminal.send("C-c", "s", "t", "a", "t", "u", "s", "Enter")
    let screen = try await terminal.waitFor("selected: none")
    #expect(screen.contains("candies> status"))
    #expect(screen.contains("text: \"ch\""))
  }
}
