import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore

/// `load postgres://…` in a session: the table on screen, the password kept out of everything
/// the session prints or keeps, and one error line per failure with the old dataset kept.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresSessionTests {
  /// A small table `session_rows` (the fixture's first 500 rows), readable by the locked role.
  static let loaded: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    try PostgresFixture(count: 500).load(into: "session_rows", connection)
    try connection.run(
      PostgresStatement("GRANT SELECT ON session_rows TO \(TestCluster.lockedRole)"), about: "setup")
    return cluster
  }

  /// The URL of `session_rows` as the superuser, with `extra` parameters.
  static func url(_ extra: String = "") throws -> String {
    try loaded.get().url("table=session_rows" + (extra.isEmpty ? "" : "&" + extra))
  }

  /// The URL as the locked role, with `password` in it.
  static func lockedURL(password: String) throws -> String {
    "postgres://\(TestCluster.lockedRole):\(password)@/postgres?host=\(try loaded.get().folder)&table=session_rows"
  }

  @Test func loadShowsTheTableAndItsRows() throws {
    let fixture = try SessionFixture()
    let (output, errors) = fixture.run("load \(try Self.url("title=name"))")
    #expect(output.contains("Loaded 'session_rows': 500 rows, flavor controller, match fold"))
    #expect(
      errors == [
        "warning: session_rows has no trigram index of the shell's: every search scans the whole table "
          + "(prepare builds one, without blocking readers or writers)"
      ])
    #expect(fixture.session.screen.dataset.name == "session_rows")
    #expect(
      fixture.session.screen.dataset.scopeTitles == ["All"] + PostgresFixture(count: 500).firstCategories)
    let expected = PostgresFixture(count: 500).titles.enumerated().filter {
      ReferenceMatcher.matches($0.element, query: "sta", rule: .fold)
    }
    fixture.run("type sta")
    #expect(fixture.titlesOnScreen == expected.map(\.element))
    #expect(fixture.run("expect count \(expected.count)").errors.isEmpty)
  }

  @Test func theScopeAndTitleOptionsOverrideTheURL() throws {
    let fixture = try SessionFixture()
    let errors = fixture.run("load \(try Self.url("title=category")) --title name --scope none").errors
    #expect(errors.count == 1)
    #expect(fixture.session.screen.dataset.columns[fixture.session.screen.dataset.titleColumn] == "name")
    #expect(fixture.session.screen.dataset.scopeTitles == ["All"])
  }

  @Test func sortIsPushedDownOtherFieldsAreRefusedAndColumnsAreShown() throws {
    let fixture = try SessionFixture()
    fixture.run("load \(try Self.url("title=name"))")
    fixture.run("type sta")
    let before = fixture.titlesOnScreen
    let sorted = fixture.run("sort category desc, name")
    #expect(sorted.errors.isEmpty)
    #expect(sorted.output.contains { $0.hasSuffix("· sorted by category desc, name asc") })
    #expect(fixture.run("explain").output.joined(separator: " ").contains("ORDER BY the sort keys"))
    #expect(fixture.run("sort none").errors.isEmpty)
    #expect(
      fixture.run("set fields *").errors == [
        "error: Cannot run 'set fields': a PostgreSQL table is searched in its title column only"
      ])
    #expect(fixture.titlesOnScreen == before)
    #expect(fixture.run("set fields name").errors.isEmpty)
    let shown = fixture.run("set columns name,category")
    #expect(shown.errors.isEmpty)
    #expect(shown.output.contains { $0.hasSuffix("name                          category") })
    let categories = PostgresFixture(count: 500).firstCategories
    let rows = shown.output.filter { $0.hasPrefix("    1  ") }
    #expect(rows.count == 1 && categories.contains { rows[0].hasSuffix(" " + $0) })
  }

  @Test func thePasswordIsNeverPrintedOrKept() throws {
    let secret = TestCluster.lockedPassword
    let fixture = try SessionFixture()
    let recording = FileManager.default.temporaryDirectory.appendingPathComponent("pg-rec-\(getpid()).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: recording) }
    fixture.run("echo start", "load \(try Self.lockedURL(password: secret))")
    fixture.run("record \(recording)", "type st", "record stop")
    #expect(fixture.session.screen.dataset.name == "session_rows")
    let bad = try Self.lockedURL(password: "wrong-\(secret)")
    let (_, errors) = fixture.run("load \(bad)")
    #expect(errors.count == 1)
    #expect(errors[0].contains("refused the login of '\(TestCluster.lockedRole)'"))
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.contains("quiet load postgres://\(TestCluster.lockedRole)@/postgres?host="))
    let everything = fixture.console.output + fixture.console.errors + fixture.session.history + [recorded]
    #expect(!everything.contains { $0.contains(secret) })
    #expect(fixture.session.history.contains { $0.hasPrefix("load postgres://\(TestCluster.lockedRole)@/") })
  }

  @Test func aURLIsKeptWithoutItsPasswordWhereverItStands() {
    let line = "load 'postgres://u:p%40ss@h/db?table=t&password=x2' --title name postgresql://v:w@/d?x"
    #expect(
      PostgresURL.redactingURLs(in: line)
        == "load 'postgres://u@h/db?table=t' --title name postgresql://…@/d?x")
    #expect(
      PostgresURL.redactingURLs(in: "load postgres://u:secret@h/d?bad%zz") == "load postgres://…@h/d?bad%zz")
  }

  /// Each failure is one error line naming the server or the table; the old dataset stays.
  @Test func eachFailureIsOneLineAndTheDatasetStays() throws {
    let cluster = try Self.loaded.get()
    let cases: [(String, String)] = [
      (
        "load postgres:///postgres?host=/nonexistent-folder&table=t",
        "error: Cannot connect to PostgreSQL at '/nonexistent-folder:5432'"
      ),
      (
        "load \(try Self.lockedURL(password: "not-it"))",
        "error: PostgreSQL at '\(cluster.folder):5432' refused the login of '\(TestCluster.lockedRole)'"
      ),
      (
        "load \(cluster.url("table=no_such_table"))",
        "error: No table 'no_such_table' in database 'postgres' at '\(cluster.folder):5432'"
      ),
      ("load \(try Self.url()) --title nosuch", "error: Cannot search the table 'session_rows'"),
      ("load \(try Self.url("order=nosuch"))", "error: Cannot search the table 'session_rows'"),
      ("load postgres:///postgres?host=\(cluster.folder)&user=postgres", "error: Invalid PostgreSQL URL"),
    ]
    for (line, prefix) in cases {
      let fixture = try SessionFixture()
      let (_, errors) = fixture.run(line)
      #expect(errors.count == 1, "\(line)")
      #expect(errors.first?.hasPrefix(prefix) == true, "\(errors.first ?? "") for \(line)")
      #expect(fixture.session.screen.dataset.name == "countries")
      #expect(fixture.run("type ger").output.contains { $0.contains("Germany") })
    }
  }

  @Test func aDroppedConnectionIsOneLineAndTheSearchRunsAgain() throws {
    let cluster = try Self.loaded.get()
    let fixture = try SessionFixture()
    fixture.run("load \(try Self.url())")
    let database = try #require(fixture.session.screen.backend as? PostgresSearchBackend)
    let killer = try cluster.connect()
    try killer.run(
      PostgresStatement(
        "SELECT pg_terminate_backend($1)", [String(database.backend.connection.backendProcessID)]),
      about: "t")
    // The search reconnects, runs again, and says so in one line.
    let (_, errors) = fixture.run("type st")
    #expect(
      errors == [
        "warning: the connection to PostgreSQL at '\(cluster.folder):5432' dropped (terminating connection due "
          + "to administrator command); reconnected"
      ])
    #expect(fixture.run("load countries").errors.isEmpty)
    #expect(fixture.run("type ger").output.contains { $0.contains("Germany") })
  }

  /// A `load` of something else closes the table's connection: nothing the session keeps (the
  /// last search's rows, the main table's) holds the old backend.
  @Test func anotherLoadClosesTheConnection() throws {
    let fixture = try SessionFixture()
    fixture.run("load \(try Self.url())", "type sta", "explain", "set match exact", "type n")
    weak let old = try #require(fixture.session.screen.backend as? PostgresSearchBackend).backend
    #expect(old != nil)
    fixture.run("load countries")
    #expect(old == nil)
  }

  @Test func aMissingExtensionIsOneLine() throws {
    let cluster = try Self.loaded.get()
    let admin = try cluster.connect(statementTimeout: 60_000)
    try admin.run(PostgresStatement("DROP DATABASE IF EXISTS noext"), about: "setup")
    try admin.run(PostgresStatement("CREATE DATABASE noext"), about: "setup")
    let owner = try PostgresConnection(
      url: PostgresURL(parsing: "postgres:///noext?host=\(cluster.folder)&user=postgres"))
    try PostgresFixture(count: 50).load(into: "few", owner)
    try owner.run(PostgresStatement("GRANT SELECT ON few TO \(TestCluster.lockedRole)"), about: "setup")
    let fixture = try SessionFixture()
    let url =
      "postgres://\(TestCluster.lockedRole)@/noext?host=\(cluster.folder)&table=few&password="
      + TestCluster.lockedPassword
    fixture.run("load \(url)")
    #expect(fixture.session.screen.dataset.name == "few")
    let (_, errors) = fixture.run("prepare")
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("error: The database 'noext' lacks the extension 'pg_trgm'") == true)
    #expect(fixture.run("type sta").errors.isEmpty)
  }
}
