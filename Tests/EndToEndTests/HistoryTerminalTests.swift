import Foundation
import Testing

/// The history file on real terminals: two sessions at once, a long history, a new state folder.
@Suite(.serialized) struct HistoryTerminalTests {
  private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `line` at the prompt and waits for its output.
  private func run(_ terminal: TerminalSession, _ line: String, expecting output: String) async throws {
    try terminal.type(line)
    try terminal.send("Enter")
    try await terminal.waitFor(output)
  }

  @Test func twoSessionsOnOneHistoryFileKeepEveryEntry() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history").path
    try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: path))
    do {
      let first = try TerminalSession(historyPath: path)
      let second = try TerminalSession(historyPath: path)
      try await first.waitFor("countries>")
      try await second.waitFor("countries>")
      try await run(first, "search ger", expecting: "4 of 249")
      try await run(second, "search fra", expecting: "of 249")
      try await run(first, "select 1", expecting: "Selected row 1: Algeria")
      try await run(second, "status", expecting: "selected: none")
      for terminal in [first, second] {
        try terminal.send("C-d")
        try await terminal.waitFor("EXIT=")
      }
    }
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved == "earlier\nsearch ger\nsearch fra\nselect 1\nstatus\n")
  }

  /// Issue 37: a FIFO as the history file is refused with one warning.
  ///
  /// It made every command wait until Ctrl-C; now they run at once and the arrow keys still
  /// recall them.
  @Test func aFIFOAsTheHistoryFileIsRefusedWithOneWarning() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history").path
    #expect(mkfifo(path, 0o600) == 0)
    // Standard error to a file: the banner and the first page would scroll the warning away.
    let errors = folder.appendingPathComponent("errors").path
    let terminal = try TerminalSession(historyPath: path, arguments: "2> '\(errors)'")
    try await terminal.waitFor("countries>")
    try await run(terminal, "search ger", expecting: "4 of 249")
    try await run(terminal, "select 1", expecting: "Selected row 1: Algeria")
    try terminal.send("Up", "Up")
    try await terminal.waitFor("countries> search ger")
    try terminal.send("C-u", "C-d")
    try await terminal.waitFor("EXIT=")
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8)
        == "warning: history kept in memory only: '\(path)' is not a regular file (a FIFO, a device or a folder)\n"
    )
    var status = stat()
    #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aLongHistoryIsNotCutAndTheNewestIsRecalled() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history").path
    let count = 5000
    try Data((0..<count).map { "search \($0)\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
    do {
      let terminal = try TerminalSession(historyPath: path)
      try await terminal.waitFor("countries>")
      try await run(terminal, "status", expecting: "selected: none")
      try terminal.send("Up", "Up")
      try await terminal.waitFor("countries> search \(count - 1)")
      try terminal.send("C-u", "C-d")
      try await terminal.waitFor("EXIT=")
    }
    let saved = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(saved.count == count + 1)
    #expect(saved.first == "search 0" && saved.last == "status")
  }

  @Test func aNewStateFolderIs0700UnderUmask000() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.appendingPathComponent("state").path
    do {
      // SEARCHSHELL_HISTORY empty falls back to $XDG_STATE_HOME/searchshell/history.
      let terminal = try TerminalSession(
        historyPath: "", setup: "umask 000; export XDG_STATE_HOME='\(state)'; ")
      try await terminal.waitFor("countries>")
      try await run(terminal, "status", expecting: "selected: none")
      try terminal.send("C-d")
      try await terminal.waitFor("EXIT=")
    }
    let history = state + "/searchshell/history"
    #expect(try String(contentsOfFile: history, encoding: .utf8) == "status\n")
    for (path, mode) in [(history, 0o600), (state + "/searchshell", 0o700), (state, 0o700)] {
      let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(permissions == mode, "\(path)")
    }
  }
}
