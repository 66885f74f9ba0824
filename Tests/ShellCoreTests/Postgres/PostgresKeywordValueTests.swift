import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// A keyword/value connection string opens a table wherever a URL does, and what the session
/// keeps of it (the dataset's source, history, a recording) holds no password.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresKeywordValueTests {
  @Test func aConnectionStringLoadsAndIsKeptWithoutItsPassword() throws {
    let cluster = try TestCluster.started()
    for sql in [
      "CREATE TABLE IF NOT EXISTS keyword_rows AS SELECT i AS id, 'row ' || i AS name FROM generate_series(1, 40) i",
      "CREATE UNIQUE INDEX IF NOT EXISTS keyword_rows_id ON keyword_rows (id)",
    ] {
      try cluster.connect().run(PostgresStatement(sql), about: "setup")
    }
    let conninfo =
      "host='\(cluster.folder)' user=postgres password='never shown' dbname=postgres table=keyword_rows order=id"
    let fixture = try SessionFixture()
    let (output, errors) = fixture.run("load \"\(conninfo)\"", "search row 3", "expect count 13")
    #expect(errors.count == 1, "\(errors)")
    #expect(output.contains("Loaded 'keyword_rows': 40 rows, flavor controller, match fold"))
    #expect(fixture.session.history.allSatisfy { !$0.contains("never shown") }, "\(fixture.session.history)")
    #expect(
      fixture.session.screen.dataset.source
        == .database(
          "host='\(cluster.folder)' user='postgres' dbname='postgres' table='keyword_rows' order='id'"))
  }
}
