import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Tables

/// A big table opens from the catalog: its row count from `reltuples` (summed over partitions,
/// the planner's where the catalog does not know), its scope bar from `pg_stats`, both marked
/// as estimates, and no statement at open reads the rows; the exact count follows behind the
/// first page.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresOpeningTests {
  /// Collects the statements a connection sends.
  final class Statements: @unchecked Sendable {
    var sent: [String] = []
  }

  /// `open_big`: 400,001 rows, categories k0-k6 and one row of "rare", analyzed.
  static let big: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS open_big"), about: "setup")
    try connection.run(
      PostgresStatement(
        "CREATE TABLE open_big AS SELECT i AS id, 'name ' || i AS name, "
          + "CASE WHEN i = 400001 THEN 'rare' ELSE 'k' || (i % 7) END AS category "
          + "FROM generate_series(1, 400001) AS i"),
      about: "setup")
    try connection.run(PostgresStatement("ALTER TABLE open_big ADD PRIMARY KEY (id)"), about: "setup")
    try connection.run(PostgresStatement("ANALYZE open_big"), about: "setup")
    return cluster.url("table=open_big")
  }

  @Test func aBigTableOpensWithoutReadingItsRows() throws {
    let statements = Statements()
    let opened = try PostgresOpening.open(
      PostgresURL(parsing: try Self.big.get()), onStatement: { statements.sent.append($0) })
    let backend = try #require(opened.backend as? PostgresSearchBackend)
    #expect(backend.totalRows == .estimate(backend.rowCount))
    #expect(abs(backend.rowCount - 400_001) < 40_000, "\(backend.rowCount)")
    let scans = statements.sent.filter {
      $0.contains("count(") || $0.contains("DISTINCT") || $0.contains("GROUP BY")
    }
    #expect(scans.isEmpty, "\(scans)")
    #expect(Set(opened.dataset.scopeTitles.dropFirst()) == Set((0..<7).map { "k\($0)" }))
    #expect(opened.warnings.contains { $0.contains("in the planner's sample") }, "\(opened.warnings)")

    let rows = backend.allRows(order: nil)
    #expect(try rows.exactCount() == 400_001)
    #expect(backend.totalRows == .exact(400_001))
  }

  /// With a btree index leading with the scope column the bar is exact: a value ANALYZE's sample
  /// missed (statistics target 1) is on it, after the sampled ones, read by a loose index scan
  /// rather than by reading the rows.
  @Test func anIndexedScopeColumnGivesTheExactBar() throws {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    for statement in [
      "DROP TABLE IF EXISTS open_indexed",
      "CREATE TABLE open_indexed AS SELECT i AS id, 'name ' || i AS name, "
        + "CASE WHEN i = 777 THEN 'rare' WHEN i % 2 = 0 THEN 'even' ELSE 'odd' END AS category "
        + "FROM generate_series(1, 200000) AS i",
      "ALTER TABLE open_indexed ADD PRIMARY KEY (id)",
      "ALTER TABLE open_indexed ALTER COLUMN category SET STATISTICS 1", "ANALYZE open_indexed",
    ] {
      try connection.run(PostgresStatement(statement), about: "setup")
    }
    let url = try PostgresURL(parsing: cluster.url("table=open_indexed"))
    let sampled = try PostgresOpening.open(url)
    #expect(!sampled.dataset.scopeTitles.contains("rare"), "the sample held it: nothing is tested")
    #expect(sampled.warnings.contains { $0.contains("in the planner's sample") }, "\(sampled.warnings)")
    try connection.run(
      PostgresStatement("CREATE INDEX open_indexed_category ON open_indexed (category)"), about: "setup")
    let statements = Statements()
    let exact = try PostgresOpening.open(url, onStatement: { statements.sent.append($0) })
    #expect(Set(exact.dataset.scopeTitles.dropFirst()) == ["even", "odd", "rare"])
    #expect(exact.dataset.scopeTitles.last == "rare")
    #expect(!exact.warnings.contains { $0.contains("planner's sample") }, "\(exact.warnings)")
    let scans = statements.sent.filter {
      $0.contains("count(") || $0.contains("DISTINCT") || $0.contains("GROUP BY")
    }
    #expect(scans.isEmpty, "\(scans)")
  }

  @Test func aSmallTableIsCountedExactly() throws {
    let opened = try PostgresOpening.open(PostgresURL(parsing: try Self.big.get()), exactLimit: 1_000_000)
    #expect(opened.backend.totalRows == .exact(400_001))
    #expect(opened.dataset.scopeTitles == ["All", "k1", "k2", "k3", "k4", "k5", "k6", "k0", "rare"])
  }

  @Test func aPartitionedTableSumsItsPartitionsAndANeverAnalyzedOneAsksThePlanner() throws {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    for statement in [
      "DROP TABLE IF EXISTS open_parts", "DROP TABLE IF EXISTS open_fresh",
      "CREATE TABLE open_parts (id int PRIMARY KEY, name text, category text) PARTITION BY RANGE (id)",
      "CREATE TABLE open_parts_1 PARTITION OF open_parts FOR VALUES FROM (0) TO (50000)",
      "CREATE TABLE open_parts_2 PARTITION OF open_parts FOR VALUES FROM (50000) TO (100000)",
      "CREATE TABLE open_parts_3 PARTITION OF open_parts FOR VALUES FROM (100000) TO (200000)",
      "INSERT INTO open_parts SELECT i, 'part ' || i, 'c' || (i % 3) FROM generate_series(0, 149999) AS i",
      // The partitions only: the parent keeps no statistics of its own (`reltuples` -1).
      "ANALYZE open_parts_1, open_parts_2, open_parts_3",
      "CREATE TABLE open_fresh (id int PRIMARY KEY, name text)",
      "INSERT INTO open_fresh SELECT i, 'fresh ' || i FROM generate_series(1, 150000) AS i",
    ] {
      try connection.run(PostgresStatement(statement), about: "setup")
    }
    let parts = try PostgresOpening.open(PostgresURL(parsing: cluster.url("table=open_parts")))
    #expect(parts.backend.totalRows == .estimate(150_000))
    #expect(parts.dataset.scopeTitles == ["All"])
    #expect(parts.warnings.contains { $0.contains("has no statistics yet") }, "\(parts.warnings)")
    #expect(try parts.backend.allRows(order: nil).exactCount() == 150_000)

    let fresh = try PostgresOpening.open(PostgresURL(parsing: cluster.url("table=open_fresh")))
    #expect(!fresh.backend.totalRows.isExact)
    #expect(fresh.backend.rowCount > 50_000, "\(fresh.backend.rowCount)")
  }
}
