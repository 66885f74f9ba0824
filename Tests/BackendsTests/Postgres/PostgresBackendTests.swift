import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine

/// The backend against the in-memory engine on the same generated rows: counts and pages equal.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresBackendTests {
  /// The fixture, loaded into a prepared table and (its first rows) an unprepared one, once.
  static let loaded: Result<PostgresFixture, any Error> = Result {
    let cluster = try TestCluster.started()
    let fixture = PostgresFixture(count: 20_000)
    let connection = try cluster.connect(statementTimeout: 120_000)
    try fixture.load(into: "parity_prepared", connection)
    try PostgresFixture(count: 2_000).load(into: "parity_plain", connection)
    let backend = try PostgresBackend(url: cluster.url("table=parity_prepared"), statementTimeout: 120_000)
    _ = try backend.prepare()
    return fixture
  }

  /// The in-memory engine's rows for every query and scope here, by `key(query, scope, rows)`.
  static let memory: [String: [Int]] = {
    var answers: [String: [Int]] = [:]
    for count in [20_000, 2_000] {
      let engine = SearchEngine(dataset: PostgresFixture(count: count).dataset())
      for query in queries + ["sta", "cafe | straße", "한국"] {
        for scope in scopes + ["Music", "Books"] {
          let index = scope.map { engine.dataset.scopeTitles.firstIndex(of: $0) ?? -1 } ?? 0
          answers[key(query, scope, count)] = ((try? engine.search(query, rule: .fold, scope: index)) ?? [])
            .map(Int.init)
        }
      }
    }
    return answers
  }()

  static func key(_ query: String, _ scope: String?, _ rows: Int) -> String {
    "\(rows) \(scope ?? "*") \(query)"
  }

  /// The in-memory rows for `query` in `scope` over the first `rows` rows of the fixture.
  static func expected(_ query: String, scope: String?, rows: Int = 20_000) throws -> [Int] {
    try #require(memory[key(query, scope, rows)])
  }

  static let queries = [
    "", "s", "st", "sta", "stand", "zzqx", "cafe", "café", "CAFE", "strasse", "straße", "한", "한국", "й", "и",
    "か", "ガ", "fish", "full", "istanbul", "σας", "sta !stand", "cafe | straße", "^st", "d$", "^stand$",
    "100%", "a_b", "\\\\", "%", "_", "!", "x y", "oresund aer", "lodz", "naive", "creme brulee",
  ]

  /// The scope bar titles the parity runs over: all, and two categories.
  static let scopes: [String?] = [nil, "Toys", "Food"]

  /// The parity below has teeth: the fixture holds what `lower(unaccent())` folds differently.
  @Test func theFixtureExercisesTheFold() throws {
    #expect(try Self.expected("cafe", scope: nil).count > 1000)
    #expect(try Self.expected("café", scope: nil) == Self.expected("cafe", scope: nil))
    let withI = try Self.expected("и", scope: nil).count
    let withShortI = try Self.expected("й", scope: nil).count
    #expect(withI == withShortI && withShortI > 1000)
    #expect(try Self.expected("한", scope: nil).count > 1000)
    #expect(try Self.expected("か", scope: nil).count > 500)
    #expect(try Self.expected("zzqx", scope: nil).isEmpty)
    #expect(try Self.expected("", scope: "Toys").count > 3000)
  }

  @Test(arguments: queries) func countsAndFirstPagesEqualTheInMemoryEngines(_ query: String) throws {
    let fixture = try Self.loaded.get()
    let backend = try PostgresBackend(url: TestCluster.started().url("table=parity_prepared"))
    #expect(backend.table.isPrepared)
    #expect(backend.warning == nil)
    for scope in Self.scopes {
      let rows = try Self.expected(query, scope: scope)
      #expect(
        try backend.count(query, rule: .fold, scope: scope) == rows.count,
        "count of \(query) in \(scope ?? "All")")
      let page = try backend.page(query, rule: .fold, scope: scope, limit: 10)
      #expect(
        page.map { Int($0.order) } == rows.prefix(10).map { $0 }, "page of \(query) in \(scope ?? "All")")
      #expect(page.map(\.title) == rows.prefix(10).map { fixture.titles[$0] })
    }
  }

  @Test(arguments: queries) func anUnpreparedTableGivesTheSameAnswers(_ query: String) throws {
    _ = try Self.loaded.get()
    let backend = try PostgresBackend(url: TestCluster.started().url("table=parity_plain"))
    #expect(!backend.table.isPrepared)
    #expect(backend.warning?.hasPrefix("parity_plain has no trigram index") == true)
    let rows = try Self.expected(query, scope: "Music", rows: 2_000)
    #expect(try backend.count(query, rule: .fold, scope: "Music") == rows.count)
    #expect(
      try backend.page(query, rule: .fold, scope: "Music", limit: 10).map { Int($0.order) }
        == rows.prefix(10).map { $0 })
  }

  /// Keyset paging: every page after the last row of the one before, all pages the full result.
  @Test(arguments: ["sta", "cafe | straße", "한국", ""]) func keysetPagesWalkTheWholeResult(_ query: String)
    throws
  {
    _ = try Self.loaded.get()
    let backend = try PostgresBackend(url: TestCluster.started().url("table=parity_prepared"))
    let rows = try Self.expected(query, scope: "Books")
    var walked: [Int] = []
    var after: String? = nil
    for _ in 0..<(rows.count / 500 + 2) {
      let page = try backend.page(query, rule: .fold, scope: "Books", after: after, limit: 500)
      walked += page.compactMap { Int($0.order) }
      guard let last = page.last else { break }
      after = last.order
    }
    #expect(walked == rows)
  }

  /// Both page plans give the same rows; the walk is chosen for frequent terms, the sort for rare.
  @Test func bothPagePlansAgree() throws {
    _ = try Self.loaded.get()
    let backend = try PostgresBackend(url: TestCluster.started().url("table=parity_prepared"))
    for query in ["s", "stand", "zzqx", "한국 !서울"] {
      let parsed = ParsedQuery(query, rule: .fold)
      let pages = try [PostgresSearchSQL.PagePlan.walkOrder, .sortMatches].map { plan in
        let statement = try #require(
          PostgresSearchSQL.page(
            parsed, scope: nil, names: backend.table.names, after: nil, limit: 10, plan: plan))
        return try backend.connection.run(statement, about: "parity").rows
      }
      #expect(pages[0] == pages[1])
    }
    let rows = backend.table.estimatedRows
    #expect(rows == 20_000)
    let frequent = try backend.estimate("s", rule: .fold, scope: nil)
    let rare = try backend.estimate("zzqx", rule: .fold, scope: nil)
    #expect(PostgresBackend.pagePlan(estimate: frequent, rows: rows, limit: 10) == .walkOrder)
    #expect(PostgresBackend.pagePlan(estimate: rare, rows: rows, limit: 10) == .sortMatches)
  }

  /// The string methods answer only what PostgreSQL answers exactly: every rule's own test, and
  /// `regex` when its pattern translates to ARE (a backreference does not: its candidates need the
  /// client).
  @Test func rulesThatNeedACheckAreRefusedByTheStringMethods() throws {
    _ = try Self.loaded.get()
    let backend = try PostgresBackend(url: TestCluster.started().url("table=parity_plain"))
    let titles = PostgresFixture(count: 2_000).titles
    let expected = titles.count { ReferenceMatcher.matches($0, query: "café", rule: .exact) }
    #expect(expected > 0)
    #expect(try backend.count("café", rule: .exact, scope: nil) == expected)
    let regex = titles.count { ReferenceMatcher.matches($0, query: "[Cc]af.", rule: .regex) }
    #expect(regex > 0)
    #expect(try backend.count("[Cc]af.", rule: .regex, scope: nil) == regex)
    let error = #expect(throws: BackendError.self) { try backend.count("(C)af\\1", rule: .regex, scope: nil) }
    #expect(
      error
        == .notAvailable(command: "(C)af\\1", reason: "the regex rule needs the rows checked on the client")
    )
  }
}
