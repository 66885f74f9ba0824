import EngineTestSupport
import Testing

@testable import Engine
@testable import Tables

/// A common term of two or three bytes (`TermSweepBits`, the `sweptBits` plan) against
/// `ReferenceMatcher` in every substring rule: blocks of 64 rows on every core, accented rows and
/// rows NFC changes (re-checked in their own form), the arena's first and last rows.
struct TermSweepBitsTests {
  @Test(arguments: [UInt64(1), 2, 3])
  func commonShortTermsMatchTheReference(seed: UInt64) throws {
    // Rows mostly of the same few words, so that some short terms are in most of them.
    var random = SeededGenerator(seed: seed)
    let words = ["state", "Stand", "staß", "sta\u{301}r", "ståle", "\u{212A}st", "last", "été", "an", "x"]
    let rows = (0..<(12_000 + Int(seed) * 41)).map { _ in
      (0..<Int.random(in: 0...5, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
        .joined(separator: Bool.random(using: &random) ? " " : "-")
    }
    var tuning = SearchTuning.small(64)
    tuning.sweepBlock = 64 * Int(seed)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    var swept = 0
    for rule in [MatchRule.fold, .ci, .exact, .smart, .prefix] {
      for query in ["st", "sta", "ta", "an", "e s", "at"] {
        engine.clearCache()
        let expected = ReferenceMatcher.search(
          texts: rows, titles: rows, scopes: [], query: query, rule: rule, scope: 0)
        #expect(try engine.search(query, rule: rule).map(Int.init) == expected, "\(rule) '\(query)'")
        if case .sweptBits = engine.lastAnswer?.plan { swept += 1 }
      }
    }
    // Most of these are in over a quarter of the rows: the plan is taken, in every rule.
    #expect(swept >= 15, "\(swept) searches swept into bits")
  }
}
