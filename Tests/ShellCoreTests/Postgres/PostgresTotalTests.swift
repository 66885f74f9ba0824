import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// A big table's total is the catalog's estimate (`≈`) until a count of every row finishes;
/// from then on the header and `status` show that count, never an estimate beside it.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresTotalTests {
  /// `total_big`: 120,001 rows analyzed, then 30,000 more the catalog does not know of.
  static let url: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    for statement in [
      "DROP TABLE IF EXISTS total_big",
      "CREATE TABLE total_big (id int PRIMARY KEY, name text) WITH (autovacuum_enabled = false)",
      "INSERT INTO total_big SELECT i, 'name ' || i FROM generate_series(1, 120001) i", "ANALYZE total_big",
      "INSERT INTO total_big SELECT i, 'name ' || i FROM generate_series(120002, 150001) i",
    ] {
      try connection.run(PostgresStatement(statement), about: "setup")
    }
    return cluster.url("table=total_big")
  }

  @Test func aCountOfEveryRowIsTheTotalFromThenOn() throws {
    let fixture = try SessionFixture()
    let loaded = fixture.run("load \(try Self.url.get())").output
    #expect(loaded.contains("Loaded 'total_big': ≈ 120001 rows, flavor controller, match fold"), "\(loaded)")
    // Off a terminal the header waits for the count: the same count is the total.
    #expect(loaded.contains("total_big · main table · 150001 of 150001"), "\(loaded)")
    #expect(fixture.run("status").output.contains("rows: 150001"))
    #expect(fixture.run("search 9999").output.contains { $0.hasPrefix("results table · 24 of 150001") })
  }

  /// Opened by `--dataset` with nothing shown yet, `status`'s count of every row is its total.
  @Test func statusCountsBeforeItShowsTheTotal() throws {
    let fixture = try SessionFixture(dataset: try Self.url.get())
    let status = fixture.run("status").output
    #expect(status.contains("rows: 150001"), "\(status)")
    #expect(status.contains("matches: 150001"), "\(status)")
  }

  @Test func aSearchOfNothingCountsTheTotal() throws {
    let opened = try PostgresOpening.open(PostgresURL(parsing: try Self.url.get()))
    let backend = try #require(opened.backend as? PostgresSearchBackend)
    #expect(backend.totalRows == .estimate(120_001))
    let rows = try #require(
      try backend.search(SearchRequest(text: "", rule: .fold, scope: 0), cancellation: nil))
    #expect(try rows.exactCount() == 150_001)
    #expect(backend.totalRows == .exact(150_001))
  }
}
