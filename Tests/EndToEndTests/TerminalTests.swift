import Foundation
import Testing

/// readline on a real terminal: completion, Ctrl-C, Ctrl-D and the history file.
@Suite(.serialized) struct TerminalTests {
  private func temporaryHistory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("searchshell-history-\(UUID().uuidString)")
      .path
  }

  @Test func tabCompletesAndEnterRunsTheCommand() async throws {
    let terminal = try TerminalSession()
    try await terminal.waitFor("countries>")
    try terminal.type("sea")
    try terminal.send("Tab")
    try terminal.type("ger")
    try terminal.send("Enter")
    let screen = try await terminal.waitFor("4  Nigeria")
    #expect(screen.contains("countries> search ger"))
    #expect(screen.contains("results table · 4 of 249"))
  }

  /// readline asks the registry's completions: `load`'s flags and their values, and paths
  /// after the commands that write files.
  @Test func tabCompletesLoadFlagsTheirValuesAndPathsForWriters() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tab-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: folder.appendingPathComponent("sequence.mmd"))
    let terminal = try TerminalSession()
    try await terminal.waitFor("countries>")
    try terminal.type("load candies --fo")
    try terminal.send("Tab")
    try terminal.type("ts")
    try terminal.send("Tab")
    try await terminal.waitFor("countries> load candies --format tsv")
    try terminal.send("C-u")
    try terminal.type("focus")
    try terminal.send("Enter")
    try terminal.type("diagram last \(folder.path)/seq")
    try terminal.send("Tab")
    try terminal.send("Enter")
    let screen = try await terminal.waitFor("(Mermaid)")
    #expect(screen.contains("countries> diagram last \(folder.path)/sequence.mmd"))
    #expect(!screen.contains("error:"))
    let written = try String(contentsOf: folder.appendingPathComponent("sequence.mmd"), encoding: .utf8)
    #expect(written.hasPrefix("sequenceDiagram"))
  }

  @Test func ctrlCDiscardsTheLineAndCtrlDExitsZero() async throws {
    let terminal = try TerminalSession()
    try await terminal.waitFor("countries>")
    try terminal.type("select 99")
    try await terminal.waitFor("countries> select 99")
    try terminal.send("C-c")
    try await terminal.waitFor("countries> select 99\ncountries>")
    try terminal.type("status")
    try terminal.send("Enter")
    let screen = try await terminal.waitFor("selected: none")
    #expect(!screen.contains("error:"))
    #expect(screen.contains("active: false"))
    try terminal.send("C-d")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
  }

  @Test func historyPersistsWithMode0600AndNoConsecutiveDuplicates() async throws {
    let path = temporaryHistory()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let terminal = try TerminalSession(historyPath: path)
      try await terminal.waitFor("countries>")
      for line in ["status", "status", "", "focus", "status"] {
        if !line.isEmpty { try terminal.type(line) }
        try terminal.send("Enter")
      }
      try terminal.send("C-d")
      try await terminal.waitFor("EXIT=")
    }
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved == "status\nfocus\nstatus\n")
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)

    // A second session starts with that history: Up recalls the last command.
    let terminal = try TerminalSession(historyPath: path)
    try await terminal.waitFor("countries>")
    try terminal.send("Up")
    #expect(try await terminal.waitFor("countries> status").contains("countries> status"))
  }
}
