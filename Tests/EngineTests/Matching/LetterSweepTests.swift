import EngineTestSupport
import Testing

@testable import Engine
@testable import Tables

/// A letter in a case-sensitive form (`LetterSweep`, the `probedBits` plan) against
/// `ReferenceMatcher` under `exact`: blocks of 64 rows on every core, rows whose `exact` form is not their
/// bytes (KELVIN SIGN, a decomposed accent), accented rows and the arena's last rows.
struct LetterSweepTests {
  /// Rows of ASCII and accented words, some with signs NFC changes, some long (past 57 bytes).
  static func rows(_ count: Int, seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    // Uppercase K often, in NFC, as KELVIN SIGN and before a decomposed accent.
    let kays = ["Kiwi", "\u{212A}elvin", "\u{212A}elvin", "Ke\u{301}a", "Ke\u{301}a"]
    let words = RandomRows.ascii + RandomRows.accented + kays + ["s\u{0327}", "S", "sS", ""]
    return (0..<count).map { _ in
      let short = Bool.random(using: &random)
      let length = Int.random(in: short ? 0...3 : 6...14, using: &random)
      return (0..<length).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " ")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func lettersInEveryCaseSensitiveFormMatchTheReference(seed: UInt64) throws {
    // A letter is probed when its rows are more than a result narrowing reads (4,096 at least).
    let rows = Self.rows(20_000 + Int(seed) * 37, seed: seed)
    var tuning = SearchTuning.small(64)
    tuning.sweepBlock = 64 * Int(seed)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    // `Ke\u{301}a` holds `e` in its bytes but not in its `exact` form (NFC composes `é`).
    for query in ["s", "e", "k", "a"] {
      let rule = MatchRule.exact
      engine.clearCache()
      let expected = ReferenceMatcher.search(
        texts: rows, titles: rows, scopes: [], query: query, rule: rule, scope: 0)
      #expect(try engine.search(query, rule: rule).map(Int.init) == expected, "\(rule) '\(query)'")
      guard case .probedBits = engine.lastAnswer?.plan else {
        Issue.record("\(rule) '\(query)' was planned as \(String(describing: engine.lastAnswer?.plan))")
        continue
      }
    }
  }
}
