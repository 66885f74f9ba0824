import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// The server's notices at login (a role's setting it warns about) reach the session's notice
/// lines, one sanitized line each, never libpq's raw stderr; a FATAL before a drop goes into the
/// reconnect line instead.
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

  @Test func aFatalMessageIsKeptForTheReconnectLineNotListed() {
    let notices = PostgresNotices()
    notices.note(severity: "FATAL", message: "terminating connection\ndue to administrator command")
    notices.note(severity: "NOTICE", message: "two\r\nlines")
    #expect(notices.drain() == ["NOTICE: two  lines"])
    #expect(notices.takeFatal() == "terminating connection due to administrator command")
    #expect(notices.takeFatal() == nil)
  }
}
