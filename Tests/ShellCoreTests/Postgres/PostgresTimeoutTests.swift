import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore

/// Each kind of work has its own statement timeout: `set timeout-KIND` first, then the
/// session's own `statement_timeout` (URL `options=`, `PGOPTIONS`), then the shell's default.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresTimeoutTests {
  @Test(arguments: [
    ("30", 30_000), ("30s", 30_000), ("500ms", 500), ("2min", 120_000), ("off", 0), ("0", 0),
    ("2147483647ms", 2_147_483_647), ("2147484s", nil), ("99999999999", nil), ("-1", nil), ("1h", nil),
    ("", nil), ("s", nil), ("１s", nil), ("1.5s", nil),
  ])
  func aTimeoutIsReadAsTyped(text: String, milliseconds: Int?) {
    #expect(PostgresTimeouts.parse(text) == milliseconds)
  }

  @Test func theUsersChoiceWinsOverTheSessionsWhichWinsOverTheDefault() {
    var timeouts = PostgresTimeouts()
    #expect(PostgresWork.allCases.map(timeouts.milliseconds(for:)) == [30_000, 30_000, 120_000, 0, 0])
    timeouts.session = 1500
    #expect(PostgresWork.allCases.map(timeouts.milliseconds(for:)) == [1500, 1500, 1500, 1500, 1500])
    timeouts.chosen[.count] = 0
    #expect(timeouts.milliseconds(for: .count) == 0)
    #expect(timeouts.milliseconds(for: .page) == 1500)
  }

  /// The server's `statement_timeout` as each kind of work runs, read through the session.
  static func applied(_ fixture: SessionFixture) throws -> (page: String?, count: String?) {
    let backend = try #require(fixture.session.databaseBackend)
    _ = try backend.page(ParsedQuery("", rule: .fold), scope: nil, after: nil, limit: 1, plan: .walkOrder)
    let page = try backend.connection.run(PostgresStatement("SHOW statement_timeout"), about: "t").scalar
    _ = try backend.count(ParsedQuery("", rule: .fold), scope: nil)
    let count = try backend.connection.run(PostgresStatement("SHOW statement_timeout"), about: "t").scalar
    return (page, count)
  }

  @Test func eachKindRunsUnderItsOwnTimeoutAndSetChangesIt() throws {
    let cluster = try TestCluster.started()
    try cluster.connect().run(
      PostgresStatement(
        "CREATE TABLE IF NOT EXISTS timeout_rows AS SELECT i AS id, 'row ' || i AS name "
          + "FROM generate_series(1, 50) i"), about: "setup")
    try cluster.connect().run(
      PostgresStatement(
        "DO $$ BEGIN ALTER TABLE timeout_rows ADD PRIMARY KEY (id); EXCEPTION WHEN OTHERS THEN NULL; END $$"),
      about: "setup")
    let fixture = try SessionFixture()
    #expect(fixture.run("load \(cluster.url("table=timeout_rows"))").errors.count == 1)  // not prepared
    #expect(try Self.applied(fixture) == ("30s", "2min"))
    #expect(fixture.run("set timeout-count 1500ms", "set timeout-page off").errors.isEmpty)
    #expect(try Self.applied(fixture) == ("0", "1500ms"))
    #expect(
      fixture.run("set timeout-count").output == [
        "timeout-count: 1500ms  [yours]  (SECONDS|Nms|Nmin|off|auto)"
      ])
    #expect(
      fixture.run("set timeout-count soon").errors == [
        "error: Invalid value 'soon' for 'timeout-count'. Expected seconds ('30', '30s'), '500ms', '2min', "
          + "'off' or 'auto' (up to 2147483647ms)"
      ])
    // The URL's own statement_timeout wins over the defaults, not over `set`.
    #expect(fixture.run("set timeout-page auto").errors.isEmpty)
    fixture.run("load \(cluster.url("table=timeout_rows&options=-c%20statement_timeout%3D7s"))")
    #expect(try Self.applied(fixture) == ("7s", "1500ms"))
  }

  @Test func aTimedOutStatementSaysWhichTimeoutAndHowToRaiseIt() throws {
    let cluster = try TestCluster.started()
    let fixture = try SessionFixture()
    let url = cluster.url("table=timeout_slow&options=-c%20statement_timeout%3D50")
    try cluster.connect().run(
      PostgresStatement(
        "CREATE OR REPLACE VIEW timeout_slow AS SELECT i AS id, 'row ' || i AS name, pg_sleep(0.2)::text AS z "
          + "FROM generate_series(1, 3) i"),
      about: "setup")
    let (_, errors) = fixture.run("load \(url)&order=id")
    #expect(
      errors.last?.hasSuffix("(the session's statement_timeout, 50ms; 'set timeout-open' overrides it)")
        == true,
      "\(errors)")
    fixture.run("set timeout-open 40ms")
    let chosen = fixture.run("load \(url)&order=id").errors
    #expect(
      chosen.last?.hasSuffix("(timeout-open is 40ms; 'set timeout-open 2min' or 'off' raises it)") == true,
      "\(chosen)")
  }
}
