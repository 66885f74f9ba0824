import EngineTestSupport
import Foundation
import Testing

@testable import Engine
@testable import Tables

/// Typing query after query on one engine, whose narrowing reads the results and compact copies
/// the last keystroke left, against an engine that remembers nothing.
struct NarrowingPropertyTests {
  /// Typing on more rows than a compact copy of a result may hold (4,096 here).
  ///
  /// Results made by scans, by re-checking scattered rows, and by re-checking a compact copy,
  /// including chunks that give up copying, must all agree with a search that remembers nothing.
  /// Under `ci` and `exact` a copy holds each row in that form (a wide row's from its side arena),
  /// which `cafe` against "café" tells apart.
  @Test(arguments: [MatchRule.fold, .ci, .exact, .prefix, .smart])
  func narrowingThroughCompactCopiesMatchesAFreshSearch(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 77)
    let rows = RandomRows.rows(30_000, &random)
    try Self.typeAgainstAFreshSearch(
      rows,
      ["stand", "apple", "a", "the", "sta", "x-ray", "cafe", "Cafe", "caFe", "e-Ba", "zürich", "Zü", "e l"],
      rule)
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
    let words = RandomRows.rows(90_000, &random)
    let rows: [String] = (0..<30_000).map { row in
      let first = 3 * row
      if row % 4 != 0 { return words[first] }
      return [words[first], words[first + 1], words[first + 2]].joined(separator: " ")
    }
    try Self.typeAgainstAFreshSearch(rows, ["stand", "the", "and", "e s", "ing", "x-r"], rule)
  }
}
