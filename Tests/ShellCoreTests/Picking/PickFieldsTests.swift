import Testing

@testable import ShellCore

/// fzf's fields and escapes as `PickFields` reads them; every expected value is what fzf 0.38
/// printed for the same row (`fzf --filter '' --no-sort --with-nth …` prints the shown text,
/// `fzf --ansi --filter ''` the row without its escapes).
struct PickFieldsTests {
  /// A row, `--with-nth`, `-d`, and the text fzf shows.
  struct ShownCase: Sendable, CustomTestStringConvertible {
    let row: String
    let shown: String
    let delimiter: String?
    let text: String
    var testDescription: String {
      "\(row.debugDescription) --with-nth \(shown) -d \(delimiter ?? "(blanks)")"
    }
  }

  static let shownCases: [ShownCase] = [
    ShownCase(row: "a b c", shown: "2", delimiter: nil, text: "b"),
    ShownCase(row: "  a  b  c  ", shown: "2", delimiter: nil, text: "b"),
    ShownCase(row: "  a  b  c  ", shown: "1", delimiter: nil, text: "a"),
    ShownCase(row: "a b c", shown: "2..", delimiter: nil, text: "b c"),
    ShownCase(row: "a b c", shown: "-1", delimiter: nil, text: "c"),
    ShownCase(row: "a b c", shown: "..-2", delimiter: nil, text: "a b"),
    ShownCase(row: "a b c", shown: "3,1", delimiter: nil, text: "ca"),
    ShownCase(row: "a\tb c", shown: "2", delimiter: nil, text: "b"),
    ShownCase(row: "a\tb c", shown: "1", delimiter: nil, text: "a"),
    ShownCase(row: "a,b,,c", shown: "3", delimiter: ",", text: ","),
    ShownCase(row: "a,b,,c", shown: "2..3", delimiter: ",", text: "b,,"),
    ShownCase(row: "a,b,,c", shown: "-1", delimiter: ",", text: "c"),
    ShownCase(row: "a,b,,c,", shown: "-1", delimiter: ",", text: ""),
    ShownCase(row: "a,b,,c,", shown: "1,4", delimiter: ",", text: "a,c,"),
    ShownCase(row: "a::b::c", shown: "2", delimiter: "::", text: "b::"),
    ShownCase(row: "a b c", shown: "5", delimiter: nil, text: ""),
    ShownCase(row: "a b c", shown: "2..9", delimiter: nil, text: "b c"),
    ShownCase(row: "a  b   c", shown: "1..2", delimiter: nil, text: "a  b"),
  ]

  @Test(arguments: shownCases)
  func theShownTextIsFzfs(_ example: ShownCase) throws {
    var options = PickOptions()
    options.shownFields = try #require(FieldRange.list(example.shown))
    options.delimiter = example.delimiter
    let fields = try #require(PickFields(options))
    #expect(fields.shown(Array(example.row.utf8)) == Array(example.text.utf8))
    // What prints is still the whole row.
    #expect(fields.printed(Array(example.row.utf8)) == Array(example.row.utf8))
  }

  /// A row with escapes, and what fzf --ansi printed.
  @Test(arguments: [
    ("a\u{1B}[31mb\u{1B}[0mc", "abc"),
    ("a\u{1B}[1;38;5;200mb", "ab"),
    ("a\u{1B}]0;title\u{7}b", "ab"),
    ("a\u{1B}]8;;http://x\u{1B}\\b", "ab"),
    ("a\u{1B}(Bb", "ab"),
    ("a\u{1B}Mb", "ab"),
    ("a\u{E}b\u{F}c", "abc"),
    ("ab\u{8}c", "ac"),
    ("a\u{1B}[?25lb", "ab"),
    ("a\u{1B}[2Kb", "ab"),
    ("a\u{1B}", "a\u{1B}"),
    ("a\u{1B}[31", "a31"),
    ("a\u{1B}[31;x", "a"),
    ("é\u{8}x", "x"),
    ("a\u{1B}é", "a"),
    ("a\u{1B}[0:1mb", "ab"),
    ("a\u{1B}[1~b", "a1~b"),
    ("a\u{1B}]52;c;Zg==\u{7}b", "a52;c;Zg==\u{7}b"),
    ("a\u{1B}]x;y\u{7}b", "ax;y\u{7}b"),
    ("plain", "plain"),
  ])
  func escapesAreStrippedAsFzfStripsThem(_ example: (String, String)) throws {
    var options = PickOptions()
    options.ansi = true
    let fields = try #require(PickFields(options))
    #expect(fields.printed(Array(example.0.utf8)) == Array(example.1.utf8))
    #expect(fields.searched(Array(example.0.utf8)) == [Array(example.1.utf8)])
  }

  /// `--nth` parts: one per range, of the shown text, without the whitespace around each (fzf's
  /// `^` and `$` skip it, so `foo$` with `--nth 1` matches `foo  bar`).
  @Test(
    arguments: [
      ("foo  bar baz", "1", nil, nil, ["foo"]),
      ("foo  bar baz", "2,3", nil, nil, ["bar", "baz"]),
      ("foo  bar baz", "1..2", nil, nil, ["foo  bar"]),
      (" a,b", "1", ",", nil, ["a,"]),
      ("a ,b", "1", ",", nil, ["a ,"]),
      ("a b c", "1", nil, "2..", ["b"]),
      ("a b c", "5", nil, nil, [""]),
      ("", "1", nil, nil, [""]),
    ] as [(String, String, String?, String?, [String])])
  func searchedPartsFollowTheRanges(_ example: (String, String, String?, String?, [String])) throws {
    var options = PickOptions()
    options.searchedFields = try #require(FieldRange.list(example.1))
    options.delimiter = example.2
    if let shown = example.3 { options.shownFields = try #require(FieldRange.list(shown)) }
    let fields = try #require(PickFields(options))
    #expect(fields.searched(Array(example.0.utf8)) == example.4.map { Array($0.utf8) })
  }

  @Test func noFieldOptionsLeaveTheRowsAsTheyAre() {
    var options = PickOptions()
    options.delimiter = ","
    options.exact = true
    #expect(PickFields(options) == nil)
  }

  /// fzf's tokens: AWK blanks skip leading space and keep the trailing; a delimiter ends a field
  /// after it, the rest (perhaps empty) the last field.
  @Test(
    arguments: [
      ("  a  b", nil, ["a  ", "b"]),
      ("a\tb ", nil, ["a\t", "b "]),
      ("", nil, []),
      ("a,b,", ",", ["a,", "b,", ""]),
      ("", ",", [""]),
      ("a::::b", "::", ["a::", "::", "b"]),
    ] as [(String, String?, [String])])
  func tokensAreFzfs(_ example: (String, String?, [String])) {
    let text = Array(example.0.utf8)
    let tokens = PickFields.tokens(text, delimiter: example.1.map { Array($0.utf8) })
    #expect(tokens.map { String(decoding: text[$0], as: UTF8.self) } == example.2)
  }
}
