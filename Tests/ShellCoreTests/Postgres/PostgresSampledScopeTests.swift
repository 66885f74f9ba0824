import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// A big table's scope bar without an index on the scope column holds ANALYZE's sample: `scope
/// VALUE` for a value the sample missed asks the server, and the bar gains it with the search
/// kept, while a value no row holds is still refused.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresSampledScopeTests {
  @Test func aScopeTheSampleMissedIsCheckedOnTheServer() throws {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    for sql in [
      "DROP TABLE IF EXISTS sampled_scopes",
      "CREATE TABLE sampled_scopes AS SELECT i AS id, 'apple ' || i AS name, "
        + "CASE WHEN i = 777 THEN 'rare' WHEN i % 2 = 0 THEN 'even' ELSE 'odd' END AS category "
        + "FROM generate_series(1, 200000) AS i",
      "ALTER TABLE sampled_scopes ADD PRIMARY KEY (id)",
      "ALTER TABLE sampled_scopes ALTER COLUMN category SET STATISTICS 1", "ANALYZE sampled_scopes",
    ] {
      try connection.run(PostgresStatement(sql), about: "setup")
    }
    let fixture = try SessionFixture()
    _ = fixture.run("load \(cluster.url("table=sampled_scopes"))")
    #expect(
      !fixture.session.screen.dataset.scopeTitles.contains("rare"), "the sample held it: nothing is tested")
    let (output, errors) = fixture.run("search apple 77", "scope rare", "expect count 1")
    #expect(!errors.contains { $0.contains("error:") }, "\(errors)")
    #expect(errors.contains { $0.contains("'rare' is not in the scope bar's sample but the table holds it") })
    #expect(fixture.session.screen.dataset.scopeTitles.last == "rare")
    #expect(fixture.session.screen.state.text == "apple 77")
    #expect(output.contains { $0.contains("apple 777") }, "\(output)")
    let (_, refused) = fixture.run("scope nosuch")
    #expect(refused.contains { $0.contains("Unknown scope 'nosuch'") }, "\(refused)")
  }
}
