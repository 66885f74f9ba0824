import BackendsTestSupport
import Foundation
import Tables
import Testing

@testable import Backends
@testable import Engine

/// `prepare` builds its index with `CREATE INDEX CONCURRENTLY`: writers and readers go on while it
/// runs, a cancel leaves an INVALID index the next `prepare` drops and builds again, and `prepare
/// undo` removes this design's objects and the earlier design's (generated column, gram counts,
/// trigger).
///
/// A transaction that wrote to the table and stays open holds the build in its phase "waiting for
/// writers before build", so the tests act while the build is known to be running.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresOnlinePrepareTests {
  /// A table of `count` fixture rows named `name`, and its URL.
  static func table(_ name: String, count: Int = 300) throws -> (url: String, connection: PostgresConnection)
  {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    try PostgresFixture(count: count).load(into: name, connection)
    return (cluster.url("table=\(name)"), connection)
  }

  /// Opens a transaction that wrote to `table` and leaves it open: a concurrent build waits for it.
  static func openWriter(_ table: String) throws -> PostgresConnection {
    let writer = try TestCluster.started().connect()
    try writer.run(PostgresStatement("BEGIN"), about: "setup")
    try writer.run(PostgresStatement("INSERT INTO \(table) VALUES (900001, 'Held', 'Toys')"), about: "setup")
    return writer
  }

  /// Waits (up to 60 s) until a build of an index on `table` waits for the server process `pid`.
  static func buildWaits(for pid: Int32, table: String, _ connection: PostgresConnection) throws -> Bool {
    let waiting = PostgresStatement(
      "SELECT count(*) FROM pg_stat_progress_create_index WHERE relid = $1::regclass "
        + "AND phase = 'waiting for writers before build' AND current_locker_pid = $2::int",
      [table, String(pid)])
    for _ in 0..<600 {
      if try connection.run(waiting, about: "check").scalar == "1" { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return false
  }

  /// Starts `prepare` of `url` on another thread, its progress and notes kept in the outcome.
  static func startPrepare(_ url: String, cancellation: SearchCancellation? = nil) -> PrepareOutcome {
    let outcome = PrepareOutcome()
    DispatchQueue.global().async {
      do {
        let backend = try PostgresBackend(url: url)
        outcome.finish(
          try backend.prepare(
            progress: { outcome.note($0) }, note: { outcome.note($0) }, cancellation: cancellation))
      } catch {
        outcome.finish(error)
      }
    }
    return outcome
  }

  @Test func writersAndReadersGoOnWhilePrepareBuildsItsIndex() throws {
    let (url, connection) = try Self.table("online_rows")
    let held = try Self.openWriter("online_rows")
    let outcome = Self.startPrepare(url)
    #expect(try Self.buildWaits(for: held.backendProcessID, table: "online_rows", connection))
    // The build is running: another writer and a reader must not wait for its lock.
    let other = try TestCluster.started().connect()
    try other.run(PostgresStatement("SET lock_timeout = '2s'"), about: "write")
    try other.run(
      PostgresStatement("INSERT INTO online_rows VALUES (900002, 'Café online', 'Food')"), about: "write")
    try other.run(
      PostgresStatement("UPDATE online_rows SET name = 'Café updated' WHERE id = 1"), about: "write")
    #expect(
      try other.run(PostgresStatement("SELECT count(*) FROM online_rows"), about: "read").scalar == "301")
    #expect(outcome.result == nil, "prepare finished while a writer it must wait for was open")
    // Progress names the phase and the session the build waits for (read once a second).
    var reported = false
    for _ in 0..<200 where !reported {
      reported = outcome.notes.contains {
        $0.contains("waiting for writers before build")
          && $0.contains("server process \(held.backendProcessID)")
      }
      if !reported { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(reported, "\(outcome.notes)")
    try held.run(PostgresStatement("COMMIT"), about: "setup")
    #expect(outcome.wait(seconds: 120))
    guard case .success(let done)? = outcome.result else {
      Issue.record("prepare failed: \(String(describing: outcome.result))")
      return
    }
    #expect(done.contains { $0.hasPrefix("built the trigram index") }, "\(done)")
    // Every write is in the index: its counts equal a sequential scan's.
    let backend = try PostgresBackend(url: url)
    #expect(backend.table.isPrepared)
    var all = PostgresFixture(count: 300).titles
    all[1] = "Café updated"
    all += ["Café online", "Held"]
    for term in ["cafe", "held", "stand"] {
      let expected = all.filter { ReferenceMatcher.matches($0, query: term, rule: .fold) }.count
      #expect(try backend.count(term, rule: .fold, scope: nil) == expected, "\(term)")
    }
  }

  @Test func aCancelledPrepareLeavesAnInvalidIndexTheNextOneRebuilds() throws {
    let (url, connection) = try Self.table("cancelled_rows")
    let held = try Self.openWriter("cancelled_rows")
    let cancellation = SearchCancellation()
    let outcome = Self.startPrepare(url, cancellation: cancellation)
    #expect(try Self.buildWaits(for: held.backendProcessID, table: "cancelled_rows", connection))
    cancellation.cancel()
    #expect(outcome.wait(seconds: 60))
    guard case .failure(let error)? = outcome.result else {
      Issue.record("prepare was not cancelled: \(String(describing: outcome.result))")
      return
    }
    #expect(
      error as? BackendError
        == .databasePrepareCancelled(table: "cancelled_rows", step: "building the trigram index"))
    try held.run(PostgresStatement("ROLLBACK"), about: "setup")
    let invalid = PostgresStatement(
      "SELECT count(*) FROM pg_index WHERE indrelid = 'cancelled_rows'::regclass AND NOT indisvalid")
    #expect(try connection.run(invalid, about: "check").scalar == "1")
    // Loaded now, the table is not prepared: the INVALID index answers nothing.
    let backend = try PostgresBackend(url: url)
    #expect(!backend.table.isPrepared)
    let done = try backend.prepare()
    #expect(done.contains { $0.hasPrefix("dropped the invalid index searchshell_trgm_") }, "\(done)")
    #expect(done.contains { $0.hasPrefix("built the trigram index") }, "\(done)")
    #expect(try connection.run(invalid, about: "check").scalar == "0")
    #expect(backend.table.isPrepared)
    let expected = PostgresFixture(count: 300).titles.filter {
      ReferenceMatcher.matches($0, query: "cafe", rule: .fold)
    }.count
    #expect(try backend.count("cafe", rule: .fold, scope: nil) == expected)
  }

  /// The earlier design's objects, made as its `prepare` made them (the fold there was the
  /// function; `lower` stands in: only the names matter to undo).
  static func addEarlierDesign(_ table: String, _ connection: PostgresConnection) throws {
    let oid =
      try connection.run(PostgresStatement("SELECT $1::regclass::oid", [table]), about: "setup").scalar ?? ""
    for sql in [
      "ALTER TABLE \(table) ADD COLUMN searchshell_folded text GENERATED ALWAYS AS (lower(name)) STORED",
      "CREATE EXTENSION IF NOT EXISTS pg_trgm",
      "CREATE INDEX searchshell_trgm_\(oid) ON \(table) USING gin (searchshell_folded gin_trgm_ops)",
      "CREATE TABLE searchshell_grams_\(oid) (scope text, gram text NOT NULL, n int8 NOT NULL)",
      "CREATE OR REPLACE FUNCTION searchshell_grams_stale() RETURNS trigger LANGUAGE plpgsql AS "
        + "$f$ BEGIN RETURN NULL; END $f$",
      "CREATE TRIGGER searchshell_grams_stale AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table) "
        + "FOR EACH STATEMENT EXECUTE FUNCTION searchshell_grams_stale()",
    ] {
      try connection.run(PostgresStatement(sql), about: "setup")
    }
  }

  /// Whether `table` holds none of the earlier design's objects.
  static func earlierDesignIsGone(_ table: String, _ connection: PostgresConnection) throws -> Bool {
    try connection.run(
      PostgresStatement(
        "SELECT NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = $1::regclass AND attname = "
          + "'searchshell_folded' AND NOT attisdropped) AND NOT EXISTS (SELECT 1 FROM pg_trigger WHERE "
          + "tgrelid = $1::regclass AND tgname = 'searchshell_grams_stale') AND "
          + "to_regclass('searchshell_grams_' || $1::regclass::oid) IS NULL",
        [table]),
      about: "check"
    ).scalar == "t"
  }

  @Test func undoRemovesTheEarlierDesignAndPrepareReplacesIt() throws {
    let (url, connection) = try Self.table("earlier_rows")
    try Self.addEarlierDesign("earlier_rows", connection)
    let backend = try PostgresBackend(url: url)
    #expect(!backend.table.isPrepared)
    #expect(!backend.table.columns.contains("searchshell_folded"))
    let undone = try backend.unprepare()
    #expect(undone.contains("dropped the earlier prepare's trigger searchshell_grams_stale"), "\(undone)")
    #expect(undone.contains { $0.hasPrefix("dropped the earlier prepare's gram count table") }, "\(undone)")
    #expect(
      undone.contains("dropped the earlier prepare's column searchshell_folded and its index"), "\(undone)")
    #expect(try Self.earlierDesignIsGone("earlier_rows", connection))
    #expect(try backend.unprepare() == ["nothing to undo: earlier_rows was not prepared"])

    try Self.addEarlierDesign("earlier_rows", connection)
    let done = try backend.prepare()
    #expect(done.contains("dropped the earlier prepare's column searchshell_folded and its index"), "\(done)")
    #expect(done.contains { $0.hasPrefix("built the trigram index") }, "\(done)")
    #expect(try Self.earlierDesignIsGone("earlier_rows", connection))
    #expect(backend.table.isPrepared)
    let undoneAgain = try backend.unprepare()
    #expect(
      undoneAgain.first?.hasPrefix("dropped the trigram index searchshell_trgm_") == true, "\(undoneAgain)")
    #expect(
      try connection.run(
        PostgresStatement(
          "SELECT count(*) FROM pg_index WHERE indrelid = 'earlier_rows'::regclass "
            + "AND indexrelid::regclass::text LIKE 'searchshell%'"), about: "check"
      ).scalar == "0")
  }

  @Test func progressLinesNameThePhaseAndCounts() {
    let cases: [(String, (Int, Int)?, (Int, Int)?, String?, String)] = [
      (
        "building index: scanning table", (1_200, 48_000), nil, nil,
        "prepare: building the trigram index: building index: scanning table, 1,200 of 48,000 blocks (2%)"
      ),
      (
        "waiting for writers before build", nil, nil, "4242",
        "prepare: building the trigram index: waiting for writers before build, waiting for server process 4242"
      ),
      (
        "index validation: scanning table", (10, 10), (5, 20), nil,
        "prepare: building the trigram index: index validation: scanning table, 10 of 10 blocks (100%), "
          + "5 of 20 tuples (25%)"
      ),
    ]
    for (phase, blocks, tuples, locker, expected) in cases {
      let line = PostgresIndexBuild.line(
        step: "building the trigram index", phase: phase, blocks: blocks.map { (done: $0.0, total: $0.1) },
        tuples: tuples.map { (done: $0.0, total: $0.1) }, lockers: nil, locker: locker)
      #expect(line == expected)
    }
  }
}
