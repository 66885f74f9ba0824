import EngineTestSupport
import Foundation
import Testing

@testable import Engine
@testable import Tables

/// The fast engine against `ReferenceMatcher` on random rows and random queries, for every rule,
/// including keystroke sequences that exercise narrowing and the result cache.
struct MatchingPropertyTests {
  /// Expects `engine` to find for `query` the rows `ReferenceMatcher` finds.
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
    let rows = RandomRows.rows(300, &random)
    // A low threshold splits even this small dataset into chunks, as a large one would be.
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 64 : 1_000_000)
    for _ in 0..<60 {
      try Self.check(engine, rows, RandomRows.query(rows, &random), rule)
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
      ["nation", "STATIONS", "ration's"] + RandomRows.ascii + RandomRows.accented.prefix(9)
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
    let rows = RandomRows.rows(400, &random)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 50)
    for _ in 0..<8 {
      let target = Array(RandomRows.query(rows, &random))
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

  /// One engine through every rule in turn: each accent-sensitive rule builds the side forms it
  /// needs when first used, next to those built before; a one-letter result over a quarter of
  /// the rows waits in the cache as bits, and the backspace that returns to it must find it whole.
  @Test func rulesInTurnAndBackspacesMatchTheReference() throws {
    var random = SeededGenerator(seed: 77)
    let rows = RandomRows.rows(400, &random)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 50)
    for rule in [MatchRule.ci, .exact, .smart, .ci, .fold, .exact] {
      for _ in 0..<6 {
        let query = RandomRows.query(rows, &random)
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
    let rows = RandomRows.rows(12_000, &random)
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 1_000_000)
    // Dense (`a`, `st`) and rare (`xr`, `2`, `-r`) terms, a rare one after a dense one, and dense
    // ones with letters that the signature decides (under `ci` for ASCII rows only).
    for query in ["a", "st", "xr", "2", "-r", "Ba", "st xr", "st a", "e !a", "st a e"] {
      try Self.check(engine, rows, query, rule)
    }
  }

  /// A search sweeps a chunk's first rows (`SearchTuning.scanSample`) and then sweeps or scans the rest
  /// by how many matched: one chunk of over twice the sample, a third of them ending in "Stalk",
  /// searched for short needles common and rare, against the reference.
  @Test(arguments: [MatchRule.fold, .ci, .exact, .smart, .prefix])
  func shortNeedlesPastTheSampleMatchTheReference(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 19)
    let rows = RandomRows.rows(SearchTuning.standard.scanSample * 2 + 1_808, &random).enumerated().map {
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
    // `SearchTuning.compactFloor` rows (the least a copy may hold), read by position as a page reads it.
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

  /// Searching a column of a wider table, or several columns joined with a space, builds the
  /// index row by row rather than in bulk; it must agree with the reference just the same.
  @Test(arguments: [[0], [1], [0, 1]], [MatchRule.fold, .smart, .exact, .fuzzy])
  func searchedColumnsMatchTheReference(columns: [Int], rule: MatchRule) throws {
    var random = SeededGenerator(seed: 11 &+ UInt64(columns.count) &* 31 &+ UInt64(columns[0]))
    let titles = RandomRows.rows(300, &random)
    let others = RandomRows.rows(300, &random)
    let texts = titles.indices.map { row in
      columns.map { [titles[row], others[row]][$0] }.joined(separator: " ")
    }
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(titles, categories: others), columns: columns, parallelThreshold: 64)
    for _ in 0..<40 {
      let query = RandomRows.query(texts, &random)
      let expected = ReferenceMatcher.search(
        texts: texts, titles: titles, scopes: [], query: query, rule: rule, scope: 0)
      #expect(try engine.search(query, rule: rule).map(Int.init) == expected, "rule \(rule) query '\(query)'")
    }
  }

  @Test func regexMatchesTheReference() throws {
    var random = SeededGenerator(seed: 9)
    let rows = RandomRows.rows(200, &random)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 64)
    for pattern in ["^a", "e$", "[éè]", "(?i)zürich", "st.n", "\\bfig\\b", "东|東", "^$", "x\u{301}"] {
      try Self.check(engine, rows, pattern, .regex)
    }
  }
}
