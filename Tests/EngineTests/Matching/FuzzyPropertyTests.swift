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

  /// Scores `pattern` in `text` (UTF-8 bytes, the row in its term's form) through `FuzzyScorer`,
  /// with or without the readable bytes past the row that let it take the bitmask kernel;
  /// `original` is the row's own text (`text` when nil).
  static func fastScore(
    _ scorer: FuzzyScorer, _ text: String, _ pattern: String, padded: Bool, original: String? = nil
  ) -> Int32 {
    let bytes = Array(text.utf8)
    let cased = Array((original ?? text).utf8)
    let padding = padded ? UnsafeFuzzyMaskScorer.reach : 0
    let buffer = bytes + [UInt8](repeating: 0x61, count: padding)
    return buffer.withUnsafeBufferPointer { buffer -> Int32 in
      cased.withUnsafeBufferPointer { casedBuffer -> Int32 in
        guard let base = buffer.baseAddress, let casedBase = casedBuffer.baseAddress else {
          return FuzzyScorer.none
        }
        return scorer.score(
          UnsafeRowSlice(base: base, start: 0, end: bytes.count, limit: buffer.count),
          cased: UnsafeRowSlice(base: casedBase, start: 0, end: cased.count, limit: cased.count),
          pattern: pattern.unicodeScalars.map(\.value))
      }
    }
  }

  /// The reference score of `pattern` in `text` (in its term's form) of the row `original`.
  static func slowScore(_ text: String, _ pattern: String, original: String? = nil) -> Int32 {
    ReferenceMatcher.fuzzyScore(
      text: text.unicodeScalars.map(\.value), pattern: pattern.unicodeScalars.map(\.value),
      original: (original ?? text).unicodeScalars.map(\.value)) ?? FuzzyScorer.none
  }

  @Test(arguments: [false, true])
  func fuzzyScorerAgreesWithTheReferenceScore(padded: Bool) {
    var random = SeededGenerator(seed: 5)
    let rows = RandomRows.rows(300, &random)
    let scorer = FuzzyScorer()
    for row in rows {
      let text = TextFolding.foldForm(row)
      let pattern = String(text.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.prefix(4))
      let fast = Self.fastScore(scorer, text, pattern, padded: padded, original: row)
      #expect(fast == Self.slowScore(text, pattern, original: row), "'\(pattern)' in '\(text)' of '\(row)'")
    }
  }

  @Test(arguments: [false, true])
  func fuzzyScorerAgreesOnLongAndRepetitiveRows(padded: Bool) {
    var random = SeededGenerator(seed: 11)
    let scorer = FuzzyScorer()
    for text in RandomRows.repetitiveRows(400, &random) {
      let pattern = RandomRows.repetitivePattern(&random)
      let fast = Self.fastScore(scorer, text, pattern, padded: padded)
      #expect(fast == Self.slowScore(text, pattern), "'\(pattern)' in '\(text)'")
    }
  }

  /// Rows of every character class (cases, digits, delimiters, other punctuation, spaces): the
  /// folded row scored with the original's case, by each kernel the row's length and bytes
  /// choose (bitmask up to 64 bytes, positions past it, decoded with an accent).
  @Test(arguments: [UInt64(1), 2, 3])
  func fuzzyScorerAgreesOnRowsOfEveryClass(seed: UInt64) {
    var random = SeededGenerator(seed: seed &* 101)
    let scorer = FuzzyScorer()
    for original in RandomRows.classRows(600, &random) {
      let text = TextFolding.foldForm(original)
      let pattern = RandomRows.classPattern(&random)
      for padded in [false, true] {
        let fast = Self.fastScore(scorer, text, pattern, padded: padded, original: original)
        #expect(fast == Self.slowScore(text, pattern, original: original), "'\(pattern)' in '\(original)'")
      }
    }
  }

  /// Two-byte patterns take a closed form of their own: every pair over a small alphabet, in rows
  /// up to 64 bytes where word starts, repeats and gaps of every length occur.
  @Test(arguments: ["ab", "as", "aa", "s-", "-s", "- ", "st", "tt", "s/", "1s"])
  func fuzzyPairScoreAgreesWithTheReferenceScore(pattern: String) {
    var random = SeededGenerator(seed: UInt64(pattern.unicodeScalars.reduce(0) { $0 &* 131 &+ $1.value }))
    let scorer = FuzzyScorer()
    for _ in 0..<600 {
      let original = String(
        (0..<Int.random(in: 0...64, using: &random)).map { _ in
          "aAbbSsst-  xyzw/1".randomElement(using: &random) ?? "a"
        })
      let text = original.lowercased()
      let fast = Self.fastScore(scorer, text, pattern, padded: true, original: original)
      #expect(fast == Self.slowScore(text, pattern, original: original), "'\(pattern)' in '\(original)'")
    }
  }

  /// The bound that decides which rows of a pattern are scored.
  ///
  /// The branch-free kernel for one or two bytes (`shortCeiling`) is `none` exactly where the
  /// loop over the steps (`ceiling`) is, neither is ever below the row's score (with its
  /// original's case, which the fold form lost), and both are below the pattern's best
  /// possible score often. The bytes after each row are more of the alphabet, as the next row's
  /// would be.
  @Test(arguments: [
    "s", "-", " ", "st", "ab", "aa", "s-", " s", "tt", "s/", "1", "sts", "a-b", "b s", "ss/s",
  ])
  func fuzzyCeilingsBoundTheScore(pattern: String) throws {
    var random = SeededGenerator(seed: UInt64(pattern.unicodeScalars.reduce(7) { $0 &* 131 &+ $1.value }))
    let scorer = FuzzyScorer()
    let scalars = pattern.unicodeScalars.map(\.value)
    let kernel = try #require(scorer.maskScorer(pattern: scalars, count: scalars.count))
    let alphabet = Array("aAbBsSt-  xyzw/_1".utf8)
    var tight = 0
    for _ in 0..<800 {
      let length = Int.random(in: 0...64, using: &random)
      let original = (0..<length + UnsafeFuzzyMaskScorer.reach).map { _ in
        alphabet.randomElement(using: &random) ?? 0x61
      }
      let bytes = original.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
      let text = String(decoding: bytes.prefix(length), as: UTF8.self)
      let lettersAndSpaces = text.utf8.allSatisfy { $0 == 0x20 || $0 &- 0x61 < 26 }
      let (short, looped) = bytes.withUnsafeBufferPointer { buffer -> (Int32, Int32) in
        guard let base = buffer.baseAddress else { return (0, 0) }
        return (
          scalars.count <= 2
            ? kernel.shortCeiling(base, length: length, lettersAndSpaces: lettersAndSpaces) : 0,
          kernel.ceiling(base, length: length, lettersAndSpaces: lettersAndSpaces)
        )
      }
      let score = Self.slowScore(
        text, pattern, original: String(decoding: original.prefix(length), as: UTF8.self))
      if scalars.count <= 2 { #expect(short == looped, "'\(pattern)' in '\(text)'") }
      if score == FuzzyScorer.none {
        #expect(looped == FuzzyScorer.none, "'\(pattern)' in '\(text)'")
      } else {
        #expect(looped >= score && looped <= kernel.bound, "'\(pattern)' in '\(text)': \(looped) < \(score)")
        if looped < kernel.bound { tight += 1 }
      }
    }
    // (A space earns the highest bonus anywhere.)
    if pattern != " " { #expect(tight > 0, "no ceiling below the bound for '\(pattern)'") }
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

  /// Rows of every character class ranked for one or two terms, some with an uppercase letter
  /// (case-sensitive, read from the rows' own bytes): the kernels' ceilings leave out only rows
  /// the reference ranks below the best kept.
  @Test(arguments: [UInt64(1), 2])
  func rowsOfEveryClassRankLikeTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 71)
    let rows = RandomRows.classRows(3_000, &random).map {
      String($0.prefix(Int.random(in: 0...70, using: &random)))
    }
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 256 : 1_000_000)
    var most = 0
    var cased = 0
    for _ in 0..<40 {
      let terms = (0..<Int.random(in: 1...2, using: &random)).map { _ in
        var term = RandomRows.classPattern(&random).replacingOccurrences(of: " ", with: "")
        if term.isEmpty { term = "s" }
        if Bool.random(using: &random) { term = term.prefix(1).uppercased() + term.dropFirst() }
        return term
      }
      let query = terms.joined(separator: " ")
      if query != query.lowercased() { cased += 1 }
      most = max(most, try Self.expectRanking(engine, rows, query))
    }
    #expect(cased > 5, "too few case-sensitive queries: \(cased)")
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
