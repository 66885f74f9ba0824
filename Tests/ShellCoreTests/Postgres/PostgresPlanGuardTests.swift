import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// A rare and a frequent term each get the page plan that serves them.
///
/// On a 100,000-row prepared table (checked on the plan PostgreSQL runs, not on timings): a rare term finds its
/// matches through the trigram index and sorts them; a frequent one walks the primary key and
/// stops at the page's end. Each plan is the other's disaster (seconds at 10M rows).
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresPlanGuardTests {
  /// `plan_rows`: every row holds "common", one in 20,000 "zzrare".
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS plan_rows"), about: "setup")
    try connection.run(
      PostgresStatement(
        "CREATE TABLE plan_rows AS SELECT i AS id, 'common ' || md5(i::text) "
          + "|| CASE WHEN i % 20000 = 7 THEN ' zzrare' ELSE '' END AS name FROM generate_series(1, 100000) AS i"
      ),
      about: "setup")
    try connection.run(PostgresStatement("ALTER TABLE plan_rows ADD PRIMARY KEY (id)"), about: "setup")
    let url = cluster.url("table=plan_rows")
    _ = try PostgresBackend(url: url, statementTimeout: 300_000).prepare()
    return url
  }

  /// The plan PostgreSQL chooses for the page the backend would send for `query`.
  static func pagePlan(_ query: String, rule: MatchRule = .fold) throws -> (
    chosen: PostgresSearchSQL.PagePlan, explained: String
  ) {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: try loaded.get()))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let rows = try #require(
      try database.search(SearchRequest(text: query, rule: rule, scope: 0), cancellation: nil)
        as? PostgresSearchRows)
    let backend = database.backend
    var statement = try #require(
      PostgresSearchSQL.page(
        rows.candidates.filter, scope: nil, names: backend.table.names, after: nil,
        limit: PostgresSearchBackend.batchSize, plan: rows.plan))
    statement.sql = "EXPLAIN " + statement.sql
    let explained = try backend.connection.run(statement, about: "plan").rows.compactMap { $0[0] }
    return (rows.plan, explained.joined(separator: "\n"))
  }

  @Test func aRareTermSortsItsIndexedMatches() throws {
    let (chosen, explained) = try Self.pagePlan("zzrare")
    #expect(chosen == .sortMatches)
    #expect(explained.contains("Bitmap Index Scan on searchshell_trgm_"), "\(explained)")
    #expect(!explained.contains("plan_rows_pkey"), "\(explained)")
  }

  @Test func aFrequentTermWalksThePrimaryKey() throws {
    let (chosen, explained) = try Self.pagePlan("common")
    #expect(chosen == .walkOrder)
    #expect(explained.contains("Index Scan using plan_rows_pkey"), "\(explained)")
    #expect(!explained.contains("Bitmap"), "\(explained)")
  }

  /// The planner has no statistics on the `ci`/`smart` forms' expressions and would take a
  /// default selectivity (a few rows where every row matches), sorting every match for the first
  /// page: the estimate is the fold prefilter's, so a frequent term walks.
  @Test(arguments: [MatchRule.ci, .exact, .prefix])
  func aFrequentTermInAnotherFormWalksToo(rule: MatchRule) throws {
    let (chosen, _) = try Self.pagePlan("common", rule: rule)
    #expect(chosen == .walkOrder, "\(rule.rawValue)")
    let (rare, _) = try Self.pagePlan("zzrare", rule: rule)
    #expect(rare == .sortMatches, "\(rule.rawValue)")
  }

  /// An estimate far too high for a rare term (as if it matched every row) sends the first page
  /// down the walk; the walk stops after its bound and the matches after it are sorted, so the
  /// page is still every match in order, and PostgreSQL walked the bound, not the table.
  @Test func anOverestimatedRareTermWalksOnlyItsBound() throws {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: try Self.loaded.get()))
    let backend = try #require(opened.backend as? PostgresSearchBackend).backend
    let filter = PostgresCandidates(SearchRequest(text: "zzrare", rule: .fold, scope: 0)).filter
    let walk = try #require(PostgresBackend.walkLimit(estimate: 100_000, rows: 100_000, limit: 100))
    #expect(walk == 400)
    let page = try backend.walkedPage(filter, scope: nil, limit: 100, walkLimit: walk, cancellation: nil)
    #expect(page.sorted)
    #expect(page.rows.map(\.order) == ["7", "20007", "40007", "60007", "80007"])
    let end = PostgresSearchSQL.walkEnd(names: backend.table.names, after: nil, walkLimit: walk)
    let walkEnd = try backend.connection.run(end, about: "plan").scalar
    #expect(walkEnd == "400")
    var statement = try #require(
      PostgresSearchSQL.page(
        filter, scope: nil, names: backend.table.names, after: nil, limit: 100, plan: .walkOrder,
        walkEnd: walkEnd))
    statement.sql = "EXPLAIN ANALYZE " + statement.sql
    let explained = try backend.connection.run(statement, about: "plan").rows.compactMap { $0[0] }
    // The key's index bounds what is read (an index scan of the range, or its bitmap ANDed with
    // the trigram index's), never the whole table.
    let plan = explained.joined(separator: "\n")
    #expect(plan.contains("on plan_rows_pkey"), "\(plan)")
    #expect(plan.contains("Index Cond: (id <= 400)"), "\(plan)")
    #expect(!plan.contains("Seq Scan"), "\(plan)")
  }

  /// A frequent term's walk fills its page inside the bound: one statement, no sorting.
  @Test func aFrequentTermFillsItsPageInsideTheBound() throws {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: try Self.loaded.get()))
    let backend = try #require(opened.backend as? PostgresSearchBackend).backend
    let filter = PostgresCandidates(SearchRequest(text: "common", rule: .fold, scope: 0)).filter
    let page = try backend.walkedPage(filter, scope: nil, limit: 100, walkLimit: 400, cancellation: nil)
    #expect(!page.sorted)
    #expect(page.rows.map(\.order) == (1...100).map(String.init))
  }

  @Test func theEstimateComesFirstAndTheExactCountAfter() throws {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: try Self.loaded.get()))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let rows = try #require(
      try database.search(SearchRequest(text: "comm", rule: .fold, scope: 0), cancellation: nil))
    #expect(rows.rows(in: 0..<10).count == 10)
    #expect(try rows.exactCount() == 100_000)
    #expect(rows.count == .exact(100_000))
    let rare = try #require(
      try database.search(SearchRequest(text: "zzrare", rule: .fold, scope: 0), cancellation: nil))
    // Five matches come back in one short page: the count is exact at once.
    #expect(rare.count == .exact(5))
  }
}
