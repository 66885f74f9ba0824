import BackendsTestSupport
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Backends
@testable import ShellCore

/// Ctrl-C while a command waits on the server: the statement is cancelled (`PQcancel`), the
/// command ends in one line or shows its number marked, and the session keeps its dataset,
/// text and screen; the next command gets the exact answer.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresInterruptTests {
  /// `interrupt_slow`: a view of 1,000 rows "apple N" that pauses about 2 ms on each row it
  /// reads, so a first page takes a fraction of a second and a count seconds.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    for statement in [
      "DROP VIEW IF EXISTS interrupt_slow", "DROP TABLE IF EXISTS interrupt_base",
      "CREATE TABLE interrupt_base AS SELECT i AS id, 'apple ' || i AS name FROM generate_series(1, 1000) AS i",
      "ALTER TABLE interrupt_base ADD PRIMARY KEY (id)", "ANALYZE interrupt_base",
      "CREATE OR REPLACE FUNCTION interrupt_pause() RETURNS boolean LANGUAGE sql VOLATILE COST 100000 "
        + "AS 'SELECT true FROM pg_sleep(0.001)'",
      "CREATE VIEW interrupt_slow AS SELECT id, name FROM interrupt_base WHERE interrupt_pause()",
    ] {
      try connection.run(PostgresStatement(statement), about: "setup")
    }
    return cluster.url("table=interrupt_slow&order=id")
  }

  /// A session at the prompt on the table, "apple" typed in the search bar (its count not read yet).
  static func session() throws -> (Session, BufferConsole) {
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: "countries", isInteractive: true,
      useColor: false)
    session.execute("load \(try loaded.get())")
    session.execute("type apple")
    return (session, console)
  }

  /// Runs `line` with Ctrl-C pressed 150 ms in; returns the error lines and the milliseconds
  /// from the press to the line's end.
  static func interrupt(_ line: String, in session: Session, _ console: BufferConsole)
    -> (errors: [String], output: [String], milliseconds: Double)
  {
    let (errorsBefore, outputBefore) = (console.errors.count, console.output.count)
    let interruption = session.hooks.interruption
    nonisolated(unsafe) var pressedAt: UInt64 = 0
    let pressed = DispatchSemaphore(value: 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
      pressedAt = DispatchTime.now().uptimeNanoseconds
      interruption.cancel()
      pressed.signal()
    }
    session.execute(line)
    let ended = DispatchTime.now().uptimeNanoseconds
    pressed.wait()
    return (
      Array(console.errors[errorsBefore...]), Array(console.output[outputBefore...]),
      Double(Int64(ended) - Int64(pressedAt)) / 1_000_000
    )
  }

  @Test(arguments: ["expect count 1000", "export /dev/null/never.csv", "list 2"])
  func ctrlCStopsACommandWaitingForTheCountAndTheSessionGoesOn(_ line: String) throws {
    let (session, console) = try Self.session()
    let interrupted = Self.interrupt(line, in: session, console)
    #expect(interrupted.errors == ["error: The query on 'interrupt_slow' was cancelled"], "\(interrupted)")
    // Generous: the count alone takes seconds; a cancel lands in milliseconds.
    #expect(interrupted.milliseconds < 1_500, "\(interrupted.milliseconds) ms after Ctrl-C")
    #expect(session.screen.dataset.name == "interrupt_slow")
    #expect(session.screen.state.text == "apple")
    let before = console.errors.count
    session.execute("expect count 1000")
    #expect(Array(console.errors[before...]) == [])
  }

  @Test func ctrlCDuringStatusShowsTheCountAsAnEstimate() throws {
    let (session, console) = try Self.session()
    let interrupted = Self.interrupt("status", in: session, console)
    #expect(interrupted.milliseconds < 1_500, "\(interrupted.milliseconds) ms after Ctrl-C")
    let matches = try #require(interrupted.output.first { $0.hasPrefix("matches: ") })
    #expect(matches.hasPrefix("matches: ≈ "), "\(matches)")
    session.execute("status")
    #expect(console.output.suffix(12).contains("matches: 1000"))
  }

  @Test func anExportWritesEveryRowOrNothing() throws {
    let (session, console) = try Self.session()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("apples.csv").path
    _ = Self.interrupt("export \(path)", in: session, console)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    session.execute("export \(path)")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.split(separator: "\n").count == 1001)
  }
}
