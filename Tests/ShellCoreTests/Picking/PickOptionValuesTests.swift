import Testing

@testable import ShellCore

/// fzf's option values read as fzf reads them: field ranges, heights, preview windows.
struct PickOptionValuesTests {
  @Test(arguments: [
    ("1", [FieldRange(lower: 1, upper: 1)]),
    ("-1", [FieldRange(lower: -1, upper: -1)]),
    ("2..", [FieldRange(lower: 2, upper: nil)]),
    ("..3", [FieldRange(lower: nil, upper: 3)]),
    ("..", [FieldRange(lower: nil, upper: nil)]),
    ("1..-2", [FieldRange(lower: 1, upper: -2)]),
    ("1,3..", [FieldRange(lower: 1, upper: 1), FieldRange(lower: 3, upper: nil)]),
  ])
  func fieldRangesRead(_ example: (String, [FieldRange])) {
    #expect(FieldRange.list(example.0) == example.1)
  }

  @Test(arguments: ["0", "", "a", "1,", "1...2", "9999999999", "1..0", "--1"])
  func badFieldRangesAreRefused(_ text: String) {
    #expect(FieldRange.list(text) == nil)
  }

  /// Which of 4 fields each range takes (from 0).
  @Test(arguments: [
    ("1", 0..<1), ("-1", 3..<4), ("2..", 1..<4), ("..2", 0..<2), ("1..-2", 0..<3), ("5", 0..<0),
    ("-5", 0..<0), ("3..2", 0..<0), ("-2..", 2..<4),
  ])
  func fieldRangesResolveAmongTheFields(_ example: (String, Range<Int>)) throws {
    let range = try #require(FieldRange.list(example.0)?.first)
    #expect(range.indices(among: 4) == example.1)
  }

  @Test(arguments: [
    ("40%", PickHeight(size: .percent(40))), ("10", PickHeight(size: .lines(10))),
    ("~50%", PickHeight(size: .percent(50), isAdaptive: true)), ("100%", PickHeight(size: .percent(100))),
  ])
  func heightsRead(_ example: (String, PickHeight)) {
    #expect(PickHeight(example.0) == example.1)
  }

  @Test(arguments: ["0", "0%", "101%", "-3", "x", "", "%", "~"])
  func badHeightsAreRefused(_ text: String) {
    #expect(PickHeight(text) == nil)
  }

  /// A height is at least 3 lines (bar, one row, footer) and at most the terminal.
  @Test(arguments: [("40%", 24, 9), ("1", 24, 3), ("50", 24, 24), ("100%", 10, 10)])
  func heightsInLines(_ example: (String, Int, Int)) throws {
    let height = try #require(PickHeight(example.0))
    #expect(height.lines(onTerminalOf: example.1) == example.2)
  }

  @Test func previewWindowsRead() throws {
    var expected = PreviewWindow()
    expected.position = .down
    expected.size = .percent(40)
    expected.wraps = true
    #expect(try PreviewWindow.parse("down,40%,wrap").get() == expected)
    expected = PreviewWindow()
    expected.position = .up
    expected.size = .lines(10)
    expected.isHidden = true
    #expect(try PreviewWindow.parse("up:10:hidden").get() == expected)
    #expect(throws: PreviewWindowError(word: "sideways")) { try PreviewWindow.parse("right,sideways").get() }
  }

  /// fzf's rule: fuzzy unless `--exact`, whose case follows `-i`/`+i`; `--match` wins.
  @Test func theRuleFollowsExactAndCase() {
    var options = PickOptions()
    #expect(options.rule == .fuzzy)
    options.exact = true
    #expect(options.rule == .smart)
    options.caseRule = .ignore
    #expect(options.rule == .ci)
    options.caseRule = .respect
    #expect(options.rule == .exact)
    options.match = .prefix
    #expect(options.rule == .prefix)
  }
}
