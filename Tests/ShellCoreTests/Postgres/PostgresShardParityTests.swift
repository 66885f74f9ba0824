import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// A table hash-partitioned over two other servers (`postgres_fdw` foreign partitions,
/// `TestShards`) searched as one server's table is: the same rows, counts and scope bar; and
/// `prepare` puts the fold function and its trigram index on every shard.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason), .serialized)
struct PostgresShardParityTests {
  /// The generated rows (`PostgresRuleParityTests`' vocabulary), few: unprepared, every search
  /// reads every row from the shards.
  static let fixture = PostgresFixture(count: 3_000)

  /// The fixture sharded, once; its URL.
  static let loaded: Result<String, any Error> = Result { try TestShards.load(fixture, into: "shard_parity") }

  /// Each test's own connection to the sharded table and its own engine.
  struct Sides {
    let opened: DatasetOpener.Opened
    let database: PostgresSearchBackend
    let memory = InMemoryBackend(dataset: PostgresShardParityTests.fixture.dataset())

    init() throws {
      opened = try PostgresRuleParityTests.open(try PostgresShardParityTests.loaded.get())
      database = try #require(opened.backend as? PostgresSearchBackend)
    }
  }

  @Test func theRowsAreSplitOverBothShards() throws {
    _ = try Self.loaded.get()
    var counts: [Int] = []
    for shard in try TestCluster.startedShards() {
      let count = try shard.connect().run(
        PostgresStatement("SELECT count(*) FROM public.shard_parity"), about: "")
      counts.append(try #require(count.scalar.flatMap { Int($0) }))
    }
    #expect(counts.count == 2 && counts.allSatisfy { $0 > 500 }, "rows per shard: \(counts)")
    #expect(counts.reduce(0, +) == Self.fixture.titles.count)
  }

  @Test func itOpensWithTheShardsAndTheSummedEstimate() throws {
    let sides = try Sides()
    #expect(sides.opened.dataset.scopeTitles == sides.memory.dataset.scopeTitles)
    #expect(sides.opened.backend.rowCount == sides.memory.rowCount)
    let table = sides.database.backend.table
    #expect(table.estimatedRows == Self.fixture.titles.count)
    #expect(table.shards?.shards.map(\.server) == [TestShards.server(0), TestShards.server(1)])
    #expect(table.shards?.shards.map(\.remoteTable) == ["shard_parity", "shard_parity"])
    #expect(
      table.shards?.shards.allSatisfy { $0.hasCredentials && $0.isAsync && $0.usesRemoteEstimate } == true)
    #expect(table.names.tiebreak == nil, "a partitioned table's ctid is no tiebreak")
  }

  static let queries = [
    "s", "sta", "stand", "zzqx", "cafe", "Café", "straße", "STRASSE", "한", "й", "sta !stand", "cafe | straße",
    "^st", "d$", "100%", "a_b", "ﬁsh", "crème brû",
  ]

  @Test(arguments: queries) func foldCountsAndPagesEqualTheEngines(_ query: String) throws {
    let sides = try Sides()
    for scope in [0, 2] {
      let request = SearchRequest(text: query, rule: .fold, scope: scope)
      let expected = try #require(try sides.memory.search(request, cancellation: nil))
      let found = try #require(try sides.database.search(request, cancellation: nil))
      let label = "fold \(query) in scope \(scope)"
      #expect(try found.exactCount() == expected.exactCount(), "count of \(label)")
      for page in [0..<25, 100..<125, 300..<310] {
        let orders = found.rows(in: page).map { sides.database.ids.order(of: $0.id) }
        #expect(orders == expected.rows(in: page).map { String($0.id) }, "rows \(page) of \(label)")
      }
    }
  }

  /// Every other rule, a few queries each (the rules check candidates on the client alike).
  static let otherRules: [(MatchRule, String)] =
    [MatchRule.exact, .ci, .smart, .prefix, .fuzzy].flatMap { rule in
      ["sta", "cafe", "Café", "straße", "한", "sta !stand"].map { (rule, $0) }
    } + [(.regex, "^st"), (.regex, "caf(e|é)"), (.regex, "(ёлка|ガラス)")]

  @Test(arguments: otherRules) func everyRulesCountAndFirstPageEqualTheEngines(
    _ rule: MatchRule, _ query: String
  )
    throws
  {
    let sides = try Sides()
    let request = SearchRequest(text: query, rule: rule, scope: 0)
    let expected = try #require(try sides.memory.search(request, cancellation: nil))
    let found = try #require(try sides.database.search(request, cancellation: nil))
    let label = "\(rule.rawValue) \(query)"
    #expect(try found.exactCount() == expected.exactCount(), "count of \(label)")
    let orders = found.rows(in: 0..<25).map { sides.database.ids.order(of: $0.id) }
    #expect(orders == expected.rows(in: 0..<25).map { String($0.id) }, "first page of \(label)")
  }

  @Test func theFilterIsSeenRunningOnTheShardsOrHere() throws {
    let backend = try PostgresBackend(url: try Self.loaded.get(), statementTimeout: 60_000)
    var names = backend.table.names
    names.folded = "pg_catalog.lower(\(names.title))"
    #expect(try PostgresShards.filterIsShipped(names, backend.connection, table: "shard_parity"))
    names.folded = "pg_catalog.lower(COALESCE(\(names.title), ''))"
    #expect(try !PostgresShards.filterIsShipped(names, backend.connection, table: "shard_parity"))
  }
}
