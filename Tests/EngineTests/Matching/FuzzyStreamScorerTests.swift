import EngineTestSupport
import Testing

@testable import Engine

/// `UnsafeFuzzyStreamScorer`, the fallback with scratch sized by the pattern, against the brute
/// force score; and a `FuzzyScorer` made with one, which scores the rows whose scratch is refused.
struct FuzzyStreamScorerTests {
  /// Scores `pattern` in `text` with the stream scorer.
  static func streamScore(_ scorer: UnsafeFuzzyStreamScorer, _ text: String, _ pattern: String) -> Int32 {
    let bytes = Array(text.utf8)
    let scalars = pattern.unicodeScalars.map(\.value)
    return bytes.withUnsafeBufferPointer { buffer in
      scalars.withUnsafeBufferPointer { pattern in
        guard let base = buffer.baseAddress, let scalars = pattern.baseAddress else { return 0 }
        return scorer.score(
          UnsafeRowSlice(base: base, start: 0, end: bytes.count, limit: bytes.count), pattern: scalars,
          count: pattern.count)
      }
    }
  }

  /// Random rows (accents, CJK, punctuation) and repetitive ones, where gaps of every length and
  /// competing alignments occur.
  @Test(arguments: [UInt64(5), 11])
  func streamScoreAgreesWithTheBruteForceScore(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let scorer = try UnsafeFuzzyStreamScorer(room: 6)
    let rows =
      RandomRows.rows(300, &random).map(TextFolding.foldForm) + RandomRows.repetitiveRows(300, &random)
    for text in rows {
      let pattern =
        seed == 5
        ? String(text.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.prefix(6))
        : RandomRows.repetitivePattern(&random)
      guard pattern.unicodeScalars.count <= 6 else { continue }
      let slow = ReferenceMatcher.fuzzyScore(
        text: text.unicodeScalars.map(\.value), pattern: pattern.unicodeScalars.map(\.value))
      #expect(
        Self.streamScore(scorer, text, pattern) == (slow ?? FuzzyScorer.none), "'\(pattern)' in '\(text)'")
    }
  }

  /// A ranking's scorer whose scratch the system refuses still scores a long row, exactly, and
  /// records nothing refused; a plain scorer leaves it unscored and records the bytes.
  @Test func aRankingsScorerScoresARowWhoseScratchIsRefused() throws {
    let text = String(repeating: "a long row with many words ", count: 8) + "fuzzy"
    let pattern = "fzy"
    let expected = FuzzyPropertyTests.fastScore(FuzzyScorer(), text, pattern, padded: false)
    #expect(expected > FuzzyScorer.none)
    let ranking = try FuzzyScorer(streamRoom: 3)
    let plain = FuzzyScorer()
    ranking.scratchLimit = 64
    plain.scratchLimit = 64
    #expect(FuzzyPropertyTests.fastScore(ranking, text, pattern, padded: false) == expected)
    #expect(ranking.refusedBytes == 0)
    #expect(FuzzyPropertyTests.fastScore(plain, text, pattern, padded: false) == FuzzyScorer.none)
    #expect(plain.refusedBytes == text.utf8.count * 6 * 4)
  }
}
