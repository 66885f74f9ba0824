import BackendsTestSupport
import Foundation
import Testing

@testable import Backends

/// Ctrl-C (SIGINT) in a run whose commands come from `-c` or a pipe ends the process, as the
/// shell's contract says, and the statement the server was running for it stops too (by the
/// shell's `PQcancel`: the server's connection check is off in those runs, so it cannot be what
/// stopped it); a client killed outright (SIGKILL) has its statement stopped by the server's own
/// connection check, which the shell turns on.
@Suite(.serialized, .enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresScriptInterruptTests {
  /// `script_slow`: a view of 20,000 rows "apple N" that pauses about 1 ms on each row it reads,
  /// so counting or searching it takes about 20 s.
  static let table: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    for statement in [
      "DROP VIEW IF EXISTS script_slow", "DROP TABLE IF EXISTS script_base",
      "CREATE TABLE script_base AS SELECT i AS id, 'apple ' || i AS name FROM generate_series(1, 20000) AS i",
      "ALTER TABLE script_base ADD PRIMARY KEY (id)", "ANALYZE script_base",
      "CREATE OR REPLACE FUNCTION script_pause() RETURNS boolean LANGUAGE sql VOLATILE COST 100000 "
        + "AS 'SELECT true FROM pg_sleep(0.001)'",
      "CREATE VIEW script_slow AS SELECT id, name FROM script_base WHERE script_pause()",
    ] {
      try connection.run(PostgresStatement(statement), about: "setup")
    }
    return cluster
  }

  /// The statements running for application `name` for at least `seconds`, as the server sees them.
  static func running(_ name: String, for seconds: Double = 0, on connection: PostgresConnection) throws
    -> Int
  {
    let rows = try connection.run(
      PostgresStatement(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' "
          + "AND now() - query_start >= $2::float8 * interval '1 second'",
        [name, String(seconds)]), about: "activity")
    return Int(rows.scalar ?? "") ?? 0
  }

  /// Polls `condition` every 50 ms for up to `seconds`; whether it became true.
  static func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return try condition()
  }

  /// Starts the shell on the slow view, waits until the server runs its statement, sends `signal`.
  ///
  /// By `-c`, or piped when `piped`; with SIGINT ignored when `ignoringInterrupt`, as `nohup`
  /// starts it. Returns the process's exit and whether the server still ran a statement for it
  /// 3 s later (the statement alone takes about 20 s). `checking`: the server's connection check
  /// stays on (the shell's 1 s); else the URL turns it off.
  static func interrupt(
    piped: Bool, signal: Int32, application: String, checking: Bool = false, ignoringInterrupt: Bool = false
  ) throws -> (reason: Process.TerminationReason, status: Int32, stillRunning: Bool) {
    let cluster = try table.get()
    let check = checking ? "" : "&options=-c%20client_connection_check_interval%3D0"
    let url = cluster.url("table=script_slow&order=id&application_name=\(application)\(check)")
    let observer = try cluster.connect()
    let process = Process()
    let commands = ["load \(url)", "search zzqx"]
    let arguments = piped ? ["--no-rc"] : ["--no-rc"] + commands.flatMap { ["-c", $0] }
    if ignoringInterrupt {
      // The shell's `trap '' INT` is kept across exec, as a background job's or nohup's.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "trap '' INT; exec \"$0\" \"$@\"", ShellProcess.executableURL.path] + arguments
    } else {
      process.executableURL = ShellProcess.executableURL
      process.arguments = arguments
    }
    var environment = ProcessInfo.processInfo.environment
    environment["SEARCHSHELL_RC"] = ""
    environment["SEARCHSHELL_INDEX_CACHE"] = "off"
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    if piped { input.fileHandleForWriting.write(Data((commands.joined(separator: "\n") + "\n").utf8)) }
    // A statement that has run half a second: one of the slow ones, not the load's first look.
    #expect(try eventually(within: 30) { try running(application, for: 0.5, on: observer) > 0 })
    kill(process.processIdentifier, signal)
    if ignoringInterrupt {
      // Still searching a second later: the ignored Ctrl-C did nothing; then it is killed.
      Thread.sleep(forTimeInterval: 1)
      #expect(process.isRunning, "an ignored SIGINT ended the run")
      #expect(try running(application, on: observer) == 1, "an ignored SIGINT stopped the statement")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    let stopped = try eventually(within: 3) { try running(application, on: observer) == 0 }
    return (process.terminationReason, process.terminationStatus, !stopped)
  }

  @Test(arguments: [false, true])
  func ctrlCEndsTheRunAndTheServersStatement(piped: Bool) throws {
    let ended = try Self.interrupt(
      piped: piped, signal: SIGINT, application: piped ? "ss_int_piped" : "ss_int_c")
    #expect(ended.reason == .uncaughtSignal)
    #expect(ended.status == SIGINT)
    #expect(!ended.stillRunning, "the server still runs the statement after the shell ended")
  }

  @Test func aKilledClientsStatementStopsOnTheServer() throws {
    let ended = try Self.interrupt(piped: false, signal: SIGKILL, application: "ss_kill", checking: true)
    #expect(ended.reason == .uncaughtSignal)
    #expect(ended.status == SIGKILL)
    #expect(!ended.stillRunning, "the server still runs the statement of a client killed")
  }

  @Test func anIgnoredCtrlCStaysIgnored() throws {
    let ended = try Self.interrupt(
      piped: false, signal: SIGINT, application: "ss_int_ignored", checking: true, ignoringInterrupt: true)
    #expect(ended.reason == .uncaughtSignal)
    #expect(ended.status == SIGKILL)
  }
}
