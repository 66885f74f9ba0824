import Foundation
import Testing

@testable import ShellCore

/// The fast engine against `ReferenceMatcher` on random rows and random queries, for every rule,
/// including keystroke sequences that exercise narrowing and the result cache.
struct MatchingPropertyTests {
  static let ascii = [
    "apple", "Banana", "cherry", "date", "Elder", "fig", "grape", "HONEY", "kiwi", "lemon", "st", "sta",
    "stand", "a", "the", "x-ray", "o'neil", "2024",
  ]
  static let accented = [
    "café", "Crème", "brûlée", "Zürich", "Øresund", "straße", "Ærø", "naïve", "Łódź", "Đà", "ıstanbul",
    "İzmir", "ÉCLAIR", "jalapeño", "Ŧest", "œuvre",
  ]
  static let other = ["東京", "タワー", "🍕", "👩‍💻", "Ελλάδα", "ΣΟΦΟΣ", "한국", "naïve", "x\u{301}y", "ɛɐʃ", "Ɐɀ"]

  /// A random word, with accented words sometimes in NFD.
  static func word(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<6: return ascii.randomElement(using: &random) ?? "a"
    case 6..<8:
      let word = accented.randomElement(using: &random) ?? "é"
      return Bool.random(using: &random) ? word.decomposedStringWithCanonicalMapping : word
    default: return other.randomElement(using: &random) ?? "🍕"
    }
  }

  static func rows(_ count: Int, _ random: inout SeededGenerator) -> [String] {
    (0..<count).map { _ in
      (0..<Int.random(in: 0...4, using: &random)).map { _ in word(&random) }.joined(
        separator: Bool.random(using: &random) ? " " : "-")
    }
  }

  /// A query built from pieces of rows, in random spellings, with random syntax.
  static func query(_ rows: [String], _ random: inout SeededGenerator) -> String {
    var terms: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      var piece: String
      if Int.random(in: 0..<5, using: &random) == 0 {
        piece = String(
          (0..<Int.random(in: 1...2, using: &random)).map { _ in
            "aeiostxzé東🍕".randomElement(using: &random) ?? "a"
          })
      } else {
        let row = Array(rows.randomElement(using: &random) ?? "a")
        guard !row.isEmpty else { continue }
        let start = Int.random(in: 0..<row.count, using: &random)
        let length = Int.random(in: 1...min(5, row.count - start), using: &random)
        piece = String(row[start..<start + length])
      }
      switch Int.random(in: 0..<6, using: &random) {
      case 0: piece = piece.uppercased()
      case 1: piece = TextFolding.foldForm(piece)
      case 2: piece = piece.decomposedStringWithCanonicalMapping
      default: break
      }
      piece = piece.replacingOccurrences(of: " ", with: "\\ ")
      switch Int.random(in: 0..<12, using: &random) {
      case 0: piece = "!" + piece
      case 1: piece = "^" + piece
      case 2: piece = piece + "$"
      case 3: piece = "'" + piece
      default: break
      }
      terms.append(piece)
      if Int.random(in: 0..<6, using: &random) == 0 { terms.append("|") }
    }
    return terms.joined(separator: " ")
  }

  static func check(_ engine: SearchEngine, _ rows: [String], _ query: String, _ rule: MatchRule) throws {
    let expected = ReferenceMatcher.search(
      texts: rows, titles: rows, scopes: [], query: query, rule: rule, scope: 0)
    let found = try engine.search(query, rule: rule).map(Int.init)
    #expect(
      found == expected,
      "rule \(rule) query '\(query)' (\(query.unicodeScalars.map { String($0.value, radix: 16) }))")
  }

  @Test(arguments: MatchRule.allCases.filter { $0 != .regex }, [UInt64(1), 2, 3])
  func randomQueriesMatchTheReference(rule: MatchRule, seed: UInt64) throws {
    // The rule's place in `allCases`, not its `hashValue`, which changes from run to run.
    let ruleIndex = UInt64(MatchRule.allCases.firstIndex(of: rule) ?? 0)
    var random = SeededGenerator(seed: seed &* 7919 &+ ruleIndex)
    let rows = Self.rows(300, &random)
    // A low threshold splits even this small dataset into chunks, as a large one would be.
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 64 : 1_000_000)
    for _ in 0..<60 {
      try Self.check(engine, rows, Self.query(rows, &random), rule)
    }
  }

  /// A term of four bytes that many rows hold is swept, its first row (too near the arena's start
  /// to read around) tested on its own, and the copy the sweep leaves is what the next keystroke
  /// reads: both must match the reference, the first and last rows included.
  @Test(arguments: [MatchRule.fold, .ci, .exact, .smart])
  func fourByteSweepAndItsNarrowingMatchTheReference(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 11)
    // A fifth of the rows hold `tion`: few enough for the result to keep a copy.
    let words =
      ["nation", "STATIONS", "ration's"] + Self.ascii + Self.accented.prefix(9)
    var rows = ["tions first"]
    for _ in 0..<600 {
      rows.append((0..<2).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " "))
    }
    rows.append("last tions")
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 1_000_000)
    for query in ["tion", "tions", "tion", "ions", "ions f"] {
      try Self.check(engine, rows, query, rule)
    }
  }

  /// Signs that NFC turns into ASCII (KELVIN SIGN into `K`, GREEK QUESTION MARK into `;`,
  /// GREEK VARIA into a backquote): a row's own bytes then lack what its `exact` form holds, so no
  /// scan of them may stand in for that form.
  @Test(arguments: MatchRule.allCases.filter { $0 != .regex })
  func signsThatNormaliseToASCIIMatchTheReference(rule: MatchRule) throws {
    let rows = ["\u{212A}ab one", "Kab two", "x\u{037E}yz", "x;yz", "a\u{1FEF}bc", "plain"]
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil)
    for query in ["Kab", "kab", "Kab o", "x;y", "x;yz", "a`bc", "ab"] {
      try Self.check(engine, rows, query, rule)
    }
  }

  @Test(arguments: MatchRule.allCases.filter { $0 != .regex })
  func typingAndBackspacingMatchesTheReference(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 42 &+ UInt64(MatchRule.allCases.firstIndex(of: rule) ?? 0))
    let rows = Self.rows(400, &random)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 50)
    for _ in 0..<8 {
      let target = Array(Self.query(rows, &random))
      var typed = ""
      for character in target {
        typed.append(character)
        try Self.check(engine, rows, typed, rule)
      }
      while !typed.isEmpty {
        typed.removeLast()
        try Self.check(engine, rows, typed, rule)
      }
    }
  }

  /// A ranking read row by row, as the table reads it (the first rows selected, then the rest
  /// sorted), gives the order of a search that sorts at once, and its count.
  @Test(arguments: ["e", "st", "a e"])
  func rankingReadByRowAgreesWithTheWholeOrder(query: String) throws {
    var random = SeededGenerator(seed: 3)
    let rows = Self.rows(5_000, &random)
    let dataset = MatchingFixtures.dataset(rows)
    let whole = try SearchEngine(dataset: dataset, columns: nil).search(query, rule: .fuzzy)
    let result = try SearchEngine(dataset: dataset, columns: nil).results(query, rule: .fuzzy)
    guard case .ranked(let ranked) = result else {
      Issue.record("fuzzy '\(query)' did not return a ranking")
      return
    }
    #expect(ranked.count == whole.count)
    #expect((0..<min(whole.count, 400)).map { ranked[$0] } == Array(whole.prefix(400)))
    #expect(whole.count > 4 * RankedRows.topCount, "too few matches to select: \(whole.count)")
  }

  /// One engine through every rule in turn: each accent-sensitive rule builds the side forms it
  /// needs when first used, next to those built before; a one-letter result over a quarter of
  /// the rows waits in the cache as bits, and the backspace that returns to it must find it whole.
  @Test func rulesInTurnAndBackspacesMatchTheReference() throws {
    var random = SeededGenerator(seed: 77)
    let rows = Self.rows(400, &random)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 50)
    for rule in [MatchRule.ci, .exact, .smart, .ci, .fold, .exact] {
      for _ in 0..<6 {
        let query = Self.query(rows, &random)
        try Self.check(engine, rows, String(query.prefix(1)), rule)
        try Self.check(engine, rows, query, rule)
        try Self.check(engine, rows, String(query.prefix(1)), rule)
      }
    }
  }

  /// Chunks of over 4,096 rows: a one- or two-byte term probes the chunk's first rows and then
  /// probes or scans the rest by how often they matched, so both must agree with the reference;
  /// one-letter `prefix` and `fuzzy` queries are answered from signatures.
  @Test(arguments: [MatchRule.fold, .ci, .exact, .prefix, .fuzzy])
  func shortTermsOnLargeChunksMatchTheReference(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 91)
    let rows = Self.rows(12_000, &random)
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 1_000_000)
    // Dense (`a`, `st`) and rare (`xr`, `2`, `-r`) terms, a rare one after a dense one, and dense
    // ones with letters that the signature decides (under `ci` for ASCII rows only).
    for query in ["a", "st", "xr", "2", "-r", "Ba", "st xr", "st a", "e !a", "st a e"] {
      try Self.check(engine, rows, query, rule)
    }
  }

  /// Typing on more rows than a compact copy of a result may hold (4,096 here).
  ///
  /// Results made by scans, by re-checking scattered rows, and by re-checking a compact copy,
  /// including chunks that give up copying, must all agree with a search that remembers nothing.
  /// Under `ci` and `exact` a copy holds each row in that form (a wide row's from its side arena),
  /// which `cafe` against "café" tells apart.
  @Test(arguments: [MatchRule.fold, .ci, .exact, .prefix, .smart])
  func narrowingThroughCompactCopiesMatchesAFreshSearch(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 77)
    let rows = Self.rows(30_000, &random)
    try Self.typeAgainstAFreshSearch(
      rows,
      ["stand", "apple", "a", "the", "sta", "x-ray", "cafe", "Cafe", "caFe", "e-Ba", "zürich", "Zü", "e l"],
      rule)
  }

  /// A search sweeps a chunk's first rows (`Tuning.scanSample`) and then sweeps or scans the rest
  /// by how many matched: one chunk of over twice the sample, a third of them ending in "Stalk",
  /// searched for short needles common and rare, against the reference.
  @Test(arguments: [MatchRule.fold, .ci, .exact, .smart, .prefix])
  func shortNeedlesPastTheSampleMatchTheReference(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 19)
    let rows = Self.rows(SearchEngine.Tuning.standard.scanSample * 2 + 1_808, &random).enumerated().map {
      $0.offset % 3 == 0 ? $0.element + " Stalk" : $0.element
    }
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 1_000_000)
    for query in ["sta", "Sta", "alk", "st", "zz", "é", "ana", "a", "s", "q"] {
      engine.clearCache()
      try Self.check(engine, rows, query, rule)
    }
    // One common letter: a result of most rows, held as bits (under `ci`, less the wide rows
    // whose own form lacks the letter that their fold has; under `exact`, probed) once past
    // `Tuning.compactFloor` rows (the least a copy may hold), read by position as a page reads it.
    for query in ["a", "s"] {
      let result = try #require(try engine.results(query, rule: rule))
      let expected = ReferenceMatcher.search(
        texts: rows, titles: rows, scopes: [], query: query, rule: rule, scope: 0)
      #expect(result.count == expected.count, "rule \(rule) query '\(query)'")
      for position in stride(from: 0, to: expected.count, by: 37) {
        #expect(
          Int(result[position]) == expected[position], "rule \(rule) query '\(query)' position \(position)")
      }
      if result.count > engine.tuning.compactFloor, case .rows = result {
        Issue.record("'\(query)' under \(rule) is not bits")
      }
    }
  }

  /// Types each of `targets` a character at a time on one engine, comparing every keystroke's
  /// rows with those of an engine that remembers nothing (chunked from 2,000 rows on both).
  static func typeAgainstAFreshSearch(_ rows: [String], _ targets: [String], _ rule: MatchRule) throws {
    let dataset = MatchingFixtures.dataset(rows)
    let engine = SearchEngine(dataset: dataset, columns: nil, parallelThreshold: 2_000)
    let fresh = SearchEngine(dataset: dataset, columns: nil, parallelThreshold: 2_000)
    for target in targets {
      var typed = ""
      for character in target {
        typed.append(character)
        fresh.clearCache()
        let expected = try fresh.search(typed, rule: rule)
        #expect(try engine.search(typed, rule: rule) == expected, "rule \(rule) query '\(typed)'")
      }
    }
  }

  /// Typing on rows of which a quarter are too long for the branch-free probe (over 48 bytes):
  /// compact copies written by the probe with those rows appended between, then re-checked part
  /// by part, must agree with a search that remembers nothing.
  @Test(arguments: [MatchRule.fold, .smart, .prefix])
  func narrowingLongAndShortRowsMatchesAFreshSearch(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 31)
    let words = Self.rows(90_000, &random)
    let rows: [String] = (0..<30_000).map { row in
      let first = 3 * row
      if row % 4 != 0 { return words[first] }
      return [words[first], words[first + 1], words[first + 2]].joined(separator: " ")
    }
    try Self.typeAgainstAFreshSearch(rows, ["stand", "the", "and", "e s", "ing", "x-r"], rule)
  }

  /// Searching a column of a wider table, or several columns joined with a space, builds the
  /// index row by row rather than in bulk; it must agree with the reference just the same.
  @Test(arguments: [[0], [1], [0, 1]], [MatchRule.fold, .smart, .exact, .fuzzy])
  func searchedColumnsMatchTheReference(columns: [Int], rule: MatchRule) throws {
    var random = SeededGenerator(seed: 11 &+ UInt64(columns.count) &* 31 &+ UInt64(columns[0]))
    let titles = Self.rows(300, &random)
    let others = Self.rows(300, &random)
    let texts = titles.indices.map { row in
      columns.map { [titles[row], others[row]][$0] }.joined(separator: " ")
    }
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(titles, categories: others), columns: columns, parallelThreshold: 64)
    for _ in 0..<40 {
      let query = Self.query(texts, &random)
      let expected = ReferenceMatcher.search(
        texts: texts, titles: titles, scopes: [], query: query, rule: rule, scope: 0)
      #expect(try engine.search(query, rule: rule).map(Int.init) == expected, "rule \(rule) query '\(query)'")
    }
  }

  @Test func regexMatchesTheReference() throws {
    var random = SeededGenerator(seed: 9)
    let rows = Self.rows(200, &random)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 64)
    for pattern in ["^a", "e$", "[éè]", "(?i)zürich", "st.n", "\\bfig\\b", "东|東", "^$", "x\u{301}"] {
      try Self.check(engine, rows, pattern, .regex)
    }
  }

  /// Rows of a few letters, spaces and dashes (many alignments per pattern), 0 to 100 bytes so
  /// some exceed the 64 bytes of the bitmask kernel, some with an accented or CJK word.
  static func repetitiveRows(_ count: Int, _ random: inout SeededGenerator) -> [String] {
    (0..<count).map { _ in
      var row = String(
        (0..<Int.random(in: 0...100, using: &random)).map { _ in
          "aabbss t-".randomElement(using: &random) ?? "a"
        })
      if Int.random(in: 0..<8, using: &random) == 0 {
        row.insert(contentsOf: ["é", "É", "東", "ß"].randomElement(using: &random) ?? "é", at: row.startIndex)
      }
      return row
    }
  }

  /// A pattern of 1 to 8 of the same few characters: repeated characters, often no match.
  static func repetitivePattern(_ random: inout SeededGenerator) -> String {
    String(
      (0..<Int.random(in: 1...8, using: &random)).map { _ in "absst-é".randomElement(using: &random) ?? "a" })
  }

  /// Scores `pattern` in `text` (UTF-8 bytes) through `FuzzyScorer`, with or without the readable
  /// bytes past the row that let it take the bitmask kernel.
  static func fastScore(_ scorer: FuzzyScorer, _ text: String, _ pattern: String, padded: Bool) -> Int32 {
    let bytes = Array(text.utf8)
    let padding = padded ? FuzzyMaskScorer.reach : 0
    let buffer = bytes + [UInt8](repeating: 0x61, count: padding)
    return buffer.withUnsafeBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return FuzzyScorer.none }
      return scorer.score(
        RowSlice(base: base, start: 0, end: bytes.count, limit: buffer.count),
        pattern: pattern.unicodeScalars.map(\.value))
    }
  }

  @Test(arguments: [false, true])
  func fuzzyScorerAgreesWithTheBruteForceScore(padded: Bool) {
    var random = SeededGenerator(seed: 5)
    let rows = Self.rows(300, &random)
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
    for text in Self.repetitiveRows(400, &random) {
      let pattern = Self.repetitivePattern(&random)
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
      let bytes = (0..<length + FuzzyMaskScorer.reach).map { _ in
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
    let rows = Self.repetitiveRows(2_000, &random)
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 256 : 1_000_000)
    var most = 0
    for _ in 0..<30 {
      var terms = (0..<Int.random(in: 2...3, using: &random)).map { _ in
        String(Self.repetitivePattern(&random).prefix(3))
      }
      terms.append(["", "'ab", "!s-", "^a", "b$"].randomElement(using: &random) ?? "")
      let query = terms.joined(separator: " ")
      let expected = ReferenceMatcher.search(
        texts: rows, titles: rows, scopes: [], query: query, rule: .fuzzy, scope: 0)
      // Read as the table reads it: the first rows come from the search's own selection.
      guard case .ranked(let ranked) = try engine.results(query, rule: .fuzzy) else {
        Issue.record("fuzzy '\(query)' did not return a ranking")
        continue
      }
      let first = min(expected.count, RankedRows.topCount + 20)
      #expect((0..<first).map { Int(ranked[$0]) } == Array(expected.prefix(first)), "query '\(query)'")
      #expect(ranked.count == expected.count, "query '\(query)'")
      most = max(most, expected.count)
    }
    #expect(most > 2 * RankedRows.topCount, "too few matches to rank past the best kept: \(most)")
  }

  @Test(arguments: [UInt64(1), 2])
  func fuzzySearchRanksLongAndRepetitiveRowsLikeTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 31)
    let rows = Self.repetitiveRows(500, &random)
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 64 : 1_000_000)
    for _ in 0..<40 {
      try Self.check(engine, rows, Self.repetitivePattern(&random), .fuzzy)
    }
  }
}
