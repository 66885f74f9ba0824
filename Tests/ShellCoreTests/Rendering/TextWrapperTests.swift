import Testing

@testable import ShellCore

/// The one wrapping utility: display widths per scalar, breaks at spaces, long words cut between
/// scalars, colours carried over a break.
struct TextWrapperTests {
  @Test(arguments: [
    ("abc", 3), ("Crème", 5), ("Cre\u{300}me", 5), ("東京", 4), ("🍕 pizza", 8), ("a\u{200B}b", 2),
    ("\u{1B}[36mcallback\u{1B}[0m", 8), ("\u{1B}[38;5;208mo\u{1B}[0m", 1), ("tab\there", 9), ("\u{7}", 5),
    ("e\u{301}\u{302}", 1), ("", 0),
  ])
  func displayWidthCountsColumns(text: String, columns: Int) {
    #expect(TextWrapper.displayWidth(text) == columns)
  }

  @Test func wrapsAtSpacesWithIndents() {
    let lines = TextWrapper.wrap(
      "the quick brown fox jumps over the lazy dog", width: 16, indent: "  ", continuation: "    ")
    #expect(lines == ["  the quick", "    brown fox", "    jumps over", "    the lazy dog"])
    #expect(lines.allSatisfy { TextWrapper.displayWidth($0) <= 16 })
  }

  @Test func aTextThatFitsIsUnchanged() {
    #expect(TextWrapper.wrap("  two  spaces kept", width: 80) == ["  two  spaces kept"])
    #expect(TextWrapper.wrap("", width: 80) == [""])
  }

  /// A word longer than a line breaks after `|`, `,`, `/` or `:` where it can, else between
  /// scalars, never between a scalar and its combining mark.
  @Test func longWordsSplitAtSeparatorsThenBetweenScalars() {
    #expect(
      TextWrapper.wrap("values: default|black|red|green|yellow", width: 20)
        == ["values: default|", "black|red|green|", "yellow"])
    #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    let marked = String(repeating: "e\u{301}", count: 6)
    let lines = TextWrapper.wrap(marked, width: 4)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { !$0.unicodeScalars.first!.properties.isDiacritic })
    #expect(lines.joined() == marked)
    #expect(TextWrapper.wrap("東京東京東京", width: 5) == ["東京", "東京", "東京"])
  }

  /// A space followed by a combining mark is one Character but still a break: split on scalars.
  @Test func splitsOnScalarsNotCharacters() {
    let text = "abcd \u{301}efgh"
    #expect(TextWrapper.wrap(text, width: 6) == ["abcd", "\u{301}efgh"])
  }

  @Test func lineFeedsBreakAndCRLFIsOne() {
    #expect(TextWrapper.wrap("one\r\ntwo\rthree\nfour", width: 80) == ["one", "two", "three", "four"])
  }

  /// A colour open at a break is closed at the line's end and opened again on the next.
  @Test func coloursSpanABreak() {
    let dim = "\u{1B}[2m"
    let reset = "\u{1B}[0m"
    let lines = TextWrapper.wrap(dim + "alpha beta gamma" + reset, width: 11, continuation: "  ")
    #expect(lines == [dim + "alpha beta" + reset, "  " + dim + "gamma" + reset])
    #expect(lines.allSatisfy { TextWrapper.displayWidth($0) <= 11 })
  }

  @Test func hangingIndentFollowsTheLabelColumn() {
    let lines = TextWrapper.wrapHanging("  name    what it does when it is set on or off", width: 30)
    #expect(lines == ["  name    what it does when it", "          is set on or off"])
  }

  @Test(arguments: [
    ("a long search text", 10, false, "a long se…"), ("a long search text", 10, true, "…arch text"),
    ("short", 10, false, "short"), ("東京東京", 5, false, "東京…"), ("ab", 1, false, "…"),
  ])
  func fittingCutsWithAnEllipsis(text: String, columns: Int, keepingEnd: Bool, fitted: String) {
    #expect(TextWrapper.fitting(text, columns: columns, keepingEnd: keepingEnd) == fitted)
    #expect(TextWrapper.displayWidth(fitted) <= columns)
  }

  @Test func columnsWrapEachCellInItsColumn() {
    let lines = TextColumns.lines(
      [["key", "value", "a description that is long"], ["k2", "v", "short"]], caps: [nil, 3], width: 20)
    #expect(
      lines == ["  key  val  a", "       ue   description", "            that is long", "  k2   v    short"])
  }

  @Test func shortNamesForTheCompactDiagram() {
    #expect(
      SequenceDiagram.shortNames([
        "User", "UITableView", "UISearchBar", "CustomSearchController", "ViewController",
        "UISearchController",
        "UISearchDisplayController", "SearchBox",
      ]) == ["User", "TV", "SB", "CSC", "VC", "SC", "SDC", "SB2"])
  }
}
