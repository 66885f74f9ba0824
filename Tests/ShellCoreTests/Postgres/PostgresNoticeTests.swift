import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// Server notices reach the terminal only through the sanitizer, one line each and bounded, and
/// the shell's own routine ones not at all; a failed search leaves the last one as it was.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresNoticeTests {
  /// A view whose title raises a notice with escape sequences and a line break per row, and a
  /// table for the failed-search test.
  static let made: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    for sql in [
      "DROP VIEW IF EXISTS notice_view", "DROP TABLE IF EXISTS notice_rows",
      "CREATE TABLE notice_rows (id int PRIMARY KEY, name text)",
      "INSERT INTO notice_rows SELECT i, 'row ' || i FROM generate_series(1, 50) i",
      "CREATE OR REPLACE FUNCTION notice_shout(t text) RETURNS text LANGUAGE plpgsql AS $f$ BEGIN "
        + "RAISE NOTICE E'\\x1b]0;pwned\\x07title %\\nsecond line \\x1b[2J', t; RETURN t; END $f$",
      "CREATE VIEW notice_view AS SELECT id, notice_shout(name) AS name FROM notice_rows",
    ] {
      try connection.run(PostgresStatement(sql), about: "setup")
    }
    try PostgresFixture(count: 300).load(into: "failed_rows", connection)
    return cluster
  }

  @Test func noticesAreKeptAsOneSanitizedLineEachAndBounded() {
    let notices = PostgresNotices()
    notices.note(severity: "NOTICE", message: "table \"t\" does not exist, skipping")
    _ = try? notices.quietly { () throws(BackendError) -> Void in
      notices.note(severity: "NOTICE", message: "the shell's own")
    }
    notices.note(severity: "WARNING", message: "\u{1B}]0;x\u{07}one\ntwo")
    #expect(notices.drain() == ["WARNING: \\e]0;x\\u{7}one two"])
    for index in 0..<25 { notices.note(severity: "NOTICE", message: "n\(index)") }
    let lines = notices.drain()
    #expect(lines.count == PostgresNotices.limit + 1)
    #expect(lines.last == "… and 5 more notices from the server")
    #expect(notices.drain().isEmpty)
  }

  /// Every connection, the tests' own setup ones too, keeps its notices instead of libpq's
  /// default printing them to standard error (the test output once held 38 `NOTICE:` lines).
  @Test func aPlainConnectionKeepsItsNoticesOffStandardError() throws {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect()
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS notice_never_made"), about: "setup")
    try connection.run(PostgresStatement("DO $d$ BEGIN RAISE NOTICE 'kept %', 1; END $d$"), about: "setup")
    #expect(connection.notices.drain() == ["NOTICE: kept 1"])
  }

  @Test func aViewsNoticesNeverReachTheTerminalRaw() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    let (_, loadErrors) = fixture.run("load \(cluster.url("table=notice_view&order=id"))")
    #expect(fixture.session.screen.dataset.name == "notice_view", "\(loadErrors)")
    let (_, errors) = fixture.run("search row")
    let notices = errors.filter { $0.hasPrefix("notice: ") }
    #expect(!notices.isEmpty && notices.count <= PostgresNotices.limit + 1)
    #expect(notices.first?.hasPrefix("notice: NOTICE: \\e]0;pwned\\u{7}title row ") == true, "\(notices)")
    let everything = fixture.console.output + fixture.console.errors
    #expect(!everything.contains { $0.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" } })
    #expect(!everything.contains { $0.hasPrefix("second line") })
  }

  @Test func prepareAndUndoPrintNoNoticeLines() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    fixture.run("load \(cluster.url("table=notice_rows"))")
    for line in ["prepare", "prepare", "prepare undo", "prepare undo"] {
      let (output, errors) = fixture.run(line)
      // Other suites' sessions in the database can make a step wait: its progress line says so.
      let unexpected = errors.filter {
        !$0.hasPrefix("prepare: ") && !$0.hasPrefix("waiting for another prepare")
      }
      #expect(unexpected.isEmpty, "\(line): \(errors)")
      #expect(!(output + errors).contains { $0.contains("NOTICE") || $0.contains("skipping") }, "\(line)")
    }
  }

  /// A search that times out behind a lock leaves the last one's count, rows and paging.
  @Test func aFailedSearchLeavesTheLastOneAsItWas() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    fixture.run("load \(cluster.url("table=failed_rows"))")
    fixture.run("search sta", "list 2")
    let titles = fixture.titlesOnScreen
    let count = try #require(
      fixture.session.screen.backend.search(
        SearchRequest(text: "sta", rule: .fold, scope: 0), cancellation: nil)?.settledCount)
    #expect(count > 100 && titles.count > 100)
    let locker = try cluster.connect(statementTimeout: 60_000)
    try locker.run(PostgresStatement("BEGIN"), about: "lock")
    try locker.run(PostgresStatement("LOCK TABLE failed_rows IN ACCESS EXCLUSIVE MODE"), about: "lock")
    // The lock is held to the end: a query now would time out again and show nothing.
    defer { _ = try? locker.run(PostgresStatement("ROLLBACK"), about: "lock") }
    let (_, errors) = fixture.run("search caf")
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasPrefix(
        "error: The query on 'failed_rows' at '\(cluster.folder):5432/postgres' failed: canceling statement")
        == true, "\(errors)")
    #expect(fixture.titlesOnScreen == titles)
    #expect(fixture.run("status").output.contains("matches: \(count)"))
    #expect(fixture.run("expect count \(count)").errors.isEmpty)
  }
}
