import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// `prepare` on a table sharded with `postgres_fdw`: the fold function and a valid trigram index
/// on every shard it can reach, what to run on one it cannot.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason), .serialized)
struct PostgresShardPrepareTests {
  static let fixture = PostgresFixture(count: 500)

  /// `prepare undo` of a plain table beside a sharded one keeps the fold function: the sharded
  /// table's searches call it, though no index on the coordinator records that.
  @Test func undoingANeighbourKeepsTheFoldASharedTableSearchesWith() throws {
    _ = try TestShards.load(Self.fixture, into: "shard_prepare")
    let cluster = try TestCluster.started()
    let admin = try cluster.connect()
    for sql in [
      "DROP TABLE IF EXISTS shard_neighbour", "CREATE TABLE shard_neighbour (id int PRIMARY KEY, name text)",
      "INSERT INTO shard_neighbour VALUES (1, 'Café')",
    ] {
      try admin.run(PostgresStatement(sql), about: "setup")
    }
    let neighbour = try PostgresBackend(url: cluster.url("table=shard_neighbour"), statementTimeout: 60_000)
    _ = try neighbour.prepare()
    let undone = try neighbour.unprepare()
    #expect(
      undone.last == "kept the fold function public.searchshell_fold(text): another table uses it",
      "\(undone)")
  }

  @Test func itPutsTheFoldAndItsIndexOnEveryShard() throws {
    let url = try TestShards.load(Self.fixture, into: "shard_prepare")
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    let lines = try backend.prepare()
    for index in 0..<2 {
      let place = "\(TestShards.server(index)) (public.shard_prepare): "
      #expect(
        lines.contains(place + "built the trigram index searchshell_trgm_shard_prepare concurrently"),
        "\(lines)")
      #expect(lines.contains(place + "analyzed public.shard_prepare"), "\(lines)")
    }
    for shard in try TestCluster.startedShards() {
      let connection = try shard.connect()
      let index = try connection.run(
        PostgresStatement(
          "SELECT i.indisvalid::text, pg_get_indexdef(i.indexrelid) FROM pg_index i "
            + "WHERE i.indexrelid = to_regclass('public.searchshell_trgm_shard_prepare')"),
        about: ""
      ).rows
      #expect(index.first?[0] == "true")
      #expect(
        index.first?[1]?.hasSuffix("USING gin (searchshell_fold(name) gin_trgm_ops)") == true, "\(index)")
      let comment = try PostgresPreparation.comment(of: "public.searchshell_fold", connection, table: "")
      #expect(comment == PostgresFold.comment)
    }
    let again = try backend.prepare()
    #expect(
      again.contains(
        "\(TestShards.server(0)) (public.shard_prepare): the trigram index searchshell_trgm_shard_prepare was there"
      ))
    let memory = InMemoryBackend(dataset: Self.fixture.dataset())
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: url))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    for query in ["cafe", "stand !star", "한"] {
      let request = SearchRequest(text: query, rule: .fold, scope: 0)
      let found = try #require(try database.search(request, cancellation: nil))
      #expect(
        try found.exactCount() == (try #require(try memory.search(request, cancellation: nil))).exactCount())
    }
  }

  /// After `prepare`, postgres_fdw sends a fold search's filter to both shards (their Remote SQL
  /// holds the `LIKE`; a fold over `COALESCE` or with a `COLLATE` was kept here), each shard can
  /// answer it with its trigram index, no warning is shown, and NULL titles count as empty text.
  @Test func afterPrepareTheFoldFilterRunsOnEveryShardThroughItsIndex() throws {
    let url = try TestShards.load(Self.fixture, into: "shard_pushdown")
    let setup = try PostgresBackend(url: url, statementTimeout: 60_000)
    try setup.connection.run(
      PostgresStatement(
        "INSERT INTO shard_pushdown (id, name, category) VALUES (90001, NULL, 'x'), (90002, NULL, NULL)"),
      about: "setup")
    _ = try setup.prepare()
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    #expect(backend.table.shards?.filterRunsOnShards == true)
    // The installed function, never the session's temporary one: a Citus worker has no pg_temp.
    #expect(backend.table.names.folded == "\"public\".searchshell_fold(\"name\"::pg_catalog.text)")
    #expect(backend.warning == nil)
    // explain says where the filter ran: not "the table is not prepared" (it has no index itself).
    #expect(
      PostgresSearchBackend.scanDescription(backend.table)
        == "sharded over 2 servers, each filtering its rows (with its trigram index where prepare built one)")
    var statement = try #require(
      PostgresSearchSQL.count(ParsedQuery("stand", rule: .fold), scope: nil, names: backend.table.names))
    statement.sql = "EXPLAIN (VERBOSE, COSTS OFF) " + statement.sql
    let plan = try backend.connection.run(statement, about: "plan").rows.compactMap { $0[0] }
    let remote = plan.compactMap { line in
      line.range(of: "Remote SQL: ").map { String(line[$0.upperBound...]) }
    }
    #expect(remote.count == 2, "\(plan)")
    #expect(remote.allSatisfy { $0.contains(" WHERE ") && $0.contains("~~ '%stand%'") }, "\(remote)")
    for (shard, sql) in zip(try TestCluster.startedShards(), remote) {
      let connection = try shard.connect()
      // Only an index whose expression is the one received can serve it.
      try connection.run(PostgresStatement("SET enable_seqscan = off"), about: "plan")
      let shardPlan = try connection.run(PostgresStatement("EXPLAIN " + sql), about: "plan").rows
      #expect(
        shardPlan.contains {
          $0[0]?.contains("Bitmap Index Scan on searchshell_trgm_shard_pushdown") == true
        },
        "\(shardPlan)")
    }
    let total = try #require(
      try backend.connection.run(PostgresStatement("SELECT count(*) FROM shard_pushdown"), about: "").scalar)
    for rule in [MatchRule.fold, .exact, .ci, .smart, .prefix] {
      for query in ["!zzqx", "!ZZQX", "!zzqé"] {
        #expect(try backend.count(query, rule: rule, scope: nil) == Int(total), "\(rule.rawValue) \(query)")
      }
      #expect(try backend.count("zzqx", rule: rule, scope: nil) == 0, "\(rule.rawValue) zzqx")
    }
    #expect(try backend.count("^", rule: .regex, scope: nil) == Int(total))
  }

  /// The forms' functions are installed on the coordinator beside the fold (inlined, they reach
  /// the shards as built-ins) and dropped with it.
  @Test func prepareInstallsTheFormsHereAndUndoDropsThem() throws {
    let url = try TestShards.load(Self.fixture, into: "shard_forms")
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    let forms = "public.searchshell_case(text) and public.searchshell_strip(text)"
    let present = { () throws -> Bool in
      try PostgresPreparation.comment(of: "public.searchshell_case", backend.connection, table: "")
        == PostgresForms.comment(.lower)
        && PostgresPreparation.comment(of: "public.searchshell_strip", backend.connection, table: "")
          == PostgresForms.comment(.strip)
    }
    _ = try backend.unprepare()
    let missing = try !present()
    let lines = try backend.prepare()
    // Installed unless another sharded table of the schema (the other tests') kept them.
    #expect(lines.contains("installed the ci and smart form functions \(forms) here") == missing, "\(lines)")
    #expect(try present())
    #expect(backend.table.names.forms.lower == "\"public\".searchshell_case")
    #expect(!backend.table.formsAreTemporary)
    let undone = try backend.unprepare()
    // Kept with the fold while another sharded table of the schema searches with it.
    let kept = undone.contains { $0.hasPrefix("kept the fold function") }
    #expect(undone.contains("dropped the ci and smart form functions \(forms) here") != kept, "\(undone)")
    #expect(try present() == kept)
  }

  @Test func undoDropsTheIndexOnEveryShard() throws {
    let url = try TestShards.load(Self.fixture, into: "shard_undo")
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    _ = try backend.prepare()
    let lines = try backend.unprepare()
    for index in 0..<2 {
      #expect(
        lines.contains(
          "\(TestShards.server(index)) (public.shard_undo): dropped the trigram index searchshell_trgm_shard_undo"
        ), "\(lines)")
    }
    for shard in try TestCluster.startedShards() {
      let left = try shard.connect().run(
        PostgresStatement("SELECT to_regclass('public.searchshell_trgm_shard_undo') IS NULL"), about: "")
      #expect(left.scalar == "t")
    }
    let again = try backend.unprepare()
    #expect(!again.contains { $0.contains("dropped the trigram index") }, "\(again)")
    #expect(
      again.filter { $0.hasPrefix(TestShards.server(0)) || $0.hasPrefix(TestShards.server(1)) }.count >= 2,
      "\(again)")
  }

  @Test func aShardItCannotReachGetsTheStatementsToRunThere() throws {
    let cluster = try TestCluster.started()
    _ = try TestShards.load(Self.fixture, into: "shard_prepare")
    let connection = try cluster.connect()
    for sql in [
      "DROP TABLE IF EXISTS shard_missing",
      "CREATE SERVER IF NOT EXISTS searchshell_shard_gone FOREIGN DATA WRAPPER postgres_fdw "
        + "OPTIONS (host '\(cluster.folder)/gone', dbname 'postgres')",
      "CREATE USER MAPPING IF NOT EXISTS FOR postgres SERVER searchshell_shard_gone OPTIONS (user 'postgres')",
      "CREATE TABLE shard_missing (id int NOT NULL, name text, category text) PARTITION BY HASH (id)",
      "CREATE FOREIGN TABLE shard_missing_p0 PARTITION OF shard_missing FOR VALUES WITH (MODULUS 2, REMAINDER 0) "
        + "SERVER \(TestShards.server(0)) OPTIONS (table_name 'shard_prepare')",
      "CREATE FOREIGN TABLE shard_missing_p1 PARTITION OF shard_missing FOR VALUES WITH (MODULUS 2, REMAINDER 1) "
        + "SERVER searchshell_shard_gone OPTIONS (table_name 'elsewhere')",
    ] {
      try connection.run(PostgresStatement(sql), about: "")
    }
    let backend = try PostgresBackend(url: cluster.url("table=shard_missing&title=name&order=id"))
    let lines = try backend.prepare()
    let gone = lines.filter { $0.contains("searchshell_shard_gone") || $0.hasPrefix("  ") }
    #expect(
      gone.first?.hasPrefix("searchshell_shard_gone (public.elsewhere): not prepared: ") == true, "\(lines)")
    #expect(gone.contains { $0.contains("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA \"public\";") })
    #expect(gone.contains { $0.contains("pg_get_functiondef('public.searchshell_fold(pg_catalog.text)'") })
    #expect(
      gone.contains {
        $0.contains(
          "CREATE INDEX CONCURRENTLY IF NOT EXISTS \"searchshell_trgm_elsewhere\" ON \"public\".\"elsewhere\" USING gin "
            + "(\"public\".searchshell_fold(\"name\"::pg_catalog.text) \"public\".gin_trgm_ops); ANALYZE \"public\".\"elsewhere\";"
        )
      }, "\(gone)")
    #expect(
      lines.contains(
        "\(TestShards.server(0)) (public.shard_prepare): built the trigram index searchshell_trgm_shard_prepare concurrently"
      ))
    #expect(lines.contains { $0.hasPrefix("note: searchshell_shard_gone has async_capable off") })
  }
}
