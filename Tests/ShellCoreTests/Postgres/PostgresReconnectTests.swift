import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// A connection dropped mid-session (`pg_terminate_backend` from another connection): the next
/// command reconnects, re-creates the session's settings and temporary fold function, runs a
/// read again, and says so in one line; a write is not run again.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresReconnectTests {
  /// An unprepared table (searched through the temporary fold function), made once.
  static let made: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    for sql in [
      "DROP TABLE IF EXISTS reconnect_rows",
      "CREATE TABLE reconnect_rows (id int PRIMARY KEY, name text)",
      "INSERT INTO reconnect_rows SELECT i, 'row ' || i FROM generate_series(1, 300) i",
    ] {
      try connection.run(PostgresStatement(sql), about: "setup")
    }
    return cluster
  }

  /// Ends `connection`'s backend from another connection.
  static func terminate(_ connection: PostgresConnection, in cluster: TestCluster) throws {
    try cluster.connect().run(
      PostgresStatement("SELECT pg_terminate_backend($1)", [String(connection.backendProcessID)]), about: "t")
  }

  @Test func theNextSearchReconnectsWithTheSessionsSettingsAndFoldFunction() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    fixture.run(
      "load \(cluster.url("table=reconnect_rows&options=-c%20statement_timeout%3D9s"))",
      "set timeout-count 8s")
    let connection = try #require(fixture.session.databaseBackend?.connection)
    let before = connection.backendProcessID
    for (round, (text, count)) in [("row 1", 138), ("7", 57)].enumerated() {
      try Self.terminate(connection, in: cluster)
      let (_, errors) = fixture.run("search \(text)", "expect count \(count)")
      #expect(
        errors == [
          "warning: the connection to PostgreSQL at '\(cluster.folder):5432' dropped (terminating connection "
            + "due to administrator command); reconnected"
        ], "round \(round)")
    }
    #expect(connection.backendProcessID != before)
    let settings = try connection.run(
      PostgresStatement("SELECT current_setting('jit'), current_setting('extra_float_digits')"), about: "t")
    #expect(settings.rows == [["off", "3"]])
    // The URL's statement_timeout is still the user's; `set` still wins for counts.
    #expect(connection.timeouts.session == 9000)
    #expect(connection.timeouts.milliseconds(for: .count) == 8000)
    #expect(fixture.run("search row 29", "expect count 13").errors.isEmpty)
  }

  /// The rules' temporary functions (`ci`, `smart`) are gone with the old backend too: they are
  /// made again before the search runs again.
  @Test(arguments: ["ci", "smart"])
  func aRuleWithFunctionsOfItsOwnSearchesAfterAReconnect(_ rule: String) throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    fixture.run("load \(cluster.url("table=reconnect_rows"))", "set match \(rule)")
    // Terms `ROW`/`Row` and `29`: ci ignores case (13 rows hold 29), smart keeps an uppercase
    // term's (no row has `Row`).
    let count = rule == "ci" ? 13 : 0
    #expect(fixture.run("search ROW 29", "expect count \(count)").errors.isEmpty)
    let connection = try #require(fixture.session.databaseBackend?.connection)
    try Self.terminate(connection, in: cluster)
    let (_, errors) = fixture.run("search Row 29", "expect count \(count)")
    #expect(errors.count == 1 && errors[0].hasSuffix("reconnected"), "\(errors)")
  }

  @Test func aWriteIsNotRunAgainButTheNextStatementReconnects() throws {
    let cluster = try Self.made.get()
    let connection = try cluster.connect()
    try Self.terminate(connection, in: cluster)
    let error = #expect(throws: BackendError.self) {
      try connection.run(PostgresStatement("CREATE TEMP TABLE reconnect_written (id int)"), about: "t")
    }
    #expect(
      error.map(ShellError.init)?.description.hasPrefix(
        "Lost the connection to PostgreSQL at '\(cluster.folder):5432'") == true)
    #expect(connection.drainReconnections().count == 1)
    // Not run again: the new backend has no such table.
    #expect(
      try connection.run(
        PostgresStatement("SELECT to_regclass('pg_temp.reconnect_written') IS NULL"), about: "t"
      )
      .scalar == "t")
    #expect(connection.drainReconnections().isEmpty)
  }

  @Test(arguments: ["SELECT 1", "WITH a AS (SELECT 1) SELECT * FROM a", "EXPLAIN SELECT 1"])
  func aQueryIsARead(sql: String) {
    #expect(PostgresConnection.isRead(PostgresStatement(sql)))
  }

  @Test(arguments: [
    "CREATE TABLE t (a int)", "SELECT pg_catalog.set_config('jit', 'off', false)", "ANALYZE t", "BEGIN",
  ])
  func anythingElseIsNot(sql: String) {
    #expect(!PostgresConnection.isRead(PostgresStatement(sql)))
  }
}
