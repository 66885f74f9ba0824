import EngineTestSupport
import Testing

@testable import Engine

/// `ReferenceMatcher.fuzzyAlignment` (a running maximum per step) against its definition, which
/// tries every predecessor of every match: the same score and the same positions.
struct FuzzyAlignmentTests {
  /// The definition: for each match of each pattern scalar, every earlier match of the one before.
  static func definition(text: [UInt32], pattern: [UInt32]) -> (score: Int32, positions: [Int])? {
    if pattern.isEmpty { return (0, []) }
    let count = text.count
    let bonus = (0..<count).map { index in
      index == 0 || !TextFolding.isWordScalar(text[index - 1]) ? FuzzyScorer.boundary : 0
    }
    var best = [[Int32?]](repeating: [Int32?](repeating: nil, count: count), count: pattern.count)
    var from = [[Int]](repeating: [Int](repeating: -1, count: count), count: pattern.count)
    for index in 0..<count where text[index] == pattern[0] {
      best[0][index] = FuzzyScorer.match + 2 * bonus[index]
    }
    for step in 1..<max(1, pattern.count) {
      for index in 0..<count where text[index] == pattern[step] {
        for earlier in 0..<index {
          guard let previous = best[step - 1][earlier] else { continue }
          let gap = index - earlier - 1
          let transition = gap == 0 ? FuzzyScorer.consecutive : -Int32(gap + 2)
          let candidate = previous + transition + FuzzyScorer.match + bonus[index]
          if best[step][index].map({ candidate > $0 }) ?? true {
            best[step][index] = candidate
            from[step][index] = earlier
          }
        }
      }
    }
    // The first text position with the best last score.
    var end = -1
    for index in 0..<count {
      guard let value = best[pattern.count - 1][index] else { continue }
      if end < 0 || value > (best[pattern.count - 1][end] ?? 0) { end = index }
    }
    guard end >= 0, let score = best[pattern.count - 1][end] else { return nil }
    var positions = [end]
    for step in stride(from: pattern.count - 1, to: 0, by: -1) {
      positions.append(from[step][positions[positions.count - 1]])
    }
    return (score, positions.reversed())
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func theRunningMaximumFindsTheDefinitionsAlignment(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Few letters and word breaks, so that patterns repeat and ties are common.
    let alphabet = Array("aab c-d".unicodeScalars.map(\.value))
    for _ in 0..<400 {
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? 0
      }
      let pattern = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? 0
      }
      let fast = ReferenceMatcher.fuzzyAlignment(text: text, pattern: pattern)
      let slow = Self.definition(text: text, pattern: pattern)
      #expect(fast?.score == slow?.score && fast?.positions == slow?.positions, "\(text) \(pattern)")
    }
  }

  /// A long row is aligned in time linear in its length per pattern scalar.
  @Test func aLongRowIsAligned() throws {
    let text = Array(repeating: UInt32(0x61), count: 20_000) + [0x62]
    let found = try #require(ReferenceMatcher.fuzzyAlignment(text: text, pattern: [0x61, 0x61, 0x62]))
    #expect(found.positions == [19_998, 19_999, 20_000])
  }
}
