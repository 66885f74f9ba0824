import EngineTestSupport
import Testing

@testable import Engine

/// `ReferenceMatcher.fuzzyAlignment` (fzf's cells) against the rules stated along one
/// alignment: its positions score what it says, and no alignment scores more than fzf's
/// program may miss (it keeps one path per cell, as fzf does).
struct FuzzyAlignmentTests {
  /// What the alignment at `positions` scores by the rules: `match` per scalar and its bonus
  /// (twice the first's); in a run the larger of its own, `consecutive` and the run's first
  /// bonus (a word start's own above that starts the run again); a gap of `g` scalars costs
  /// `g + 2`, never below 0.
  static func value(of positions: [Int], bonus: [Int32]) -> Int32 {
    var total: Int32 = 0
    var lead: Int32 = 0
    for (step, position) in positions.enumerated() {
      let own = bonus[position]
      if step == 0 {
        (total, lead) = (FuzzyBonus.match + 2 * own, own)
      } else if position == positions[step - 1] + 1 {
        if own >= FuzzyBonus.boundary && own > lead {
          lead = own
          total += FuzzyBonus.match + own
        } else {
          total += FuzzyBonus.match + max(own, FuzzyBonus.consecutive, lead)
        }
      } else {
        let gap = Int32(position - positions[step - 1] - 1)
        total = max(0, total - gap - 2) + FuzzyBonus.match + own
        lead = own
      }
    }
    return total
  }

  /// Every alignment of `pattern` in `text` (positions, ascending).
  static func alignments(_ text: [UInt32], _ pattern: [UInt32], from start: Int = 0) -> [[Int]] {
    guard let head = pattern.first else { return [[]] }
    var found: [[Int]] = []
    for index in start..<max(start, text.count) where text[index] == head {
      for rest in alignments(text, Array(pattern.dropFirst()), from: index + 1) {
        found.append([index] + rest)
      }
    }
    return found
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func theScoreIsItsAlignmentsAndNoneScoresMuchMore(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Few characters of every class, so that patterns repeat, runs break and ties are common.
    let alphabet = Array("aAb c-d/1".unicodeScalars.map(\.value))
    var below = 0
    for _ in 0..<400 {
      let original = (0..<Int.random(in: 0...18, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? 0
      }
      let text = original.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
      let pattern = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        text.isEmpty || Bool.random(using: &random)
          ? alphabet.randomElement(using: &random) ?? 0 : text.randomElement(using: &random) ?? 0
      }.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
      let bonus = ReferenceMatcher.fuzzyBonuses(text: text, original: original)
      let found = ReferenceMatcher.fuzzyAlignment(text: text, pattern: pattern, original: original)
      let all = Self.alignments(text, pattern)
      guard let found else {
        #expect(all.isEmpty, "\(text) \(pattern): no alignment found of \(all.count)")
        continue
      }
      #expect(found.positions.map { text[$0] } == pattern, "\(text) \(pattern): \(found.positions)")
      #expect(Self.value(of: found.positions, bonus: bonus) == found.score, "\(text) \(pattern)")
      let best = all.map { Self.value(of: $0, bonus: bonus) }.max() ?? 0
      #expect(found.score <= best, "\(text) \(pattern)")
      if found.score < best { below += 1 }
    }
    // fzf's program keeps one path per cell: now and then a better one is lost, as in fzf.
    #expect(below < 40, "\(below) of 400 below the best alignment")
  }

  /// A long row is aligned, its gap's cost stopping at 0.
  @Test func aLongRowIsAligned() throws {
    let text = Array(repeating: UInt32(0x61), count: 20_000) + [0x62]
    let found = try #require(ReferenceMatcher.fuzzyAlignment(text: text, pattern: [0x61, 0x61, 0x62]))
    #expect(found.positions == [19_998, 19_999, 20_000])
    let far = try #require(
      ReferenceMatcher.fuzzyAlignment(
        text: [0x61] + Array(repeating: 0x2E, count: 40) + [0x62], pattern: [0x61, 0x62]))
    // The gap's cost would be 42: the score left from `a` stops at 0, then `b` after a non-word
    // character earns its bonus.
    #expect(far.score == FuzzyBonus.match + FuzzyBonus.boundary)
  }
}
