import BackendsTestSupport
import Dispatch
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// The libpq connection against a real throwaway cluster: setup, parameters, cancel, errors.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresConnectionTests {
  @Test func theSessionHasJITOffAndATimeout() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 4000)
    let settings = try connection.run(
      PostgresStatement("SELECT current_setting('jit'), current_setting('statement_timeout')"), about: "t")
    #expect(settings.rows == [["off", "4s"]])
    #expect(connection.isConnected)
    #expect(connection.database == "postgres")
  }

  @Test func valuesTravelAsParameters() throws {
    let connection = try TestCluster.started().connect()
    let hostile = "'); DROP TABLE pg_class; -- \"x\" \\ % _ é"
    let rows = try connection.run(
      PostgresStatement("SELECT $1::text, $2::int + 1", [hostile, "41"]), about: "t")
    #expect(rows.rows == [[hostile, "42"]])
    #expect(rows.columns.count == 2)
    #expect(
      throws: BackendError.databaseQueryFailed(
        table: "t", server: connection.place, reason: "a value cannot hold NUL")
    ) {
      try connection.run(PostgresStatement("SELECT $1::text", ["a\u{0}b"]), about: "t")
    }
  }

  @Test func identifiersAreQuotedByLibpq() throws {
    let connection = try TestCluster.started().connect()
    let name = "odd \"name\" ; drop"
    let quoted = try connection.quotedIdentifier(name)
    #expect(quoted == "\"odd \"\"name\"\" ; drop\"")
    try connection.run(PostgresStatement("CREATE TEMP TABLE \(quoted) (\(quoted) int)"), about: name)
    try connection.run(PostgresStatement("INSERT INTO \(quoted) VALUES ($1)", ["7"]), about: name)
    let rows = try connection.run(PostgresStatement("SELECT \(quoted) FROM \(quoted)"), about: name)
    #expect(rows.rows == [["7"]])
  }

  /// A slow statement cancelled from another thread returns within 200 ms; the connection goes on.
  @Test func aCancelFromAnotherThreadStopsASlowQuery() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 20_000)
    let handle = connection.cancelHandle
    let cancelledAt = Stamp()
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
      cancelledAt.set()
      handle.cancel()
    }
    let started = DispatchTime.now().uptimeNanoseconds
    #expect(throws: BackendError.databaseQueryCancelled(table: "sleep")) {
      try connection.run(PostgresStatement("SELECT pg_sleep(10)"), about: "sleep")
    }
    let returned = DispatchTime.now().uptimeNanoseconds
    let sent = try #require(cancelledAt.value)
    #expect(sent >= started)
    #expect(returned - sent < 200_000_000, "cancel took \((returned - sent) / 1_000_000) ms")
    #expect(try connection.run(PostgresStatement("SELECT 1 + 1"), about: "t").scalar == "2")
  }

  @Test func theStatementTimeoutIsAFailureNotACancel() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 100)
    #expect(
      throws: BackendError.databaseQueryFailed(
        table: "sleep", server: connection.place,
        reason: "canceling statement due to statement timeout (timeout-open is 100ms; "
          + "'set timeout-open 2min' or 'off' raises it)")
    ) {
      try connection.run(PostgresStatement("SELECT pg_sleep(5)"), about: "sleep")
    }
    #expect(try connection.run(PostgresStatement("SELECT 3"), about: "t").scalar == "3")
  }

  @Test func aMissingTableNamesTheTableTheDatabaseAndTheServer() throws {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect()
    let error = #expect(throws: BackendError.self) {
      try connection.run(PostgresStatement("SELECT count(*) FROM no_such_table"), about: "no_such_table")
    }
    #expect(
      error.map(ShellError.init)?.description
        == "No table 'no_such_table' in database 'postgres' at '\(cluster.folder):5432'")
  }

  @Test func anUnreachableServerIsOneLine() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("searchshell-nopg-\(getpid())")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let url = try PostgresURL(
      parsing: "postgres://nobody:pw-never-shown@/postgres?host=\(empty.path)&table=t")
    let error = #expect(throws: BackendError.self) { try PostgresConnection(url: url) }
    #expect(
      error.map(ShellError.init)?.description
        == "Cannot connect to PostgreSQL at '\(empty.path):5432': No such file or directory")
  }

  @Test func badCredentialsNameTheUserNotThePassword() throws {
    let cluster = try TestCluster.started()
    let role = TestCluster.lockedRole
    let url = try PostgresURL(parsing: "postgres://\(role):wrong-Passw0rd@/postgres?host=\(cluster.folder)")
    let error = #expect(throws: BackendError.self) { try PostgresConnection(url: url) }
    let line = error.map(ShellError.init)?.description ?? ""
    #expect(
      line
        == "PostgreSQL at '\(cluster.folder):5432' refused the login of '\(role)': password authentication failed for user \"\(role)\""
    )
    #expect(!line.contains("wrong-Passw0rd"))
    let noPassword = try PostgresURL(
      parsing: "postgres://\(role)@/postgres?host=\(cluster.folder)&passfile=/nonexistent/pgpass")
    let missing = #expect(throws: BackendError.self) { try PostgresConnection(url: noPassword) }
    #expect(missing.map(ShellError.init)?.description.contains("refused the login of '\(role)'") == true)
  }

  @Test func thePasswordComesFromTheURLOrAPassFile() throws {
    let cluster = try TestCluster.started()
    let role = TestCluster.lockedRole
    let right = try PostgresURL(
      parsing: "postgres://\(role):\(TestCluster.lockedPassword)@/postgres?host=\(cluster.folder)&table=t")
    #expect(try PostgresConnection(url: right).isConnected)
    let passFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-pgpass-\(getpid())")
    try "*:*:*:\(role):\(TestCluster.lockedPassword)\n".write(to: passFile, atomically: true, encoding: .utf8)
    chmod(passFile.path, 0o600)
    defer { try? FileManager.default.removeItem(at: passFile) }
    let viaFile = try PostgresURL(
      parsing: "postgres://\(role)@/postgres?host=\(cluster.folder)&passfile=\(passFile.path)")
    #expect(try PostgresConnection(url: viaFile).isConnected)
  }

  @Test func anUnknownLibpqParameterIsAnInvalidURL() throws {
    let cluster = try TestCluster.started()
    let url = try PostgresURL(parsing: cluster.url("bogus=1&table=t"))
    let error = #expect(throws: BackendError.self) { try PostgresConnection(url: url) }
    let line = error.map(ShellError.init)?.description ?? ""
    #expect(line.hasPrefix("Invalid PostgreSQL URL 'postgres:///postgres?host=\(cluster.folder)"))
    #expect(line.hasSuffix("': invalid URI query parameter: \"bogus\""))
  }

  @Test func aDroppedConnectionReconnectsAndRunsAReadAgain() throws {
    let cluster = try TestCluster.started()
    let victim = try cluster.connect()
    let killer = try cluster.connect()
    let before = victim.backendProcessID
    try killer.run(
      PostgresStatement("SELECT pg_terminate_backend($1)", [String(before)]), about: "t")
    #expect(try victim.run(PostgresStatement("SELECT 1"), about: "t").scalar == "1")
    #expect(victim.isConnected)
    #expect(victim.backendProcessID != before)
    #expect(
      victim.drainReconnections() == [
        "the connection to PostgreSQL at '\(cluster.folder):5432' dropped (terminating connection due to "
          + "administrator command); reconnected"
      ])
  }

  @Test func aServerThatStaysDownIsReportedAsLost() throws {
    let cluster = try TestCluster.started()
    let victim = try cluster.connect()
    // A role that may not log in any more: the reconnect itself is refused.
    try cluster.connect().run(PostgresStatement("DROP ROLE IF EXISTS reconnect_gone"), about: "t")
    try cluster.connect().run(PostgresStatement("CREATE ROLE reconnect_gone LOGIN"), about: "t")
    let gone = try PostgresConnection(
      url: PostgresURL(
        parsing: cluster.url().replacingOccurrences(
          of: "user=postgres", with: "user=reconnect_gone")))
    try cluster.connect().run(PostgresStatement("ALTER ROLE reconnect_gone NOLOGIN"), about: "t")
    try victim.run(
      PostgresStatement("SELECT pg_terminate_backend($1)", [String(gone.backendProcessID)]), about: "t")
    let error = #expect(throws: BackendError.self) {
      try gone.run(PostgresStatement("SELECT 1"), about: "t")
    }
    #expect(
      error.map(ShellError.init)?.description.hasPrefix(
        "Lost the connection to PostgreSQL at '\(cluster.folder):5432': reconnecting failed: ") == true,
      "\(String(describing: error))")
    #expect(!gone.isConnected)
  }
}

/// A time stamp one thread sets and another reads.
private final class Stamp: @unchecked Sendable {
  private let lock = NSLock()
  private var stamp: UInt64?

  /// Records now.
  func set() { lock.withLock { stamp = DispatchTime.now().uptimeNanoseconds } }

  /// The recorded time, if set.
  var value: UInt64? { lock.withLock { stamp } }
}
