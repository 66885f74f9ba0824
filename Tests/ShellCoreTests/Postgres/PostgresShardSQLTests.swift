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

  @Test(arguments: [MatchRule.fold, .exact, .ci, .smart, .prefix, .fuzzy, .regex])
  func theSearchSQLHasNothingCitusPullsToItsCoordinator(_ rule: MatchRule) throws {
    let url = try TestShards.load(Self.fixture, into: "shard_sql_\(rule.rawValue)")
    _ = try PostgresBackend(url: url, statementTimeout: 60_000).prepare()
    let opened = try PostgresOpening.open(PostgresURL(parsing: url))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let sent = Sent()
    database.backend.connection.onStatement = { sql in sent.statements.withLock { $0.append(sql) } }
    let memory = InMemoryBackend(dataset: Self.fixture.dataset())
    let queries =
      rule == .regex
      ? ["st", "^Str", "é$", "zzqx"]
      : ["stand", "a", "!stand", "cafe | zzqx", "zzqx", "Stra", "!Crème", "ΣΑΣ | İst", "straße"]
    for query in queries {
      let request = SearchRequest(text: query, rule: rule, scope: 0)
      let rows = try #require(try database.search(request, cancellation: nil))
      let expected = try #require(try memory.search(request, cancellation: nil))
      #expect(try rows.exactCount() == (try expected.exactCount()), "\(rule.rawValue) \(query)")
      _ = rows.rows(in: 0..<300)
    }
    let table = database.backend.table.names.table
    let all = sent.statements.withLock { $0 }
    let searches = all.filter { $0.contains(table) }
    #expect(searches.count >= 4)
    for sql in searches {
      for refused in ["GROUPING SETS", "TRIGGER", "MATERIALIZED", "WITH ", "(SELECT"] {
        #expect(!sql.contains(refused), "\(sql)")
      }
    }
    // No temporary function anywhere: the schema's fold and forms (prepare installed them).
    for sql in all { #expect(!sql.contains("pg_temp"), "\(sql)") }
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
  }

  /// Every rule's own test is sent too (`exact`'s NFC, `ci`'s and `strip`'s inlined forms,
  /// `prefix`'s word-start regex, `regex`'s ARE): no collation, no `COALESCE`, no function of the
  /// shell's, so each shard returns its matches and the coordinator filters nothing.
  @Test(arguments: [
    ("Stand", MatchRule.exact, "'%Stand%'"), ("!stand", .ci, "'%stand%'"), ("Stand", .smart, "'%Stand%'"),
    ("crème", .smart, "'%crème%'"), ("sta", .prefix, " ~ E'(^|[^0-9A-Za-z"), ("^Stra", .regex, " ~ '^Stra'"),
  ])
  func everyShardReceivesTheRulesOwnTest(_ query: String, _ rule: MatchRule, _ test: String) throws {
    let url = try TestShards.load(Self.fixture, into: "shard_sql_forms")
    _ = try PostgresBackend(url: url, statementTimeout: 60_000).prepare()
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    #expect(!backend.table.names.forms.lower.contains("pg_temp"))
    let candidates = try backend.candidates(for: SearchRequest(text: query, rule: rule, scope: 0))
    #expect(candidates.isExact)
    var count = try #require(
      PostgresSearchSQL.count(
        candidates.filter, scope: nil, names: backend.table.names, pattern: candidates.pattern))
    count.sql = "EXPLAIN (VERBOSE, COSTS OFF) " + count.sql
    let plan = try backend.connection.run(count, about: "plan").rows.compactMap { $0[0] }
    let remote = plan.filter { $0.contains("Remote SQL: ") }
    #expect(remote.count == 2 && remote.allSatisfy { $0.contains(test) }, "\(plan.joined(separator: "\n"))")
    #expect(!plan.contains { $0.contains("Filter: ") }, "\(plan.joined(separator: "\n"))")
    #expect(!plan.contains { $0.contains("searchshell_") }, "\(plan.joined(separator: "\n"))")
  }
}
