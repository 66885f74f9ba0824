import BackendsTestSupport
import Foundation
import Testing

@testable import Backends

/// The gram count table `prepare` builds: its counts equal `count(*)` for 1-3-character fold
/// terms in every scope while the table is unchanged, yet they are only ever an estimate (a
/// writer can skip the trigger): the exact count is always counted.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason), .serialized)
struct PostgresGramTests {
  /// Terms of one to three characters, folded by the shell (accents, ß, Cyrillic, Hangul, kana,
  /// a ligature, LIKE's wildcards), and a few no row holds.
  static let terms = [
    "s", "st", "sta", "a", "é", "e\u{301}", "ss", "ß", "й", "йо", "한", "が", "fi", "ﬁ", "Ｆ", "%", "a_b",
    "_", "\\", "zq", "qqq", "ø", "i",
  ]

  /// The parity fixture's first 3,000 rows in `gram_rows`, prepared.
  static func prepared() throws -> (url: String, connection: PostgresConnection) {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 120_000)
    try PostgresFixture(count: 3_000).load(into: "gram_rows", connection)
    let url = cluster.url("table=gram_rows")
    _ = try PostgresBackend(url: url, statementTimeout: 120_000).prepare()
    return (url, connection)
  }

  /// The search's rows for `term` in scope `scope` (0: all).
  static func search(_ term: String, scope: Int, _ url: String) throws -> PostgresSearchRows {
    let opened = try PostgresOpening.open(PostgresURL(parsing: url))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    return try #require(
      try database.search(SearchRequest(text: term, rule: .fold, scope: scope), cancellation: nil)
        as? PostgresSearchRows)
  }

  @Test func theCountsEqualCountStarAndStayRightAfterAWrite() throws {
    let (url, connection) = try Self.prepared()
    let backend = try PostgresBackend(url: url)
    let scopes = ["All"] + PostgresFixture(count: 3_000).firstCategories
    #expect(scopes.count == 6)
    for term in Self.terms {
      for (index, title) in scopes.enumerated() {
        let scope = index == 0 ? nil : title
        let counted = try backend.count(term, rule: .fold, scope: scope)
        let rows = try Self.search(term, scope: index, url)
        #expect(rows.grams == PostgresGrams.Lookup(count: counted, isCurrent: true), "\(term) in \(title)")
        #expect(rows.count.value == counted, "\(term) in \(title)")
        #expect(try rows.exactCount() == counted, "\(term) in \(title)")
      }
    }
    // Longer terms are not in the table (한국 folds to five jamo): the planner estimates.
    #expect(try Self.search("stan", scope: 0, url).grams == nil)
    let korean = try Self.search("한국", scope: 0, url)
    #expect(korean.grams == nil)
    #expect(try korean.exactCount() == backend.count("한국", rule: .fold, scope: nil))

    let before = try backend.count("sta", rule: .fold, scope: nil)
    try connection.run(
      PostgresStatement("INSERT INTO gram_rows VALUES (1000000, 'Stampede', 'Toys')"), about: "write")
    let after = try Self.search("sta", scope: 0, url)
    #expect(after.grams == PostgresGrams.Lookup(count: before, isCurrent: false))
    #expect(try after.exactCount() == before + 1)
    // The scope's counts cannot be told apart from another scope column's once stale: EXPLAIN.
    #expect(try Self.search("sta", scope: 1, url).grams == nil)

    _ = try PostgresBackend(url: url, statementTimeout: 120_000).prepare()
    let again = try Self.search("sta", scope: 0, url)
    #expect(again.grams == PostgresGrams.Lookup(count: before + 1, isCurrent: true))
    #expect(try again.exactCount() == before + 1)
  }

  @Test func aWriteThatSkipsTheTriggerIsCountedNotTakenFromTheGrams() throws {
    let (url, connection) = try Self.prepared()
    let before = try PostgresBackend(url: url).count("sta", rule: .fold, scope: nil)
    // A replica-role session fires no ordinary trigger: the gram table still says current.
    try connection.run(PostgresStatement("SET session_replication_role = replica"), about: "write")
    try connection.run(
      PostgresStatement("INSERT INTO gram_rows VALUES (1000001, 'Stampede', 'Toys')"), about: "write")
    try connection.run(PostgresStatement("RESET session_replication_role"), about: "write")
    let rows = try Self.search("sta", scope: 0, url)
    #expect(rows.grams == PostgresGrams.Lookup(count: before, isCurrent: true))
    // Whenever it is looked at, the stale number is never the exact count.
    #expect(rows.count != .exact(before))
    #expect(try rows.exactCount() == before + 1)
    #expect(rows.count == .exact(before + 1))
  }
}
