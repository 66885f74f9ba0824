import Testing

@testable import Engine
@testable import Tables

/// `ResultCache` answers repeated queries, evicts the least recently used, and offers a typed
/// keystroke the smallest result that provably holds its rows, when that is small enough.
struct ResultCacheTests {
  /// A plain result of `count` rows (ids 0, 2, 4, …) for `query`.
  static func entry(_ query: String, rule: MatchRule = .fold, scope: Int = 0, count: Int) -> ResultCache.Entry
  {
    ResultCache.Entry(
      query: query, rule: rule, scope: scope, parsed: ParsedQuery(query, rule: rule),
      rows: (0..<count).map { Int32($0 * 2) }, ranked: nil, compact: nil, packed: nil)
  }

  @Test func repeatedQueryIsAnsweredAndBecomesNewest() {
    var cache = ResultCache(rowCount: 100_000, capacity: 2)
    cache.remember(Self.entry("a", count: 3))
    cache.remember(Self.entry("b", count: 4))
    #expect(cache.take("a", rule: .fold, scope: 0)?.rows.count == 3)
    // `a` is now the newest, so a third entry evicts `b`.
    cache.remember(Self.entry("c", count: 5))
    #expect(cache.entries.map(\.query) == ["a", "c"])
    #expect(cache.take("b", rule: .fold, scope: 0) == nil)
  }

  /// Same text, another rule or scope: not the same result.
  @Test(arguments: [(MatchRule.exact, 0), (.fold, 2)])
  func ruleAndScopeAreKeys(rule: MatchRule, scope: Int) {
    var cache = ResultCache(rowCount: 100_000, capacity: 4)
    cache.remember(Self.entry("st", count: 3))
    #expect(cache.take("st", rule: rule, scope: scope) == nil)
    #expect(cache.take("st", rule: .fold, scope: 0) != nil)
  }

  /// Entries beyond the row budget go, oldest first; the newest stays even when it alone is over.
  @Test func rowBudgetEvictsOldestButKeepsNewest() {
    let rowCount = 2_000_000
    var cache = ResultCache(rowCount: rowCount, capacity: 32)
    cache.remember(Self.entry("a", count: 900_000))
    cache.remember(Self.entry("b", count: 900_000))
    cache.remember(Self.entry("c", count: 900_000))
    #expect(cache.entries.map(\.query) == ["b", "c"])
    cache.remember(Self.entry("d", count: 2_500_000))
    #expect(cache.entries.map(\.query) == ["d"])
  }

  /// A typed keystroke narrows the smallest cached result its query implies, of its rule and of
  /// its scope or "All"; nothing when no result implies it.
  @Test(
    arguments: [
      ("sta", .fold, 0, 400),  // `st` (400) and `s` (2,000) both hold `sta`'s rows: the smaller
      ("sta", .fold, 3, 400),  // a result for "All" holds any scope's rows
      ("zz", .fold, 0, nil),
      ("sta", .exact, 0, nil),
    ] as [(String, MatchRule, Int, Int?)])
  func narrowingBaseIsTheSmallestImpliedResult(query: String, rule: MatchRule, scope: Int, base: Int?) {
    var cache = ResultCache(rowCount: 100_000, capacity: 8)
    cache.remember(Self.entry("s", count: 2_000))
    cache.remember(Self.entry("st", count: 400))
    cache.remember(Self.entry("x", count: 10))
    let found = cache.narrowingBase(for: ParsedQuery(query, rule: rule), rule: rule, scope: scope)
    #expect(found?.rows.count == base)
  }

  /// Scattered rows are worth re-checking up to a sixteenth of the rows (at least 4,096); a
  /// compact copy, up to a quarter.
  @Test(arguments: [(6_250, false, true), (6_251, false, false), (25_000, true, true), (25_001, true, false)])
  func narrowsUpToASixteenthOrAQuarterWithACopy(count: Int, copied: Bool, narrows: Bool) {
    let cache = ResultCache(rowCount: 100_000, capacity: 8)
    #expect(cache.narrows(from: count, copied: copied) == narrows)
    #expect(ResultCache(rowCount: 1_000, capacity: 8).narrows(from: 4_096, copied: false))
  }

  /// Before a search the cache cannot answer, a result of over an eighth of the rows waits as
  /// bits, unless the coming query may narrow from it (up to a quarter); the rows stay the same.
  @Test func largeResultsWaitAsBitsUnlessTheNextQueryNarrowsFromThem() {
    let rowCount = 100_000
    var cache = ResultCache(rowCount: rowCount, capacity: 8)
    cache.remember(Self.entry("e", count: 20_000))
    cache.remember(Self.entry("s", count: 20_000))
    cache.remember(Self.entry("q", count: 100))
    cache.packLargeEntries(keepingBasesOf: ParsedQuery("st", rule: .fold), rule: .fold, scope: 0)
    let byQuery = Dictionary(uniqueKeysWithValues: cache.entries.map { ($0.query, $0) })
    #expect(byQuery["e"]?.packed?.ids == (0..<20_000).map { Int32($0 * 2) })
    #expect(byQuery["e"]?.rows.isEmpty == true)
    #expect(byQuery["s"]?.packed == nil)
    #expect(byQuery["s"]?.rows.count == 20_000)
    #expect(byQuery["q"]?.packed == nil)
    #expect(cache.take("e", rule: .fold, scope: 0)?.count == 20_000)
  }

  /// A cache of one entry packs nothing: its entry goes before the search unless the search
  /// narrows from it (it would be replaced after the search anyway).
  @Test func singleEntryCacheKeepsOnlyANarrowingBase() {
    var cache = ResultCache(rowCount: 100_000, capacity: 1)
    cache.remember(Self.entry("s", count: 3_000))
    cache.packLargeEntries(keepingBasesOf: ParsedQuery("st", rule: .fold), rule: .fold, scope: 0)
    #expect(cache.entries.map(\.query) == ["s"], "`st` narrows from `s`")
    #expect(cache.entries.first?.packed == nil)
    cache.packLargeEntries(keepingBasesOf: ParsedQuery("st", rule: .fold), rule: .exact, scope: 0)
    #expect(cache.entries.isEmpty, "another rule's search does not narrow from it")
    cache.remember(Self.entry("e", count: 30_000))
    cache.packLargeEntries(keepingBasesOf: ParsedQuery("z", rule: .fold), rule: .fold, scope: 0)
    #expect(cache.entries.isEmpty)
  }
}
