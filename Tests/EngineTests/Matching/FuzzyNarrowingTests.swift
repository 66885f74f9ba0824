import EngineTestSupport
import Testing

@testable import Engine

/// A fuzzy query typed a character at a time narrows a previous ranking of up to half the rows
/// (`SearchPlan.Recheck.fuzzySweep` for a short term alone, `.fuzzyRank` for the others): each
/// ranking, as the table reads it, and its count against `ReferenceMatcher`, in blocks of 64 to
/// 4,096 rows, on one thread and on two, with accented, other-script and long rows.
struct FuzzyNarrowingTests {
  @Test(
    arguments: [
      (["stand", "s t a n d"], 0),
      (["stand", "s t a n d"], 2),
      (["xnd", "st nd"], 0),
    ] as [([String], Int)])
  func typedFuzzyQueriesNarrowLikeTheReference(queries: [String], scopeCount: Int) throws {
    let rows = FuzzySweepTests.rows(8_000, seed: UInt64(queries[0].utf8.count &* 31 &+ scopeCount))
    let categories = scopeCount == 0 ? nil : rows.indices.map { ["red", "blue"][$0 % 2] }
    let dataset = MatchingFixtures.dataset(rows, categories: categories)
    for threshold in [1_000_000, 512] {
      var tuning = SearchTuning.small(threshold)
      tuning.ranking = 1 << 16
      tuning.sweepBlock = threshold == 512 ? 64 : 4_096
      let engine = SearchEngine(dataset: dataset, columns: [0], tuning: tuning)
      var narrowed: Set<SearchPlan.Recheck> = []
      for query in queries {
        engine.clearCache()
        var typed = ""
        for character in query {
          typed.append(character)
          let scope = scopeCount == 0 ? 0 : dataset.scopeTitles.firstIndex(of: "red") ?? 0
          try FuzzyPropertyTests.expectRanking(engine, rows, typed, scopes: dataset.rowScopes, scope: scope)
          if case .narrow(_, _, let recheck) = engine.lastAnswer?.plan { narrowed.insert(recheck) }
        }
      }
      // A short term alone in every scope is gathered and swept, any other ranked row by row.
      let expected: Set<SearchPlan.Recheck> = scopeCount == 0 ? [.fuzzySweep, .fuzzyRank] : [.fuzzyRank]
      #expect(narrowed == expected, "narrowed by \(narrowed) at threshold \(threshold)")
    }
  }
}
