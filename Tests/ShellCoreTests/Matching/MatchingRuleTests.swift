import EngineTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Each rule and each piece of query syntax on a small, hand-checked dataset.
struct MatchingRuleTests {
  /// A fresh engine per test: engines keep a cache and are not shared between threads.
  let engine = SearchEngine(dataset: MatchingFixtures.dataset(MatchingFixtures.titles))

  func titles(_ query: String, _ rule: MatchRule) throws -> [String] {
    try engine.search(query, rule: rule).map { MatchingFixtures.titles[Int($0)] }
  }

  @Test(arguments: [
    // fold: symmetric, NFC = NFD, letters without a decomposition
    (MatchRule.fold, "creme", ["Crème brûlée", "Creme fraiche", "crème"]),
    (.fold, "CRÈME", ["Crème brûlée", "Creme fraiche", "crème"]),
    (.fold, "cafe", ["naïve café", "cafe\u{301} au lait"]),
    (.fold, "oresund", ["Øresund bridge"]),
    (.fold, "strasse", ["Straße", "strasse"]),
    (.fold, "straße", ["Straße", "strasse"]),
    (.fold, "lodz", ["Łódź"]),
    (.fold, "aebleskiver", ["Æbleskiver"]),
    (.fold, "naive", ["naïve café"]),
    (.fold, "東京", ["東京タワー"]),
    (.fold, "🍕", ["🍕 pizza party"]),
    (.fold, "zzz", []),
    // ci: case-insensitive, accents significant, NFC = NFD
    (.ci, "crème", ["Crème brûlée", "crème"]),
    (.ci, "CRÈME", ["Crème brûlée", "crème"]),
    (.ci, "creme", ["Creme fraiche"]),
    (.ci, "café", ["naïve café", "cafe\u{301} au lait"]),
    (.ci, "cafe\u{301}", ["naïve café", "cafe\u{301} au lait"]),
    (.ci, "zurich", ["Zurich", "ZURICH airport"]),
    // exact: case and accents significant, NFC = NFD
    (.exact, "Crème", ["Crème brûlée"]),
    (.exact, "crème", ["crème"]),
    (.exact, "café", ["naïve café", "cafe\u{301} au lait"]),
    (.exact, "apple", ["apple pie", "pineapple"]),
    // smart: uppercase → case-sensitive, accent → accent-sensitive, per term
    (.smart, "zurich", ["Zürich", "Zurich", "ZURICH airport"]),
    (.smart, "Zurich", ["Zürich", "Zurich"]),
    (.smart, "zürich", ["Zürich"]),
    (.smart, "Zür", ["Zürich"]),
    (.smart, "Apple", ["Big Red Apple"]),
    (.smart, "apple Big", ["Big Red Apple"]),
    // prefix: each term starts a word
    (.prefix, "fr", ["Creme fraiche"]),
    (.prefix, "raiche", []),
    (.prefix, "app", ["Big Red Apple", "apple pie"]),
    (.prefix, "br cr", ["Crème brûlée"]),
    (.prefix, "pizza", ["🍕 pizza party"]),
    // syntax: AND, OR, NOT, anchors, escaped space
    (.fold, "creme fr", ["Creme fraiche"]),
    (.fold, "zurich | oresund", ["Zürich", "Zurich", "Øresund bridge", "ZURICH airport"]),
    (.fold, "creme !fraiche", ["Crème brûlée", "crème"]),
    (.fold, "^creme", ["Crème brûlée", "Creme fraiche", "crème"]),
    (.fold, "creme$", ["crème"]),
    (.fold, "^creme$", ["crème"]),
    (.fold, "creme\\ fr", ["Creme fraiche"]),
    (.fold, "apple$ !^apple", ["Big Red Apple", "pineapple"]),
    (.fold, "!e !a", ["Zürich", "Zurich", "Łódź", "東京タワー"]),
    (.fold, "|", MatchingFixtures.titles),
    (.fold, "   ", MatchingFixtures.titles),
    (.exact, "'Zurich", ["Zurich"]),
    // regex: the original text, case-sensitive
    (.regex, "^Z.rich$", ["Zürich", "Zurich"]),
    (.regex, "(?i)^zurich", ["Zurich", "ZURICH airport"]),
    (
      .regex, "e\\b",
      [
        "Crème brûlée", "Creme fraiche", "crème", "Øresund bridge", "Straße", "strasse", "naïve café",
        "Big Red Apple",
        "apple pie", "pineapple",
      ]
    ),
  ])
  func ruleSelectsRowsInOriginalOrder(rule: MatchRule, query: String, expected: [String]) throws {
    #expect(try titles(query, rule) == expected)
  }

  @Test func fuzzyRanksWordStartsAndRunsFirst() throws {
    let ranked = try titles("apple", .fuzzy)
    // "apple pie" and "Big Red Apple" match at a word start; the shorter title wins the tie.
    #expect(ranked == ["apple pie", "Big Red Apple", "pineapple"])
    #expect(try titles("ap", .fuzzy).first == "apple pie")
    let gappy = try titles("bre", .fuzzy)
    #expect(gappy.contains("Big Red Apple") && gappy.contains("Crème brûlée"))
  }

  @Test func fuzzyExactTermNeedsASubstring() throws {
    #expect(try titles("'pie", .fuzzy) == ["apple pie"])
    #expect(try titles("pie", .fuzzy).contains("pineapple"))
  }

  @Test(arguments: [
    ("(abc", 1), ("abc)", 4), ("[abc", 1), ("*abc", 1), ("abc\\", 4), ("a{2,1}", nil as Int?),
  ])
  func invalidRegexNamesThePosition(pattern: String, position: Int?) {
    do {
      _ = try engine.search(pattern, rule: .regex)
      Issue.record("'\(pattern)' compiled")
    } catch {
      guard case .invalidPattern(let text, let found, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(text == pattern)
      if let position { #expect(found == position) }
      #expect(ShellError(error).description.hasPrefix("Invalid pattern '\(pattern)'"))
    }
  }

  @Test func scopeFiltersRows() throws {
    let dataset = MatchingFixtures.dataset(
      ["apple", "apricot", "banana", "avocado"], categories: ["fruit", "fruit", "fruit", "veg"])
    let engine = SearchEngine(dataset: dataset)
    let veg = try #require(dataset.scopeTitles.firstIndex(of: "veg"))
    let fruit = try #require(dataset.scopeTitles.firstIndex(of: "fruit"))
    #expect(try engine.search("a", rule: .fold, scope: veg) == [3])
    #expect(try engine.search("ap", rule: .fold, scope: fruit) == [0, 1])
    #expect(try engine.search("", rule: .fold, scope: fruit) == [0, 1, 2])
    #expect(try engine.search("ap", rule: .fold, scope: 0) == [0, 1])
  }

  @Test func multiColumnSearchJoinsColumns() throws {
    let dataset = MatchingFixtures.dataset(["Apple", "Banana"], categories: ["Fruit", "Yellow fruit"])
    let engine = SearchEngine(dataset: dataset, columns: [0, 1])
    #expect(try engine.search("yellow", rule: .fold) == [1])
    #expect(try engine.search("Apple Fruit", rule: .exact) == [0])
    #expect(try engine.search("apple fruit", rule: .exact) == [])
    #expect(engine.highlights(row: 1, query: "yellow ban", rule: .fold) == [0..<3])
  }

  @Test(arguments: [
    ("Crème brûlée", "creme", MatchRule.fold, [0..<5]),
    ("Crème brûlée", "brulee cr", .fold, [0..<2, 6..<12]),
    ("cafe\u{301} au lait", "café", .ci, [0..<4]),
    ("Big Red Apple", "bra", .fuzzy, [0..<1, 4..<5, 8..<9]),
    ("Big Red Apple", "Red", .regex, [4..<7]),
    ("Big Red Apple", "red !big", .fold, [4..<7]),
    ("Big Red Apple", "", .fold, []),
    ("Straße", "strasse", .fold, [0..<6]),
  ])
  func highlightsAreCharacterRanges(title: String, query: String, rule: MatchRule, expected: [Range<Int>]) {
    #expect(MatchHighlighter.ranges(in: title, query: query, rule: rule) == expected)
  }

  @Test func rowsJustPastTheLatinTableFoldThroughFoundation() throws {
    // U+0250...U+027F share the lead byte C9 with the table's last letters.
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(["ɛ ɐ", "ȩ", "Ɐ"]))
    #expect(try engine.search("ɛ", rule: .fold) == [0])
    #expect(try engine.search("e", rule: .fold) == [1])
    #expect(try engine.search("ɐ", rule: .fold) == [0, 2])
  }

  @Test func cancelledSearchReturnsNil() throws {
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(MatchingFixtures.titles))
    let cancellation = SearchCancellation()
    cancellation.cancel()
    #expect(try engine.search("creme", rule: .fold, cancellation: cancellation) == nil)
    #expect(try engine.search("creme", rule: .fold, cancellation: SearchCancellation())?.count == 3)
  }
}
