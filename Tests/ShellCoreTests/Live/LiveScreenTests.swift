import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The live screen's layout: which lines show, how many rows fit, scrolling, and cutting to width.
struct LiveScreenTests {
  static let plain = TextStyle(isEnabled: false)

  static func screen(rows: Int, title: String? = "Countries", trace: [String]? = nil) -> LiveScreen {
    var screen = LiveScreen()
    screen.navigationTitle = title
    screen.bar = "[ ger| ] Cancel"
    screen.header = "results table · \(rows) of 249"
    screen.rowCount = rows
    screen.rows = (0..<rows).map { LiveScreen.Row(number: $0 + 1, title: "Row \($0 + 1)") }
    screen.trace = trace
    screen.footer = "keys"
    return screen
  }

  /// A search of a file that found nothing, with the skipped columns that would match.
  static var elsewhere: LiveScreen {
    var screen = screen(rows: 0)
    screen.elsewhere = "0 rows in 'name'; 'note' has 2: set fields * to search every column"
    return screen
  }

  struct LayoutCase: Sendable, CustomTestStringConvertible {
    let name: String
    let screen: LiveScreen
    let height: Int
    let expected: [String]
    var testDescription: String { name }
  }

  static let layouts: [LayoutCase] = [
    LayoutCase(
      name: "no rows, and where the text is", screen: elsewhere, height: 5,
      expected: [
        "Countries", "[ ger| ] Cancel", "results table · 0 of 249",
        // Cut to the terminal's width (30 here), as every line is.
        "  0 rows in 'name'; 'note' h…", "keys",
      ]),
    LayoutCase(
      name: "navigation bar, bar, header, rows, blank fill, footer", screen: screen(rows: 2), height: 7,
      expected: [
        "Countries", "[ ger| ] Cancel", "results table · 2 of 249", "  1  Row 1", "  2  Row 2", "", "keys",
      ]),
    LayoutCase(
      name: "hidden navigation bar gives a row back", screen: screen(rows: 9, title: nil), height: 6,
      expected: [
        "[ ger| ] Cancel", "results table · 9 of 249", "  1  Row 1", "  2  Row 2", "  3  Row 3", "keys",
      ]),
    LayoutCase(
      name: "the trace pane sits under the table",
      screen: screen(rows: 9, title: nil, trace: ["a", "b", "c"]), height: 12,
      expected: [
        "[ ger| ] Cancel", "results table · 9 of 249", "  1  Row 1", "  2  Row 2", "  3  Row 3", "  4  Row 4",
        "  5  Row 5",
        "── trace " + String(repeating: "─", count: 20), "a", "b", "c", "keys",
      ]),
  ]

  @Test(arguments: layouts)
  func laysOut(_ example: LayoutCase) {
    #expect(example.screen.lines(width: 30, height: example.height, style: Self.plain) == example.expected)
  }

  @Test func alwaysExactlyTheHeightAndNeverWiderThanTheWidth() {
    for height in 3...20 {
      for width in [10, 40] {
        let lines = Self.screen(rows: 30, trace: ["x"]).lines(width: width, height: height, style: Self.plain)
        #expect(lines.count == height)
        #expect(lines.allSatisfy { $0.count <= width - 1 })
      }
    }
  }

  @Test func highlightedRowIsMarkedAndLongTitlesAreCut() {
    var screen = Self.screen(rows: 2, title: nil)
    screen.rows[1].title = "Saint Helena, Ascension and Tristan da Cunha"
    screen.highlight = 1
    let lines = screen.lines(width: 24, height: 5, style: Self.plain)
    #expect(lines[2] == "  1  Row 1")
    #expect(lines[3] == "› 2  Saint Helena, Asc…")
  }

  @Test func matchesAreHighlightedAndColoursNeverLeakPastTheCut() {
    let style = TextStyle(isEnabled: true)
    var screen = Self.screen(rows: 1, title: nil)
    screen.rows[0] = LiveScreen.Row(number: 1, title: "Germany", highlights: [0..<3])
    let line = screen.lines(width: 40, height: 4, style: style)[2]
    #expect(line == "  1  " + style.highlight("Ger") + "many")
    #expect(LiveScreen.fitStyled(style.bold("abcdef"), 4) == "\u{1B}[1mabc…\u{1B}[0m")
    #expect(LiveScreen.visibleCount(style.bold("abc")) == 3)
  }

  @Test(arguments: [
    // (highlight, previous first, capacity, rows) -> first row in sight
    (Int?.none, 0, 5, 100, 0), (4, 0, 5, 100, 0), (5, 0, 5, 100, 1), (2, 10, 5, 100, 2),
    (nil, 98, 5, 100, 95),
    (nil, 3, 5, 2, 0),
  ])
  func scrollsJustEnoughToKeepTheHighlightInSight(
    _ highlight: Int?, _ previous: Int, _ capacity: Int, _ rows: Int, _ expected: Int
  ) {
    #expect(
      LiveScreen.firstRow(keeping: highlight, previousFirst: previous, capacity: capacity, rowCount: rows)
        == expected)
  }
}
