import EngineTestSupport
import Testing

@testable import Engine

/// fzf's scores, case by case: each figure worked out by hand from fzf's rules (whose orders of
/// pairs of rows `fzf --filter` agrees with), checked through the reference and every kernel
/// (`FuzzyScorer` on a row of at most 64 bytes, on a longer one, decoded, and the stream scorer).
struct FuzzyBonusTests {
  /// A pattern, a row, and its score.
  struct Case: CustomTestStringConvertible, Sendable {
    let pattern: String
    let row: String
    let score: Int32
    let why: String
    var testDescription: String { "'\(pattern)' in '\(row)': \(why)" }
  }

  static let cases: [Case] = [
    // One character: match 16 plus twice its bonus.
    Case(pattern: "x", row: "xy", score: 36, why: "the row's start counts as after whitespace: 16 + 2 × 10"),
    Case(pattern: "y", row: "xy", score: 16, why: "inside a word: no bonus"),
    Case(pattern: "b", row: "a b", score: 36, why: "after whitespace 10"),
    Case(pattern: "b", row: "a/b", score: 34, why: "after a delimiter 9"),
    Case(pattern: "b", row: "a:b", score: 34, why: "':' is a delimiter too"),
    Case(pattern: "b", row: "a_b", score: 32, why: "after another non-word character 8"),
    Case(pattern: "b", row: "a-b", score: 32, why: "'-' is no delimiter: 8"),
    Case(pattern: "b", row: "fooBar", score: 30, why: "camelCase: upper after lower 7"),
    Case(pattern: "b", row: "FOOBAR", score: 16, why: "upper after upper: 0"),
    Case(pattern: "1", row: "abc123", score: 30, why: "a digit after a letter 7"),
    Case(pattern: "2", row: "abc123", score: 16, why: "a digit after a digit: 0"),
    Case(pattern: "-", row: "ab-c", score: 32, why: "a non-word character itself 8"),
    Case(pattern: "b", row: "a_b b", score: 36, why: "its best position, not the first word start"),
    // Runs: each further character earns the larger of its own, 4 and the run's first bonus.
    Case(pattern: "ab", row: "ab", score: 62, why: "36 + 16 + the run's first 10"),
    Case(pattern: "ab", row: "xab", score: 36, why: "16 + 16 + consecutive 4"),
    Case(pattern: "stand", row: "Dacca stand", score: 140, why: "36 + 4 × (16 + 10)"),
    Case(
      pattern: "stand", row: "Stan dartboards", score: 137,
      why: "114 for 'Stan', gap of 1 (-3), 'd' after space 26"),
    Case(pattern: "oob", row: "foobar", score: 56, why: "16 + 20 + 20: runs in a word earn 4"),
    Case(
      pattern: "oob", row: "out-of-bound", score: 75,
      why: "36, gap 3 then 'o' after '-' (+ 16 + 8 - 5), gap 2 then 'b' (+ 16 + 8 - 4)"),
    Case(pattern: "a/b", row: "a/b", score: 88, why: "the run keeps the start's 10 over its own 8 and 9"),
    Case(
      pattern: "a/bc", row: "xa/bc", score: 90,
      why: "'/' (8) and 'b' (9) start the run again: 'c' earns 9, not 4"),
    Case(pattern: "a b", row: "a b", score: 88, why: "whitespace earns 10 itself"),
    // Gaps: 3 for the first character, 1 for each further one, never below 0.
    Case(pattern: "ab", row: "axb", score: 49, why: "36 - 3 + 16"),
    Case(pattern: "ab", row: "axxb", score: 48, why: "36 - 4 + 16"),
    Case(
      pattern: "ab", row: "a" + String(repeating: "x", count: 40) + "b", score: 16,
      why: "36 - 42 stops at 0, + 16"),
    Case(pattern: "ff", row: "fuzzy-finder", score: 53, why: "36 - 7 (gap of 5) + 16 + 8 after '-'"),
    Case(pattern: "ff", row: "fuzzyfinder", score: 46, why: "36 - 6 (gap of 4) + 16: the word start wins"),
    // fzf keeps one path per cell: the first character's cell restarts at each of its
    // positions, so 'st' in 'Sxs t' scores from the later 's' (fzf's own answer).
    Case(
      pattern: "st", row: "Sxs t", score: 39, why: "16 for the second 's', gap 1 (-3), 't' after space 26"),
  ]

  @Test(arguments: cases)
  func eachKernelScoresAsFzf(_ example: Case) throws {
    let text = TextFolding.foldForm(example.row)
    let reference = FuzzyPropertyTests.slowScore(text, example.pattern, original: example.row)
    #expect(reference == example.score, "reference")
    let scorer = FuzzyScorer()
    #expect(
      FuzzyPropertyTests.fastScore(scorer, text, example.pattern, padded: true, original: example.row)
        == example.score, "bitmask kernel")
    // Past 64 bytes (spaces after the row change nothing but the kernel).
    let long = example.row + String(repeating: " ", count: 70)
    #expect(
      FuzzyPropertyTests.fastScore(
        scorer, TextFolding.foldForm(long), example.pattern, padded: true, original: long) == example.score,
      "positions")
    // An accent after the row: decoded scalars.
    let accented = example.row + " é"
    #expect(
      FuzzyPropertyTests.fastScore(
        scorer, TextFolding.foldForm(accented), example.pattern, padded: false, original: accented)
        == example.score, "decoded")
    let stream = try UnsafeFuzzyStreamScorer(room: 8)
    #expect(
      FuzzyStreamScorerTests.streamScore(stream, text, example.pattern, original: example.row)
        == example.score, "stream")
  }

  /// Ties in score go to the shorter title, counted in characters without whitespace at either
  /// end (fzf's `--tiebreak=length`), then to the earlier row.
  @Test func tiesGoToTheShorterTitleThenTheEarlierRow() throws {
    let rows = ["stand by", " stand ", "abc stand", "stand", "ïx stand", "standing"]
    // Every row but the last scores 140; 'standing' 140 too, with 8 characters.
    let expected = [1, 3, 0, 4, 5, 2]
    let reference = ReferenceMatcher.search(
      texts: rows, titles: rows, scopes: [], query: "stand", rule: .fuzzy, scope: 0)
    #expect(reference == expected)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil)
    #expect(try engine.search("stand", rule: .fuzzy).map(Int.init) == expected)
  }

  /// An uppercase letter in a term makes it case-sensitive, as fzf's smart case; a lowercase
  /// term matches either case.
  @Test func anUppercaseTermMatchesCaseSensitively() throws {
    let rows = ["Stand", "stand", "STAND", "outstanding"]
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil)
    #expect(try Set(engine.search("stand", rule: .fuzzy).map(Int.init)) == [0, 1, 2, 3])
    #expect(try engine.search("Stand", rule: .fuzzy).map(Int.init) == [0])
    #expect(try engine.search("STD", rule: .fuzzy).map(Int.init) == [2])
  }
}
