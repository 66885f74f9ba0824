import BackendsTestSupport
import EngineTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// `regex` on PostgreSQL against the in-memory engine on hostile rows: the exact count and the
/// first pages are equal, whether the pattern ran on the server (translated to an ARE) or was
/// refused and checked on the client.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresRegexParityTests {
  /// Titles where ICU and ARE part: line terminators inside and at the end, digits of other
  /// scripts, accents NFC and NFD, Hangul, Cyrillic, astral scalars, case pairs, LIKE's
  /// wildcards, NULL (the empty title, stored as NULL).
  static let hostile = [
    "café", "cafe\u{301}", "CAFÉ", "Straße", "STRASSE", "ß", "한국어", "한", "Йошкар-Ола", "ёлка", "Ёлка",
    "line1\nline2", "end\n", "end\r\n", "end\r", "end\n\n", "end\r\r", "mid\u{2028}dle", "para\u{2029}",
    "nel\u{85}", "tab\there", "vt\u{0B}x", "ff\u{0C}", "sep\u{1E}x", "٣ digits ٤٥", "123", "x_y", "100%",
    "a%b_c", "back\\slash", "😀 emoji", "𝔘nicode", "ǅ titlecase", "İstanbul", "ﬁsh", "", " leading",
    "trailing ", "K Kelvin", "ſ long s", "abc", "ABC", "aBc", "e", "ee", "eee", "end", "ab end",
    "nbsp\u{A0}x", "zero\u{200B}width", "soft\u{AD}hyphen", "zwj\u{200D}x", "\u{301}lead",
    "cafe\u{301}\u{200D}", "Ⅻ roman", "x²", "١٢٣",
  ]

  /// The titles: the hostile ones among generated rows, so pages and plans have volume.
  static let titles: [String] = {
    let generated = PostgresFixture(count: 3_000).titles
    var titles: [String] = []
    for (index, title) in generated.enumerated() {
      titles.append(title)
      if index % 40 == 0 { titles.append(hostile[(index / 40) % hostile.count]) }
    }
    return titles + hostile
  }()

  /// Each row's category (the scope bar).
  static let categories = titles.indices.map { ["Toys", "Food", "Books"][$0 % 3] }

  /// The rows loaded into a prepared table, once (empty titles as NULL); its URL.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 120_000)
    let table = "regex_parity"
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS \(table)"), about: table)
    try connection.run(
      PostgresStatement("CREATE TABLE \(table) (id int PRIMARY KEY, name text, category text)"), about: table)
    try connection.run(
      PostgresStatement(
        "INSERT INTO \(table) SELECT i - 1, NULLIF(n, ''), c FROM unnest($1::text[], $2::text[]) "
          + "WITH ORDINALITY AS u(n, c, i)",
        [PostgresBackend.arrayLiteral(titles), PostgresBackend.arrayLiteral(categories)]),
      about: table)
    try connection.run(PostgresStatement("ANALYZE \(table)"), about: table)
    let backend = try PostgresBackend(url: cluster.url("table=\(table)"), statementTimeout: 120_000)
    _ = try backend.prepare()
    return cluster.url("table=\(table)&title=name")
  }

  /// Patterns the server answers: each construct the translation rewrites.
  static let translated = [
    "^ab", "e$", "end$", "^end$", "end\\Z", "end\\z", "d$\\n", "^.*$", "^.+$", ".", "^.$", "line1.line2",
    "line1[^x]line2", "[^a-z]", "\\d", "\\d+", "^\\d", "\\D", "\\w+", "^\\W", "\\s", "\\S+$", "\\h", "\\v",
    "\\p{Lu}", "\\p{Hangul}", "\\P{L}", "[а-я]", "[[:alpha:]]+$", "[\\p{L}&&[^a-z]]", "caf(e|é)", "e\u{301}",
    "a%b", "x_y", "\\\\", "%", "_", "(?=l)line", "(?<=\\d)\\d", "(?!e)n", "(?<!e)n", "a{2,}", "e{3}",
    "e{1,2}$", "(ee)+", "^$", "\\A\\z", "K", "\\x{212A}", "😀", "𝔘", "\\u00DF", "\\Qa%b\\E", "x*?y",
    "ß|ss", "Ё|ё", "\\N{LATIN SMALL LETTER SHARP S}", "[\\x{80}-\\x{10FFFF}]", "\\t", "\\r\\n", "\\n",
    "end\\r?$", "d\\r$", "\\r$", "[\\s\\S]{3}", "(?<name>st)and", "[^\\n]$", "\\x{A0}", "[²Ⅻ]", "\\p{Nd}{3}",
    "|x", "a|", "\\bend", "end\\b", "\\Bn", "\\bcaf", "é\\b", "e\\b", "\\b\\d+\\b", "\\bx_y\\b", "width\\b",
    "\\Bwidth", "\\b\\w", "\\B\\W", "^\\b", "\\B$", "\\b한",
  ]

  /// Patterns the translation refuses: they fall back to the client's check.
  static let refused = [
    "(?i)café", "(a)\\1", "a{300}", "e*+", "(?>e)", "\\X", "\\Rx", "(?x) a b", "(?s)end.",
  ]

  /// Each test's own connection to the table and its own engine.
  struct Sides {
    let database: PostgresSearchBackend
    let memory = InMemoryBackend(
      dataset: MatchingFixtures.dataset(
        PostgresRegexParityTests.titles, categories: PostgresRegexParityTests.categories))

    init() throws {
      let opened = try DatasetOpener.openDatabase(
        LoadRequest(target: try PostgresRegexParityTests.loaded.get()))
      database = try #require(opened.backend as? PostgresSearchBackend)
    }
  }

  /// The counts and the first pages agree in two scopes.
  static func expectParity(_ pattern: String, _ sides: Sides) throws {
    for scope in [0, 2] {
      let request = SearchRequest(text: pattern, rule: .regex, scope: scope)
      let expected = try #require(sides.memory.search(request, cancellation: nil) as (any SearchRows)?)
      let found = try #require(try sides.database.search(request, cancellation: nil))
      let label = "regex \(pattern.debugDescription) in scope \(scope)"
      #expect(try found.exactCount() == expected.exactCount(), "count of \(label)")
      for page in [0..<25, 25..<50] {
        let orders = found.rows(in: page).map { sides.database.ids.order(of: $0.id) }
        let ids = expected.rows(in: page).map { String($0.id) }
        #expect(orders == ids, "rows \(page) of \(label)")
      }
    }
  }

  @Test(arguments: translated) func aTranslatedPatternCountsOnTheServer(_ pattern: String) throws {
    let sides = try Sides()
    let candidates = try sides.database.backend.candidates(
      for: SearchRequest(text: pattern, rule: .regex, scope: 0))
    #expect(candidates.pattern != nil, "\(pattern.debugDescription) runs on the server: \(candidates)")
    #expect(candidates.isExact)
    try Self.expectParity(pattern, sides)
  }

  @Test(arguments: refused) func aRefusedPatternIsCheckedOnTheClient(_ pattern: String) throws {
    let sides = try Sides()
    let candidates = try sides.database.backend.candidates(
      for: SearchRequest(text: pattern, rule: .regex, scope: 0))
    #expect(candidates.pattern == nil)
    #expect(!candidates.isExact)
    #expect(candidates.refusal != nil)
    try Self.expectParity(pattern, sides)
    let answer = try #require(sides.database.lastAnswer)
    #expect(answer.contains("which is not translated"), "\(answer)")
  }

  /// A translation the server cannot compile (too complex) is checked on the client instead,
  /// and the search still gives the engine's answer.
  @Test func aTranslationTheServerRejectsFallsBack() throws {
    let sides = try Sides()
    let pattern = "(?:a{255}){255}"
    let candidates = try sides.database.backend.candidates(
      for: SearchRequest(text: pattern, rule: .regex, scope: 0))
    #expect(candidates.pattern == nil)
    #expect(candidates.refusal?.contains("PostgreSQL rejects") == true, "\(candidates)")
    try Self.expectParity(pattern, sides)
  }

  @Test func explainSaysTheRegexRanOnTheServer() throws {
    let sides = try Sides()
    _ = try sides.database.search(SearchRequest(text: "^ab", rule: .regex, scope: 0), cancellation: nil)
    let answer = try #require(sides.database.lastAnswer)
    #expect(answer.contains("the regex ran on the server"), "\(answer)")
    #expect(!answer.contains("checked on the client"), "\(answer)")
  }
}
