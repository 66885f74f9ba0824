import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// The server's notices at login (a role's setting it warns about) reach the session's notice
/// lines, one sanitized line each, never libpq's raw stderr, and only once; a FATAL before a drop
/// goes into the reconnect line instead.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresLoginNoticeTests {
  @Test func aWarningAtLoginIsKeptAsANoticeLine() throws {
    let cluster = try TestCluster.started()
    let admin = try cluster.connect()
    for sql in [
      "DROP ROLE IF EXISTS notice_login", "CREATE ROLE notice_login LOGIN",
      "ALTER ROLE notice_login SET default_text_search_config = 'pg_catalog.english'",
      // A value the server accepted once and warns about at each login (no ALTER can set it).
      "UPDATE pg_db_role_setting SET setconfig = ARRAY['default_text_search_config=nosuch'] "
        + "WHERE setrole = 'notice_login'::regrole",
    ] {
      try admin.run(PostgresStatement(sql), about: "setup")
    }
    let url = try PostgresURL(
      parsing: cluster.url().replacingOccurrences(of: "user=postgres", with: "user=notice_login"))
    let connection = try PostgresConnection(url: url)
    #expect(
      connection.notices.drain() == [
        "WARNING: invalid value for parameter \"default_text_search_config\": \"nosuch\""
      ])
  }

  /// The server says a login warning again from every parallel worker (and at a reconnect):
  /// kept once, at login, it is never kept again, while a notice of another text still is.
  @Test func aLoginWarningIsKeptOnceNotAgainByParallelWorkersOrAReconnect() throws {
    let cluster = try TestCluster.started()
    let admin = try cluster.connect()
    for sql in [
      "DROP TABLE IF EXISTS login_notice_rows", "DROP ROLE IF EXISTS notice_again",
      "CREATE ROLE notice_again LOGIN",
      "ALTER ROLE notice_again SET default_text_search_config = 'pg_catalog.english'",
      "UPDATE pg_db_role_setting SET setconfig = ARRAY['default_text_search_config=nosuch'] "
        + "WHERE setrole = 'notice_again'::regrole",
      "CREATE TABLE login_notice_rows AS SELECT generate_series(1, 1000) AS i",
      "GRANT SELECT ON login_notice_rows TO notice_again",
    ] {
      try admin.run(PostgresStatement(sql), about: "setup")
    }
    let url = try PostgresURL(
      parsing: cluster.url().replacingOccurrences(of: "user=postgres", with: "user=notice_again"))
    let connection = try PostgresConnection(url: url)
    let warning = "WARNING: invalid value for parameter \"default_text_search_config\": \"nosuch\""
    #expect(connection.notices.drain() == [warning])
    // Parallel workers start, each applying the role's settings: the server warns again.
    for setting in ["parallel_setup_cost", "parallel_tuple_cost", "min_parallel_table_scan_size"] {
      try connection.run(
        PostgresStatement("SELECT pg_catalog.set_config($1, '0', false)", [setting]), about: "t")
    }
    let plan = try connection.run(
      PostgresStatement("EXPLAIN SELECT count(*) FROM login_notice_rows"), about: "t")
    #expect(
      plan.rows.contains { $0.first??.contains("Gather") == true }, "no parallel plan: nothing is tested")
    _ = try connection.run(PostgresStatement("SELECT count(*) FROM login_notice_rows"), about: "t")
    #expect(connection.notices.drain() == [])
    // With a timeout it waits for the backend to end: the next statement then finds it gone.
    try admin.run(
      PostgresStatement(
        "SELECT pg_catalog.pg_terminate_backend($1::int, 5000)", [String(connection.backendProcessID)]),
      about: "drop")
    _ = try connection.run(PostgresStatement("SELECT 1"), about: "t")
    #expect(connection.notices.drain() == [])
    #expect(connection.drainReconnections().count == 1)
    _ = try connection.run(PostgresStatement("DO $$BEGIN RAISE NOTICE 'another'; END$$"), about: "t")
    #expect(connection.notices.drain() == ["NOTICE: another"])
  }

  @Test func aFatalMessageIsKeptForTheReconnectLineNotListed() {
    let notices = PostgresNotices()
    notices.note(severity: "FATAL", message: "terminating connection\ndue to administrator command")
    notices.note(severity: "NOTICE", message: "two\r\nlines")
    #expect(notices.drain() == ["NOTICE: two  lines"])
    #expect(notices.takeFatal() == "terminating connection due to administrator command")
    #expect(notices.takeFatal() == nil)
  }
}
