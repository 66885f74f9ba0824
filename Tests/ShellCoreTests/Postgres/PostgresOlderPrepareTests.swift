import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import Tables

/// A table an older version prepared (its index over `fold(coalesce(title, ''))`, its function
/// and stamp of another digest) still searches correctly, says it needs `prepare` again, and
/// `prepare` builds the index again over this version's expression.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason), .serialized)
struct PostgresOlderPrepareTests {
  @Test func anOlderVersionsIndexIsBuiltAgain() throws {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect()
    try PostgresFixture(count: 300).load(into: "older_prepare", connection)
    try connection.run(
      PostgresStatement("INSERT INTO older_prepare (id, name) VALUES (9001, NULL), (9002, NULL)"),
      about: "setup")
    let fresh = try PostgresBackend(url: cluster.url("table=older_prepare"))
    let queries = ["stand", "!stand", "cafe | !zzqx"]
    let expected = try queries.map { try fresh.count($0, rule: .fold, scope: nil) }
    _ = try fresh.prepare()
    #expect(fresh.table.isPrepared)
    // What the earlier version left: its index over the COALESCE form, stamped with its digest.
    let index = "searchshell_trgm_\(fresh.table.oid)"
    let old = "SearchShell fold 0123456789abcdef"
    for sql in [
      "DROP INDEX \(index)",
      "CREATE INDEX \(index) ON older_prepare USING gin "
        + "(public.searchshell_fold(coalesce(name::text, '')) gin_trgm_ops)",
      "COMMENT ON INDEX \(index) IS 'SearchShell index of column 2; \(old)'",
    ] {
      try connection.run(PostgresStatement(sql), about: "setup")
    }
    let older = try PostgresBackend(url: cluster.url("table=older_prepare"))
    #expect(!older.table.isPrepared)
    #expect(older.table.indexIsStale)
    #expect(older.warning?.contains("until prepare builds it again") == true, "\(older.warning ?? "")")
    for (query, count) in zip(queries, expected) {
      #expect(try older.count(query, rule: .fold, scope: nil) == count, "\(query)")
    }
    let done = try older.prepare()
    #expect(done.contains("dropped the index \(index) built by another fold or title column"), "\(done)")
    #expect(older.table.isPrepared)
    #expect(older.warning == nil)
    let definition = try connection.run(
      PostgresStatement("SELECT pg_get_indexdef(to_regclass($1))", [index]), about: "check"
    ).scalar
    #expect(definition?.contains("coalesce") == false, "\(definition ?? "")")
    for (query, count) in zip(queries, expected) {
      #expect(try older.count(query, rule: .fold, scope: nil) == count, "\(query)")
    }
  }
}
