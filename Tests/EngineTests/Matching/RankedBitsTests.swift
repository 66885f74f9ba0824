import EngineTestSupport
import Testing

@testable import Engine

/// A fuzzy ranking of most rows holds them as bits, and reads like the reference.
///
/// Past the rows a ranking is narrowed from, `RankedRows.members` holds them; the ranking reads
/// like the reference page by page, past its first rows and in full. One of fewer rows keeps
/// ids, and the next keystroke narrows from them. One letter (`fuzzyLetter`), and a ranking of
/// every row in chunks (`SearchEngine.ranksAsBits`).
struct RankedBitsTests {
  /// Rows of which `common` letters appear in most and `rare` in a few, some accented.
  static func rows(_ count: Int) -> [String] {
    var random = SeededGenerator(seed: 41)
    let words = ["seas", "tease", "Estate", "sass", "zebu", "café", "as is", "Rest", "qoph"]
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
        .joined(separator: " ")
    }
  }

  @Test(arguments: [
    ("s", true), ("e", true), ("z", false), ("q", false),
  ])
  func aLetterOfMostRowsIsRankedFromBits(letter: String, asBits: Bool) throws {
    let rows = Self.rows(9_000)
    for threshold in [1_000_000, 512] {
      var tuning = SearchTuning.small(threshold)
      tuning.ranking = 1_024
      let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: [0], tuning: tuning)
      let expected = ReferenceMatcher.search(
        texts: rows, titles: rows, scopes: [], query: letter, rule: .fuzzy, scope: 0)
      guard case .ranked(let ranked) = try engine.results(letter, rule: .fuzzy) else {
        Issue.record("fuzzy '\(letter)' did not return a ranking")
        continue
      }
      #expect(engine.lastAnswer?.plan == .fuzzyLetter(letter: letter.utf8.first ?? 0))
      #expect((ranked.members != nil) == asBits, "'\(letter)' at threshold \(threshold)")
      #expect(ranked.count == expected.count, "'\(letter)'")
      #expect(asBits == (expected.count > rows.count / 2), "'\(letter)' matches \(expected.count) rows")
      let first = min(expected.count, RankedRows.topCount + 20)
      let top = RowOrderDifference.of((0..<first).map { Int(ranked[$0]) }, expected.prefix(first))
      #expect(top == nil, "'\(letter)': \(top ?? "")")
      let whole = RowOrderDifference.of(ranked.ordered.map(Int.init), expected)
      #expect(whole == nil, "'\(letter)' in full: \(whole ?? "")")
      let ascending = RowOrderDifference.of(ranked.ascending.map(Int.init), expected.sorted())
      #expect(ascending == nil, "'\(letter)' ascending: \(ascending ?? "")")
      // The next keystroke narrows from a ranking of ids; one of bits is too large to.
      let typed = letter + "e"
      _ = try FuzzyPropertyTests.expectRanking(engine, rows, typed)
      let narrowed = if case .narrow = engine.lastAnswer?.plan { true } else { false }
      #expect(
        narrowed == !asBits, "'\(typed)' after '\(letter)': \(String(describing: engine.lastAnswer?.plan))")
    }
  }

  /// Queries of a swept term, of a term the row loop ranks, and of two terms; a sample of the
  /// rows decides bits, so only queries well past half the rows or well below it are asked.
  @Test(arguments: ["se", "ea", "zb", "s e", "as", "ze", "eu", "teas", "a s e"])
  func aRankingOfMostRowsIsFoundAsBits(query: String) throws {
    let rows = Self.rows(9_000)
    let expected = ReferenceMatcher.search(
      texts: rows, titles: rows, scopes: [], query: query, rule: .fuzzy, scope: 0)
    let share = Double(expected.count) / Double(rows.count)
    #expect(share > 0.6 || share < 0.4, "'\(query)' matches \(expected.count) rows: too near half to test")
    for threshold in [1_000_000, 512] {
      var tuning = SearchTuning.small(threshold)
      tuning.ranking = 1_024
      tuning.rankedBits = 1_000
      tuning.sweepBlock = threshold == 512 ? 64 : 4_096
      let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: [0], tuning: tuning)
      guard case .ranked(let ranked) = try engine.results(query, rule: .fuzzy) else {
        Issue.record("fuzzy '\(query)' did not return a ranking")
        continue
      }
      #expect((ranked.members != nil) == (share > 0.5), "'\(query)' (\(share)) at threshold \(threshold)")
      // Every row ranked in chunks: a swept term, or the row loop's terms.
      let pass: SearchPlan.Pass =
        query.utf8.count <= 4 && !query.contains(" ") ? .fuzzySweep(share: 4) : .fuzzyRank
      #expect(engine.lastAnswer?.plan == .everyChunk(pass), "'\(query)'")
      #expect(ranked.count == expected.count, "'\(query)'")
      let first = min(expected.count, RankedRows.topCount + 20)
      let top = RowOrderDifference.of((0..<first).map { Int(ranked[$0]) }, expected.prefix(first))
      #expect(top == nil, "'\(query)': \(top ?? "")")
      let whole = RowOrderDifference.of(ranked.ordered.map(Int.init), expected)
      #expect(whole == nil, "'\(query)' in full: \(whole ?? "")")
    }
  }
}
