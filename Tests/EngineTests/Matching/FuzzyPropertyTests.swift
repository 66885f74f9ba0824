import EngineTestSupport
import Foundation
import Testing

@testable import Engine

/// Fuzzy scoring and ranking against `ReferenceMatcher`: the scorer's kernels against the brute
/// force score, and the ranking as the table reads it against the reference order.
struct FuzzyPropertyTests {
  /// A ranking read row by row, as the table reads it (the first rows selected, then the rest
  /// sorted), gives the order of a search that sorts at once, and its count.
  @Test(arguments: ["e", "st", "a e"])
  func rankingReadByRowAgreesWithTheWholeOrder(query: String) throws {
    var random = SeededGenerator(seed: 3)
    let rows = RandomRows.rows(5_000, &random)
    let dataset = MatchingFixtures.dataset(rows)
    let whole = try SearchEngine(dataset: dataset, columns: nil).search(query, rule: .fuzzy)
    let result = try SearchEngine(dataset: dataset, columns: nil).results(query, rule: .fuzzy)
    guard case .ranked(let ranked) = result else {
      Issue.record("fuzzy '\(query)' did not return a ranking")
      return
    }
    #expect(ranked.count == whole.count)
    let top = RowOrderDifference.of(
      (0..<min(whole.count, 400)).map { Int(ranked[$0]) }, whole.prefix(400).map(Int.init))
    #expect(top == nil, "'\(query)': \(top ?? "")")
    #expect(whole.count > 4 * RankedRows.topCount, "too few matches to select: \(whole.count)")
  }

  /// Scores `pattern` in `text` (UTF-8 bytes) through `FuzzyScorer`, with or without the readable
  /// bytes past the row that let it take the bitmask kernel.
  static func fastScore(_ scorer: FuzzyScorer, _ text: String, _ pattern: String, padded: Bool) -> Int32 {
    let bytes = Array(text.utf8)
    let padding = padded ? UnsafeFuzzyMaskScorer.reach : 0
    let buffer = bytes + [UInt8](repeating: 0x61, count: padding)
    return buffer.withUnsafeBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return FuzzyScorer.none }
      return scorer.score(
        UnsafeRowSlice(base: base, start: 0, end: bytes.count, limit: buffer.count),
        pattern: pattern.unicodeScalars.map(\.value))
    }
  }

  @Test(arguments: [false, true])
  func fuzzyScorerAgreesWithTheBruteForceScore(padded: Bool) {
    var random = SeededGenerator(seed: 5)
    let rows = RandomRows.rows(300, &random)
    let scorer = FuzzyScorer()
    for row in rows {
      let text = TextFolding.foldForm(row)
      let pattern = String(text.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.prefix(4))
      let fast = Self.fastScore(scorer, text, pattern, padded: padded)
      let slow = ReferenceMatcher.fuzzyScore(
        text: text.unicodeScalars.map(\.value), pattern: pattern.unicodeScalars.map(\.value))
      #expect(fast == (slow ?? FuzzyScorer.none), "'\(pattern)' in '\(text)'")
    }
  }

  @Test(arguments: [false, true])
  func fuzzyScorerAgreesOnLongAndRepetitiveRows(padded: Bool) {
    var random = SeededGenerator(seed: 11)
    let scorer = FuzzyScorer()
    for text in RandomRows.repetitiveRows(400, &random) {
      let pattern = RandomRows.repetitivePattern(&random)
      let fast = Self.fastScore(scorer, text, pattern, padded: padded)
      let slow = ReferenceMatcher.fuzzyScore(
        text: text.unicodeScalars.map(\.value), pattern: pattern.unicodeScalars.map(\.value))
      #expect(fast == (slow ?? FuzzyScorer.none), "'\(pattern)' in '\(text)'")
    }
  }

  /// Two-byte patterns take a closed form of their own: every pair over a small alphabet, in rows
  /// up to 64 bytes where word starts, repeats and gaps of every length occur.
  @Test(arguments: ["ab", "as", "aa", "s-", "-s", "- ", "st", "tt"])
  func fuzzyPairScoreAgreesWithTheBruteForceScore(pattern: String) {
    var random = SeededGenerator(seed: UInt64(pattern.unicodeScalars.reduce(0) { $0 &* 131 &+ $1.value }))
    let scorer = FuzzyScorer()
    for _ in 0..<600 {
      let text = String(
        (0..<Int.random(in: 0...64, using: &random)).map { _ in
          "aabbsst-  xyzw".randomElement(using: &random) ?? "a"
        })
      let fast = Self.fastScore(scorer, text, pattern, padded: true)
      let slow = ReferenceMatcher.fuzzyScore(
        text: text.unicodeScalars.map(\.value), pattern: pattern.unicodeScalars.map(\.value))
      #expect(fast == (slow ?? FuzzyScorer.none), "'\(pattern)' in '\(text)'")
    }
  }

  /// The bound that decides which rows of a one- or two-byte pattern are scored.
  ///
  /// The branch-free kernel (`shortCeiling`) answers as the loop over the steps does, is `none`
  /// exactly where the pattern is not a subsequence, and is never below the row's score. The
  /// bytes after each row are more of the alphabet, as the next row's would be.
  @Test(arguments: ["s", "-", " ", "st", "ab", "aa", "s-", " s", "tt"])
  func fuzzyShortCeilingBoundsTheScore(pattern: String) throws {
    var random = SeededGenerator(seed: UInt64(pattern.unicodeScalars.reduce(7) { $0 &* 131 &+ $1.value }))
    let scorer = FuzzyScorer()
    let scalars = pattern.unicodeScalars.map(\.value)
    let kernel = try #require(scorer.maskScorer(pattern: scalars, count: scalars.count))
    let term = FuzzyTermBound(kernel: kernel, scalars: scalars, count: scalars.count)
    let alphabet = Array("aabbsst-  xyzw".utf8)
    for _ in 0..<800 {
      let length = Int.random(in: 0...64, using: &random)
      let bytes = (0..<length + UnsafeFuzzyMaskScorer.reach).map { _ in
        alphabet.randomElement(using: &random) ?? 0x61
      }
      let text = String(decoding: bytes.prefix(length), as: UTF8.self)
      let lettersAndSpaces = !text.contains("-")
      let (short, looped) = bytes.withUnsafeBufferPointer { buffer -> (Int32, Int32) in
        guard let base = buffer.baseAddress else { return (0, 0) }
        return (
          kernel.shortCeiling(
            base, length: length, bound: term.bound, losses: term.losses, lettersAndSpaces: lettersAndSpaces),
          kernel.ceiling(
            base, length: length, bound: term.bound, losses: term.losses, lettersAndSpaces: lettersAndSpaces)
        )
      }
      let score = ReferenceMatcher.fuzzyScore(text: text.unicodeScalars.map(\.value), pattern: scalars)
      #expect(short == looped, "'\(pattern)' in '\(text)'")
      if let score {
        #expect(short >= score, "'\(pattern)' in '\(text)'")
      } else {
        #expect(short == FuzzyScorer.none, "'\(pattern)' in '\(text)'")
      }
    }
  }

  /// Several fuzzy terms, each a clause, sometimes with an exact, negated or anchored one: a row's
  /// score is the sum of the terms', and only rows whose bound could enter the best kept are
  /// scored, so the ranking must still be the reference's over more matches than it keeps.
  @Test(arguments: [UInt64(1), 2])
  func fuzzyTermsRankedTogetherMatchTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 57)
    let rows = RandomRows.repetitiveRows(2_000, &random)
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 256 : 1_000_000)
    var most = 0
    for _ in 0..<30 {
      var terms = (0..<Int.random(in: 2...3, using: &random)).map { _ in
        String(RandomRows.repetitivePattern(&random).prefix(3))
      }
      terms.append(["", "'ab", "!s-", "^a", "b$"].randomElement(using: &random) ?? "")
      let query = terms.joined(separator: " ")
      most = max(most, try Self.expectRanking(engine, rows, query))
    }
    #expect(most > 2 * RankedRows.topCount, "too few matches to rank past the best kept: \(most)")
  }

  /// Expects the ranking of `query` as the table reads it (its first rows from the search's own
  /// selection) and its count to be the reference's over `rows`; returns the reference's count.
  @discardableResult
  static func expectRanking(
    _ engine: SearchEngine, _ rows: [String], _ query: String, scopes: [UInt16] = [], scope: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let expected = ReferenceMatcher.search(
      texts: rows, titles: rows, scopes: scopes, query: query, rule: .fuzzy, scope: scope)
    guard case .ranked(let ranked) = try engine.results(query, rule: .fuzzy, scope: scope) else {
      Issue.record("fuzzy '\(query)' did not return a ranking", sourceLocation: sourceLocation)
      return expected.count
    }
    let first = min(expected.count, RankedRows.topCount + 20)
    let top = RowOrderDifference.of((0..<first).map { Int(ranked[$0]) }, expected.prefix(first))
    #expect(top == nil, "'\(query)': \(top ?? "")", sourceLocation: sourceLocation)
    #expect(ranked.count == expected.count, "'\(query)'", sourceLocation: sourceLocation)
    return expected.count
  }

  @Test(arguments: [UInt64(1), 2])
  func fuzzySearchRanksLongAndRepetitiveRowsLikeTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 31)
    let rows = RandomRows.repetitiveRows(500, &random)
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 64 : 1_000_000)
    for _ in 0..<40 {
      try MatchingPropertyTests.check(engine, rows, RandomRows.repetitivePattern(&random), .fuzzy)
    }
  }
}
