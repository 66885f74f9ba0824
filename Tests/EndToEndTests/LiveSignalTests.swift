import Foundation
import Testing

/// Signals in live mode on a real terminal: whatever ends or stops the shell leaves the terminal
/// cooked with the cursor shown; once continued, live mode is raw again and redrawn.
///
/// The modes are read from the pane's terminal device itself, not with `stty` under an
/// interactive bash, which restores the terminal after a job dies of a signal and would hide
/// the shell's own failure.
@Suite(.serialized) struct LiveSignalTests {
  private static let footer = "Enter search · Esc cancel"

  /// The program the pane's `sh -c` started: its child.
  private func shellPID(_ terminal: TerminalSession) throws -> pid_t? {
    guard let parent = try terminal.panePID() else { return nil }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // "pid (name) state ppid ...": the name may hold spaces, so split after its parenthesis.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, pid_t(fields[1]) == parent { return pid }
    }
    return nil
  }

  /// The pane's terminal modes: whether echo, canonical input and key signals are on.
  private func modes(_ terminal: TerminalSession) throws -> (echo: Bool, canonical: Bool, signals: Bool) {
    try terminal.inputModes()
  }

  /// Waits until the pane's modes are `cooked` (or not), up to a few seconds.
  private func waitForModes(_ terminal: TerminalSession, cooked: Bool) async throws -> Bool {
    for _ in 0..<100 {
      let now = try modes(terminal)
      if now.echo == cooked && now.canonical == cooked && now.signals == cooked { return true }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    return false
  }

  @Test(arguments: [SIGUSR1, SIGALRM, SIGTERM, SIGHUP, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGQUIT])
  func everyTerminatingSignalLeavesTheTerminalCooked(signal: Int32) async throws {
    let terminal = try TerminalSession(arguments: "--dataset candies --live")
    try await terminal.waitFor(Self.footer)
    #expect(try await waitForModes(terminal, cooked: false))
    #expect(try !terminal.cursorShown())
    let pid = try #require(try shellPID(terminal))
    #expect(kill(pid, signal) == 0)
    let screen = try await terminal.waitFor("EXIT=")
    // Died of the signal, as its default action says (the shell reports 128 + the signal).
    #expect(screen.contains("EXIT=\(128 + signal)"))
    #expect(try await waitForModes(terminal, cooked: true), "signal \(signal)")
    #expect(try terminal.cursorShown())
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGUSR1, SIGALRM])
  func aSignalAtTheReadlinePromptLeavesTheTerminalCooked(signal: Int32) async throws {
    let terminal = try TerminalSession(arguments: "--dataset candies")
    try await terminal.waitFor("candies>")
    // Readline reads in its own mode: no echo, no canonical input (key signals stay on).
    let reading = try modes(terminal)
    #expect(!reading.echo && !reading.canonical)
    let pid = try #require(try shellPID(terminal))
    #expect(kill(pid, signal) == 0)
    let screen = try await terminal.waitFor("EXIT=")
    #expect(screen.contains("EXIT=\(128 + signal)"))
    #expect(try await waitForModes(terminal, cooked: true), "signal \(signal)")
  }

  @Test func stopRestoresTheTerminalAndContinueReentersRawModeAndRedraws() async throws {
    let terminal = try TerminalSession(arguments: "--dataset candies --live")
    try await terminal.waitFor(Self.footer)
    try terminal.type("c")
    try await terminal.waitFor("[ c| ]")
    let pid = try #require(try shellPID(terminal))
    #expect(kill(pid, SIGTSTP) == 0)
    #expect(try await waitForModes(terminal, cooked: true))
    #expect(try terminal.cursorShown())
    try terminal.send("C-l")
    #expect(kill(pid, SIGCONT) == 0)
    #expect(try await waitForModes(terminal, cooked: false))
    // Raw again: a key goes to live mode at once (no echo, no Enter) and the frame follows it.
    try terminal.type("h")
    let screen = try await terminal.waitFor("[ ch| ]")
    #expect(screen.contains("results table"))
    #expect(try !terminal.cursorShown())
    // Stopped a second time: the handler put itself back after the first stop.
    #expect(kill(pid, SIGTSTP) == 0)
    #expect(try await waitForModes(terminal, cooked: true))
    #expect(kill(pid, SIGCONT) == 0)
    #expect(try await waitForModes(terminal, cooked: false))
    try terminal.send("Escape")
    try await terminal.waitFor("candies>")
    try terminal.type("quit")
    try terminal.send("Enter")
    try await terminal.waitFor("EXIT=0")
    #expect(try await waitForModes(terminal, cooked: true))
  }
}
