import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// Every rule through the seam on PostgreSQL against the in-memory engine on the same rows: the
/// exact count and the first pages (which rows, in which order) are equal, in every scope.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresRuleParityTests {
  /// The generated rows: accents NFC and NFD, Hangul, Cyrillic, kana, ligatures, wildcards.
  static let fixture = PostgresFixture(count: 20_000)

  /// The fixture loaded into a prepared table, once; its URL.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 120_000)
    try fixture.load(into: "rules_parity", connection)
    let backend = try PostgresBackend(url: cluster.url("table=rules_parity"), statementTimeout: 120_000)
    _ = try backend.prepare()
    return cluster.url("table=rules_parity&title=name")
  }

  /// Each test's own connection to the table and its own engine (neither is shared by threads).
  struct Sides {
    let opened: DatasetOpener.Opened
    let database: PostgresSearchBackend
    let memory = InMemoryBackend(dataset: PostgresRuleParityTests.fixture.dataset())

    init() throws {
      opened = try PostgresRuleParityTests.open(try PostgresRuleParityTests.loaded.get())
      database = try #require(opened.backend as? PostgresSearchBackend)
    }
  }

  /// Opens `url` as `load` does, with a ranking that covers every fuzzy match of the fixture.
  static func open(_ url: String) throws -> DatasetOpener.Opened {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: url))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let wide = PostgresSearchBackend(
      backend: database.backend, dataset: opened.dataset, rowCount: database.rowCount, rankLimit: 50_000)
    return DatasetOpener.Opened(dataset: opened.dataset, backend: wide, warnings: opened.warnings)
  }

  static let queries = [
    "s", "sta", "stand", "zzqx", "cafe", "Café", "CAFE", "straße", "STRASSE", "한", "й", "Start",
    "sta !stand", "cafe | straße", "^st", "d$", "'stand", "100%", "a_b", "ﬁsh", "crème brû",
    "CAFÉ", "e\u{301}", "ẞ", "i\u{307}", "σας", "ｆｕｌｌ", "ᄒ", "!CAFÉ sta", "SSE$", "\\\\",
  ]

  /// Where the rules' forms part: NFC and NFD, ß and ẞ, İ and i̇, Σ and σ, ligatures, full-width,
  /// Hangul jamo, LIKE's wildcards and escape, word starts after marks, negations and anchors.
  static let hostile = [
    "café", "cafe\u{301}", "CAFÉ", "Cafe", "é", "e\u{301}", "SS", "ß", "ẞ", "İ", "i\u{307}", "İstanbul",
    "i̇st",
    "Σ", "σ", "σας", "ΣΑΣ", "ﬁ", "fi", "ＦＵＬＬ", "ｆｕｌｌ", "full", "Æ", "ae", "Ø", "resund", "ᄒ", "국", "ё", "Ё",
    "%", "_", "\\\\", "lash", "!é", "!CAFÉ sta", "^Stra", "SSE$", "ガ", "カ", "brû | ΣΑΣ", "x !x",
  ]
  static let patterns = ["^st", "a.d", "caf(e|é)", "[0-9]+%", "Stra(ß|ss)e", "x$", "(ёлка|ガラス)", "b\\\\s"]

  /// The cases: each rule with its queries.
  static let cases: [(MatchRule, String)] =
    MatchRule.allCases.filter { $0 != .regex }.flatMap { rule in queries.map { (rule, $0) } }
    + patterns.map { (.regex, $0) }

  @Test func theScopeBarIsTheSameBothWays() throws {
    let sides = try Sides()
    #expect(sides.opened.dataset.scopeTitles == sides.memory.dataset.scopeTitles)
    #expect(sides.opened.backend.rowCount == sides.memory.rowCount)
    #expect(sides.opened.dataset.columns == ["id", "name", "category"])
  }

  @Test(arguments: cases) func countsAndFirstPagesEqualTheEngines(_ rule: MatchRule, _ query: String) throws {
    let sides = try Sides()
    let database = sides.database
    for scope in [0, 1, 3] {
      let request = SearchRequest(text: query, rule: rule, scope: scope)
      let expected = try #require(try sides.memory.search(request, cancellation: nil))
      let found = try #require(try database.search(request, cancellation: nil))
      let label = "\(rule.rawValue) \(query) in scope \(scope)"
      #expect(try found.exactCount() == expected.exactCount(), "count of \(label)")
      for page in [0..<25, 25..<50, 300..<310] {
        let orders = found.rows(in: page).map { database.ids.order(of: $0.id) }
        let ids = expected.rows(in: page).map { String($0.id) }
        #expect(orders == ids, "rows \(page) of \(label)")
      }
      #expect(found.count.isExact, "the count of \(label) is exact once waited for")
    }
  }

  /// Every rule but `regex` is filtered by the server itself: one `count(*)` statement gives the
  /// engine's count, with no candidate checked on the client.
  @Test(arguments: MatchRule.allCases.filter { $0 != .regex }) func theServerCountsEveryRule(
    _ rule: MatchRule
  )
    throws
  {
    let sides = try Sides()
    for query in Self.hostile + ["sta", "Start", "cafe"] {
      let request = SearchRequest(text: query, rule: rule, scope: 0)
      let candidates = try sides.database.backend.candidates(for: request)
      #expect(candidates.isExact, "\(rule.rawValue) \(query) is answered by the server")
      let counted = try sides.database.backend.count(candidates.filter, scope: nil)
      let expected = try #require(try sides.memory.search(request, cancellation: nil)).exactCount()
      #expect(counted == expected, "one count(*) of \(rule.rawValue) \(query)")
    }
  }

  /// A fuzzy ranking over more matches than it ranks covers pg_trgm's shortlist: the rows most
  /// like the query by `word_similarity` first, ranked, then every other match once, in order.
  @Test func aFuzzyRankingBeyondItsLimitRanksAShortlist() throws {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: try Self.loaded.get()))
    let full = try #require(opened.backend as? PostgresSearchBackend)
    let database = PostgresSearchBackend(
      backend: full.backend, dataset: opened.dataset, rowCount: full.rowCount, rankLimit: 50)
    let memory = InMemoryBackend(dataset: Self.fixture.dataset())
    let request = SearchRequest(text: "stnd", rule: .fuzzy, scope: 0)
    let found = try #require(try database.search(request, cancellation: nil))
    let expected = try #require(try memory.search(request, cancellation: nil))
    let count = try found.exactCount()
    #expect(count == (try expected.exactCount()))
    #expect(count > 50)
    let orders = found.rows(in: 0..<count).compactMap { database.ids.order(of: $0.id) }
    #expect(orders.count == count)
    #expect(Set(orders) == Set(expected.rows(in: 0..<count).map { String($0.id) }))
    let answer = try #require(database.lastAnswer)
    #expect(answer.contains("a shortlist was ranked"), "\(answer)")
    // The shortlist is ranked as the engine ranks: best score first.
    let parsed = ParsedQuery("stnd", rule: .fuzzy)
    let scores = found.rows(in: 0..<50).map { ReferenceMatcher.score($0.title, parsed) }
    #expect(scores == scores.sorted(by: >))
  }

  @Test func highlightsAreTheEnginesOnTheVisibleRows() throws {
    let sides = try Sides()
    let database = sides.database
    for rule in MatchRule.allCases {
      let request = SearchRequest(text: rule == .regex ? "caf(e|é)" : "cafe", rule: rule, scope: 0)
      let rows = try #require(try database.search(request, cancellation: nil)).rows(in: 0..<10)
      for row in rows {
        #expect(database.highlights(of: row, for: request) == sides.memory.highlights(of: row, for: request))
      }
    }
  }

  @Test func theDetailAndAnExportReadTheRowsBack() throws {
    let sides = try Sides()
    let database = sides.database
    let request = SearchRequest(text: "한국", rule: .fold, scope: 0)
    let rows = try #require(try database.search(request, cancellation: nil)).rows(in: 0..<5)
    let first = try #require(rows.first)
    let order = try #require(database.ids.order(of: first.id).flatMap { Int($0) })
    let detail = database.detail(of: first.id)
    #expect(detail.title == Self.fixture.titles[order])
    #expect(detail.fields.map(\.name) == ["id", "category"])
    #expect(detail.fields.map(\.value) == [String(order), Self.fixture.rowCategories[order]])
    let exported = try database.exportable(rows.map(\.id))
    #expect(exported.rows.map { exported.dataset.title($0) } == rows.map(\.title))
    database.ids.checkInvariants()
  }
}
