import EngineTestSupport
import Testing

@testable import Engine

/// `UnsafeFuzzyStreamScorer`, the fallback with scratch sized by the pattern, against the brute
/// force score; and a `FuzzyScorer` made with one, which scores the rows whose scratch is refused.
struct FuzzyStreamScorerTests {
  /// Scores `pattern` in `text` (the row in its term's form; `original` its own text) with the
  /// stream scorer.
  static func streamScore(
    _ scorer: UnsafeFuzzyStreamScorer, _ text: String, _ pattern: String, original: String? = nil
  ) -> Int32 {
    let bytes = Array(text.utf8)
    let cased = Array((original ?? text).utf8)
    let scalars = pattern.unicodeScalars.map(\.value)
    return bytes.withUnsafeBufferPointer { buffer in
      cased.withUnsafeBufferPointer { casedBuffer in
        scalars.withUnsafeBufferPointer { pattern in
          guard let base = buffer.baseAddress, let casedBase = casedBuffer.baseAddress,
            let scalars = pattern.baseAddress
          else { return 0 }
          return scorer.score(
            UnsafeRowSlice(base: base, start: 0, end: bytes.count, limit: bytes.count),
            cased: UnsafeRowSlice(base: casedBase, start: 0, end: cased.count, limit: cased.count),
            pattern: scalars, count: pattern.count)
        }
      }
    }
  }

  /// Random rows (accents, CJK, punctuation), repetitive ones, where gaps of every length and
  /// competing alignments occur, and rows of every character class scored with their case.
  @Test(arguments: [UInt64(5), 11, 17])
  func streamScoreAgreesWithTheReferenceScore(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let scorer = try UnsafeFuzzyStreamScorer(room: 6)
    let rows =
      seed == 17
      ? RandomRows.classRows(400, &random)
      : RandomRows.rows(300, &random) + RandomRows.repetitiveRows(300, &random)
    for original in rows {
      let text = TextFolding.foldForm(original)
      let pattern =
        switch seed {
        case 5: String(text.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.prefix(6))
        case 11: RandomRows.repetitivePattern(&random)
        default: RandomRows.classPattern(&random)
        }
      guard pattern.unicodeScalars.count <= 6 else { continue }
      let slow = FuzzyPropertyTests.slowScore(text, pattern, original: original)
      #expect(
        Self.streamScore(scorer, text, pattern, original: original) == slow, "'\(pattern)' in '\(original)'")
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
    #expect(plain.refusedBytes == text.utf8.count * FuzzyScorer.scratchRows * 4)
  }
}
