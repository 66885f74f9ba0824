import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// `--delimiter`, `--header` and `--comment`, and the sniffers behind their defaults: what a
/// file's bytes load as, and the line `load` prints about it.
@Suite struct ReadingOptionsTests {
  /// One input, how it is asked to be read, and what it must load as.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let format: DataFormat?
    var reading = ReadingOptions()
    let columns: [String]
    let rows: [[String]]
    /// `ReadingReport.summary`: the line `load` prints (nil: none).
    let summary: String?
    var testDescription: String { name }
  }

  static let hash = UInt8(ascii: "#")

  static let cases: [Case] = [
    // Sniffing the format of standard input or a file without an extension.
    Case(
      name: "headerless TSV", input: "a\t1\nb\t2\n", format: nil, columns: ["1", "2"],
      rows: [["a", "1"], ["b", "2"]], summary: "Read as TSV (sniffed): no header row, columns 1, 2, …"),
    Case(
      name: "TSV with a header", input: "name\tsize\nzlib\t12\nbash\t300\n", format: nil,
      columns: ["name", "size"], rows: [["zlib", "12"], ["bash", "300"]],
      summary: "Read as TSV (sniffed): header row"),
    Case(
      name: "CSV with a quoted comma", input: "name,quote\nann,\"a, b\"\nbob,c\n", format: nil,
      columns: ["name", "quote"], rows: [["ann", "a, b"], ["bob", "c"]],
      summary: "Read as CSV (sniffed): header row"),
    Case(
      name: "pipes", input: "id|name\n1|x\n2|y\n", format: nil, columns: ["id", "name"],
      rows: [["1", "x"], ["2", "y"]], summary: "Read as CSV (sniffed): '|'-separated, header row"),
    Case(
      name: "prose with commas stays text",
      input: "Hello, world. This is prose, with commas.\nAnother line, and a comma.\nA third, too.\n",
      format: nil, columns: ["title"],
      rows: [
        ["Hello, world. This is prose, with commas."], ["Another line, and a comma."], ["A third, too."],
      ],
      summary: nil),
    Case(
      name: "ragged rows shorter than the header", input: "v,name,a,b,eol\n1,buzz,x\n2,rex,y,z\n3,bo,y,z,w\n",
      format: nil, columns: ["v", "name", "a", "b", "eol"],
      rows: [["1", "buzz", "x", "", ""], ["2", "rex", "y", "z", ""], ["3", "bo", "y", "z", "w"]],
      summary: "Read as CSV (sniffed): header row"),
    Case(
      name: "tabs that align stay text",
      input: "ftp\t\t21/tcp\t\t\t# x\necho\t\t7/tcp\ndiscard\t\t9/tcp\t\tsink null\n",
      format: nil, columns: ["title"],
      rows: [["ftp\t\t21/tcp\t\t\t# x"], ["echo\t\t7/tcp"], ["discard\t\t9/tcp\t\tsink null"]], summary: nil),
    Case(
      name: "a word list stays text", input: "apple\nbanana\ncherry\n", format: nil, columns: ["title"],
      rows: [["apple"], ["banana"], ["cherry"]], summary: nil),
    Case(
      name: "one line is too little to sniff", input: "a,b\n", format: nil, columns: ["title"],
      rows: [["a,b"]],
      summary: nil),
    Case(
      name: "uneven commas stay text", input: "a,b\nc\nd,e,f,g\n", format: nil, columns: ["title"],
      rows: [["a,b"], ["c"], ["d,e,f,g"]], summary: nil),
    // A `.csv` file separated by another byte.
    Case(
      name: "European CSV", input: "name;price\napple;1,20\npear;0,80\n", format: .csv,
      columns: ["name", "price"],
      rows: [["apple", "1,20"], ["pear", "0,80"]], summary: "Read as CSV: ';'-separated (sniffed)"),
    Case(
      name: "European CSV with CRLF", input: "a;b\r\n1;2\r\n", format: .csv, columns: ["a", "b"],
      rows: [["1", "2"]],
      summary: "Read as CSV: ';'-separated (sniffed)"),
    Case(
      name: "CSV whose cells hold semicolons", input: "a,b\nx;y,z\n", format: .csv, columns: ["a", "b"],
      rows: [["x;y", "z"]], summary: nil),
    // The header row.
    Case(
      name: "numbers under numbers are data", input: "1,2\n3,4\n", format: .csv, columns: ["1", "2"],
      rows: [["1", "2"], ["3", "4"]], summary: "Read as CSV: no header row (sniffed), columns 1, 2, …"),
    Case(
      name: "a word over numbers is a name", input: "year,n\n2024,4\n2025,5\n", format: .csv,
      columns: ["year", "n"],
      rows: [["2024", "4"], ["2025", "5"]], summary: nil),
    Case(
      name: "dates under a date are data", input: "2024-01-01,x\n2024-01-02,y\n", format: .csv,
      columns: ["1", "2"],
      rows: [["2024-01-01", "x"], ["2024-01-02", "y"]],
      summary: "Read as CSV: no header row (sniffed), columns 1, 2, …"),
    Case(
      name: "codes of one length are data", input: "AD,Andorra\nAE,Emirates\nAF,Afghanistan\n", format: .csv,
      columns: ["1", "2"], rows: [["AD", "Andorra"], ["AE", "Emirates"], ["AF", "Afghanistan"]],
      summary: "Read as CSV: no header row (sniffed), columns 1, 2, …"),
    Case(
      name: "words of one length under a word of that length",
      input: "name,group\nBanana,Fruit\nAnnex,Place\nKiwi,Fruit\n",
      format: .csv, columns: ["name", "group"],
      rows: [["Banana", "Fruit"], ["Annex", "Place"], ["Kiwi", "Fruit"]], summary: nil),
    Case(
      name: "a first cell found below is data", input: "apple,fruit\npear,fruit\noak,tree\n", format: .csv,
      columns: ["1", "2"], rows: [["apple", "fruit"], ["pear", "fruit"], ["oak", "tree"]],
      summary: "Read as CSV: no header row (sniffed), columns 1, 2, …"),
    Case(
      name: "a repeated name is data", input: "x,x\ny,zz\n", format: .csv, columns: ["1", "2"],
      rows: [["x", "x"], ["y", "zz"]], summary: "Read as CSV: no header row (sniffed), columns 1, 2, …"),
    Case(
      name: "one column keeps its name", input: "a\n\"\"\nx\n\n", format: .csv, columns: ["a"],
      rows: [[""], ["x"], [""]], summary: nil),
    Case(
      name: "--header yes", input: "1,2\n3,4\n", format: .csv, reading: ReadingOptions(header: .yes),
      columns: ["1", "2"], rows: [["3", "4"]], summary: nil),
    Case(
      name: "--header none", input: "a,b\nc,d,e\n", format: .csv, reading: ReadingOptions(header: .none),
      columns: ["1", "2", "3"], rows: [["a", "b", ""], ["c", "d", "e"]],
      summary: "Read as CSV: no header row, columns 1, 2, …"),
    // The delimiter given.
    Case(
      name: "--delimiter '|' quotes as RFC 4180", input: "a|b\n1|\"x|y\"\n", format: .csv,
      reading: ReadingOptions(delimiter: UInt8(ascii: "|")), columns: ["a", "b"], rows: [["1", "x|y"]],
      summary: "Read as CSV: '|'-separated"),
    Case(
      name: "--delimiter on standard input", input: "a b\nc d\n", format: nil,
      reading: ReadingOptions(delimiter: ByteCodes.space, header: .yes), columns: ["a", "b"],
      rows: [["c", "d"]],
      summary: "Read as CSV: space-separated"),
    Case(
      name: "TSV keeps its escapes", input: "a\tb\nx\\ty\tz\n", format: .tsv, columns: ["a", "b"],
      rows: [["x\ty", "z"]], summary: nil),
    Case(
      name: "TSV given a tab reads backslashes as data", input: "a\tb\nx\\ty\tz\n", format: .tsv,
      reading: ReadingOptions(delimiter: ByteCodes.tab), columns: ["a", "b"], rows: [["x\\ty", "z"]],
      summary: nil),
    // Comments.
    Case(
      name: "--comment anywhere", input: "# note\na,b\n1,2\n# mid\n3,4\n", format: .csv,
      reading: ReadingOptions(comment: hash), columns: ["a", "b"], rows: [["1", "2"], ["3", "4"]],
      summary: "Read as CSV: 2 '#' comment lines skipped"),
    Case(
      name: "a CSV's # cell is data by default", input: "a,b\n#1,2\n#3,4\n", format: .csv,
      columns: ["a", "b"],
      rows: [["#1", "2"], ["#3", "4"]], summary: nil),
    Case(
      name: "a tab table's comment names its columns",
      input:
        "# tz\n#\n#codes\tTZ\tcomments\nDE\tEurope/Berlin\tmost of Germany\nFR\tEurope/Paris\n#@AQ\tAntarctica/\n",
      format: nil, columns: ["codes", "TZ", "comments"],
      rows: [["DE", "Europe/Berlin", "most of Germany"], ["FR", "Europe/Paris", ""]],
      summary: "Read as TSV (sniffed): column names from the last comment line, 4 '#' comment lines skipped"),
    Case(
      name: "aligning tabs in the naming comment",
      input: "# x\n#code\tTZ\t\t\tcomments\nDE\tBerlin\tc\nFR\tParis\n",
      format: nil, columns: ["code", "TZ", "comments"], rows: [["DE", "Berlin", "c"], ["FR", "Paris", ""]],
      summary: "Read as TSV (sniffed): column names from the last comment line, 2 '#' comment lines skipped"),
    Case(
      name: "a commented tab table without names",
      input: "# ISO codes\n# see below\nAD\tAndorra\nAE\tUnited Arab Emirates\n",
      format: nil, columns: ["1", "2"], rows: [["AD", "Andorra"], ["AE", "United Arab Emirates"]],
      summary: "Read as TSV (sniffed): no header row, columns 1, 2, …, 2 '#' comment lines skipped"),
    Case(
      name: "--comment on text", input: "#x\nhello\n\n#y\n", format: .text,
      reading: ReadingOptions(comment: hash),
      columns: ["title"], rows: [["hello"], [""]], summary: "Read as text: 2 '#' comment lines skipped"),
  ]

  @Test(arguments: cases)
  func reads(_ testCase: Case) throws {
    let result = try load(testCase.input, format: testCase.format, reading: testCase.reading)
    #expect(result.dataset.columns == testCase.columns)
    #expect(DataFixture.rows(result.dataset) == testCase.rows)
    #expect(result.reading.summary == testCase.summary)
  }

  /// Options a format cannot honour are one error naming the option.
  @Test(arguments: [
    (ReadingOptions(header: .none), DataFormat.json, "--header"),
    (ReadingOptions(comment: hash), DataFormat.jsonl, "--comment"),
    (ReadingOptions(header: .yes), DataFormat.text, "--header"),
  ])
  func refusesOptionsTheFormatIgnores(reading: ReadingOptions, format: DataFormat, option: String) {
    let error = DataFixture.tableError { try load("[\"a\"]\n", format: format, reading: reading) }
    #expect(error == .readingOptionNeedsDelimited("test", option: option, format: format.rawValue))
  }

  /// The values `--delimiter` takes, and those it refuses.
  @Test(arguments: [
    (",", UInt8?(ByteCodes.comma)), (";", UInt8(ascii: ";")), ("|", UInt8(ascii: "|")),
    ("\\t", ByteCodes.tab),
    ("tab", ByteCodes.tab), ("TAB", ByteCodes.tab), ("semicolon", UInt8(ascii: ";")),
    ("space", ByteCodes.space),
    ("~", UInt8(ascii: "~")), (";;", nil), ("", nil), ("\"", nil), ("\n", nil), ("§", nil),
  ])
  func delimiterValues(value: String, byte: UInt8?) {
    #expect(ReadingOptions.byte(named: value) == byte)
  }

  /// The report survives the index cache's encoding.
  @Test func reportRoundTrips() throws {
    let result = try load("# tz\n#a\tb\nx\ty\nz\tw\n", format: nil, reading: ReadingOptions())
    #expect(ReadingReport(encoded: result.reading.encoded) == result.reading)
    #expect(result.reading.header == .commentLine)
    #expect(ReadingReport(encoded: "csv 1 2") == nil)
  }

  /// Loads `text` from memory (as standard input is: no extension).
  func load(_ text: String, format: DataFormat?, reading: ReadingOptions) throws(TableError) -> LoadResult {
    var options = LoadOptions(
      name: "test", source: .standardInput, presets: DatasetPresets(title: "Test"), format: format)
    options.reading = reading
    return try DatasetLoader.load(.data(Data(text.utf8), label: "test"), options: options)
  }
}
