import BackendsTestSupport
import Foundation
import Synchronization
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// What a search sends for a prepared table sharded with `postgres_fdw` stays within what Citus
/// distributes: no grouping sets, triggers, temporary functions, `LIMIT` subqueries or CTEs on
/// the statements that read the table, and each shard receives the fold's `LIKE` (Remote SQL).
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason), .serialized)
struct PostgresShardSQLTests {
  static let fixture = PostgresFixture(count: 400)

  /// The statements a connection sent, in order.
  final class Sent: Sendable {
    let statements = Mutex<[String]>([])
  }

  @Test(arguments: [MatchRule.fold, .exact, .prefix, .fuzzy])
  func theSearchSQLHasNothingCitusPullsToItsCoordinator(_ rule: MatchRule) throws {
    let url = try TestShards.load(Self.fixture, into: "shard_sql_\(rule.rawValue)")
    _ = try PostgresBackend(url: url, statementTimeout: 60_000).prepare()
    let opened = try PostgresOpening.open(PostgresURL(parsing: url))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let sent = Sent()
    database.backend.connection.onStatement = { sql in sent.statements.withLock { $0.append(sql) } }
    let memory = InMemoryBackend(dataset: Self.fixture.dataset())
    for query in ["stand", "a", "!stand", "cafe | zzqx", "zzqx"] {
      let request = SearchRequest(text: query, rule: rule, scope: 0)
      let rows = try #require(try database.search(request, cancellation: nil))
      let expected = try #require(try memory.search(request, cancellation: nil))
      #expect(try rows.exactCount() == (try expected.exactCount()), "\(rule.rawValue) \(query)")
      _ = rows.rows(in: 0..<300)
    }
    let table = database.backend.table.names.table
    let searches = sent.statements.withLock { $0 }.filter { $0.contains(table) }
    #expect(searches.count >= 5)
    for sql in searches {
      for refused in ["GROUPING SETS", "TRIGGER", "pg_temp.", "MATERIALIZED", "WITH ", "(SELECT"] {
        #expect(!sql.contains(refused), "\(sql)")
      }
    }
  }

  /// `EXPLAIN VERBOSE` of a count and of a page: every shard's Remote SQL holds the fold `LIKE`,
  /// so each shard filters its own rows (through its index) and sends only its matches.
  @Test func everyShardReceivesTheFoldFilter() throws {
    let url = try TestShards.load(Self.fixture, into: "shard_sql_remote")
    _ = try PostgresBackend(url: url, statementTimeout: 60_000).prepare()
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    let names = backend.table.names
    let filter = ParsedQuery("stand !zzqx", rule: .fold)
    let statements = [
      try #require(PostgresSearchSQL.count(filter, scope: "Toys", names: names)),
      try #require(
        PostgresSearchSQL.page(filter, scope: nil, names: names, after: "7", limit: 20, plan: .sortMatches)),
      try #require(
        PostgresSearchSQL.page(
          filter, scope: nil, names: names, after: nil, limit: 20, plan: .walkOrder, walkEnd: "300")),
    ]
    for var statement in statements {
      statement.sql = "EXPLAIN (VERBOSE, COSTS OFF) " + statement.sql
      let plan = try backend.connection.run(statement, about: "plan").rows.compactMap { $0[0] }
      let remote = plan.compactMap { line in
        line.range(of: "Remote SQL: ").map { String(line[$0.upperBound...]) }
      }
      #expect(remote.count == 2, "\(plan.joined(separator: "\n"))")
      for sql in remote {
        #expect(sql.contains(" ~~ '%stand%'") && sql.contains(" !~~ '%zzqx%'"), "\(sql)")
      }
    }
    // An exact term's own test compares under COLLATE "C", which postgres_fdw keeps here; the
    // fold prefilter beside it is still sent, so a shard returns only its candidates.
    var exact = try #require(
      PostgresSearchSQL.count(ParsedQuery("Stand", rule: .exact), scope: nil, names: names))
    exact.sql = "EXPLAIN (VERBOSE, COSTS OFF) " + exact.sql
    let plan = try backend.connection.run(exact, about: "plan").rows.compactMap { $0[0] }
    let remote = plan.filter { $0.contains("Remote SQL: ") }
    #expect(remote.count == 2 && remote.allSatisfy { $0.contains(" ~~ '%stand%'") }, "\(plan)")
    #expect(remote.allSatisfy { !$0.contains("NFC") }, "\(plan)")
    #expect(plan.contains { $0.contains("Filter: ") && $0.contains("NFC") }, "\(plan)")
  }
}
