import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Loading each format: rows, columns, line endings, byte-order marks and the final newline.
struct DatasetLoaderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let format: DataFormat
    let input: String
    let columns: [String]
    let rows: [[String]]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "text with LF", format: .text, input: "a\nb\nc\n", columns: ["title"],
      rows: [["a"], ["b"], ["c"]]),
    Case(
      name: "text without final newline", format: .text, input: "a\nb", columns: ["title"],
      rows: [["a"], ["b"]]),
    Case(
      name: "text with CRLF", format: .text, input: "a\r\nb\r\n", columns: ["title"], rows: [["a"], ["b"]]),
    Case(
      name: "text with lone CR", format: .text, input: "a\rb\r", columns: ["title"], rows: [["a"], ["b"]]),
    Case(
      name: "text with BOM", format: .text, input: "\u{FEFF}Åland\nb\n", columns: ["title"],
      rows: [["Åland"], ["b"]]),
    Case(
      name: "text keeps an empty middle line", format: .text, input: "a\n\nb\n", columns: ["title"],
      rows: [["a"], [""], ["b"]]),
    Case(name: "empty text", format: .text, input: "", columns: ["title"], rows: []),
    Case(
      name: "csv quoting", format: .csv,
      input: "name,note\n\"Smith, J\",\"said \"\"hi\"\"\"\n\"two\nlines\",x\n",
      columns: ["name", "note"], rows: [["Smith, J", "said \"hi\""], ["two\nlines", "x"]]),
    Case(
      name: "csv CRLF and BOM", format: .csv, input: "\u{FEFF}a,b\r\n1,2\r\n3,\r\n",
      columns: ["a", "b"], rows: [["1", "2"], ["3", ""]]),
    Case(
      name: "csv CRLF inside quotes is data", format: .csv, input: "a\r\n\"x\r\ny\"\r\n",
      columns: ["a"], rows: [["x\r\ny"]]),
    Case(
      name: "csv short rows padded, blank lines skipped", format: .csv, input: "a,b,c\n1\n\n2,3\n",
      columns: ["a", "b", "c"], rows: [["1", "", ""], ["2", "3", ""]]),
    Case(
      name: "csv one column keeps empty rows", format: .csv, input: "a\n\"\"\nx\n\n",
      columns: ["a"], rows: [[""], ["x"], [""]]),
    Case(
      name: "csv bare quote in unquoted field", format: .csv, input: "a\n5'10\"\n", columns: ["a"],
      rows: [["5'10\""]]),
    Case(name: "csv header only", format: .csv, input: "a,b\n", columns: ["a", "b"], rows: []),
    Case(
      name: "csv empty and duplicate header names", format: .csv, input: "a,,a\n1,2,3\n",
      columns: ["a", "column2", "a_2"], rows: [["1", "2", "3"]]),
    Case(
      name: "tsv escapes", format: .tsv, input: "name\tnote\nx\\ty\ta\\nb\\\\c\\q\n",
      columns: ["name", "note"], rows: [["x\ty", "a\nb\\c\\q"]]),
    Case(
      name: "tsv CRLF", format: .tsv, input: "name\tcategory\r\nlollipop\tHard\r\n",
      columns: ["name", "category"], rows: [["lollipop", "Hard"]]),
    Case(
      name: "json strings", format: .json, input: "[\"a\", \"b\\u00e9\\n\"]", columns: ["title"],
      rows: [["a"], ["bé\n"]]),
    Case(name: "json empty array", format: .json, input: " [ ] ", columns: ["title"], rows: []),
    Case(
      name: "json objects, keys in first-appearance order", format: .json,
      input: "[{\"name\":\"x\",\"n\":1},{\"extra\":true,\"name\":\"y\"},{}]",
      columns: ["name", "n", "extra"], rows: [["x", "1", ""], ["y", "", "true"], ["", "", ""]]),
    Case(
      name: "json scalars and nested values", format: .json,
      input: "[{\"a\": null, \"b\": -1.5e3, \"c\": [1, {\"d\": \"e f\"}], \"e\": false}]",
      columns: ["a", "b", "c", "e"], rows: [["", "-1.5e3", "[1,{\"d\":\"e f\"}]", "false"]]),
    Case(
      name: "json surrogate pair", format: .json, input: "[\"\\ud83d\\ude00\", \"\\ud800\"]",
      columns: ["title"], rows: [["😀"], ["\u{FFFD}"]]),
    Case(
      name: "json lines", format: .jsonl, input: "{\"name\":\"a\"}\r\n\n{\"name\":\"b\",\"kind\":\"k\"}\n",
      columns: ["name", "kind"], rows: [["a", ""], ["b", "k"]]),
    Case(
      name: "json lines of strings", format: .jsonl, input: "\"a\"\n\"b\"", columns: ["title"],
      rows: [["a"], ["b"]]),
  ]

  @Test(arguments: cases)
  func loads(_ testCase: Case) throws {
    let result = try DataFixture.load(testCase.input, format: testCase.format)
    #expect(result.dataset.columns == testCase.columns)
    #expect(DataFixture.rows(result.dataset) == testCase.rows)
  }

  struct SniffCase: Sendable {
    let input: String
    let format: DataFormat
  }

  @Test(arguments: [
    SniffCase(input: "  [\"a\"]", format: .json), SniffCase(input: "\u{FEFF}{\"a\":1}\n", format: .jsonl),
    SniffCase(input: "a,b\n", format: .text), SniffCase(input: "", format: .text),
    SniffCase(input: "{\n  \"items\": [{\"a\": 1}]\n}\n", format: .json),
    SniffCase(input: "{\"a\": \"}\\\"\\n{\"}\n{\"a\": 2}\n", format: .jsonl),
    SniffCase(input: "{\"items\": [{\"a\": [1,\n2]}]}\n", format: .json),
  ])
  func sniffsFormatWithoutExtension(_ testCase: SniffCase) throws {
    #expect(try DataFixture.load(testCase.input, format: nil).format == testCase.format)
  }

  struct ExtensionCase: Sendable {
    let path: String
    let format: DataFormat?
  }

  @Test(arguments: [
    ExtensionCase(path: "a.txt", format: .text), ExtensionCase(path: "dir.v2/a.CSV", format: .csv),
    ExtensionCase(path: "a.tsv", format: .tsv), ExtensionCase(path: "a.json", format: .json),
    ExtensionCase(path: "a.ndjson", format: .jsonl), ExtensionCase(path: "a.jsonl", format: .jsonl),
    ExtensionCase(path: "dir.v2/README", format: nil), ExtensionCase(path: "a.log", format: nil),
  ])
  func choosesFormatByExtension(_ testCase: ExtensionCase) {
    #expect(DataFormat.forPath(testCase.path) == testCase.format)
  }

  @Test func detectsTitleAndScopeColumns() throws {
    let result = try DataFixture.load("id,Kind,Title\n1,b,x\n2,a,y\n3,b,z\n", format: .csv)
    #expect(result.dataset.titleColumn == 2)
    #expect(result.dataset.scopeColumn == 1)
    #expect(result.dataset.scopeTitles == ["All", "b", "a"])
    #expect(result.dataset.rowScopes == [1, 2, 1])
  }

  @Test func prefersCategoryOverTypeAndTitlesByTheTextColumn() throws {
    let result = try DataFixture.load("code,type,category\n1,t,c\n", format: .csv)
    #expect(result.dataset.titleColumn == 1)
    #expect(result.dataset.scopeColumn == 2)
  }

  /// With no column named like a title, the title is the column that names its rows best: not
  /// an id, a number, a date or a category; the first when no column holds text.
  @Test(arguments: [
    ("id,category,text\n1,fruit,green apple\n2,fruit,red apple\n3,veg,carrot\n", 2),
    ("uuid,when,label\n0c9e4a3e-9d7b-4c37-8f15-2b9a7d0c1e55,2024-01-05,Alpha\n", 2),
    ("userId,city\nab12,Oslo\ncd34,Rome\n", 1),
    ("a,b\n1,2\n3,4\n", 0),
    ("codes,coordinates,TZ\nFR,+4852+00220,Europe/Paris\nDE,+5230+01322,Europe/Berlin\n", 2),
  ])
  func titlesByTheColumnThatNamesItsRows(_ csv: String, _ title: Int) throws {
    let result = try DataFixture.load(csv, format: .csv)
    #expect(result.dataset.titleColumn == title)
  }

  @Test func callerOverridesColumnRoles() throws {
    let csv = Array("name,category,group\nx,c,g\n".utf8)
    let result = try DataFixture.load(csv, format: .csv, title: .named("GROUP"), scope: .none)
    #expect(result.dataset.titleColumn == 2)
    #expect(result.dataset.scopeColumn == nil)
    #expect(result.dataset.scopeTitles == ["All"])
    let error = DataFixture.error { try DataFixture.load(csv, format: .csv, scope: .named("colour")) }
    #expect(error == .unknownColumn("colour", columns: ["name", "category", "group"]))
    #expect(error?.description == "Unknown column 'colour'. Columns: name, category, group")
  }

  @Test func bundledEntryPointStillLoadsCandies() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("datasets")
    let dataset = try DatasetLoader.load(
      path: directory.appendingPathComponent("candies.tsv").path, name: "candies",
      source: .bundled("candies"),
      presets: DatasetPresets(title: "Candy Search"), titleColumn: "name", scopeColumn: "category",
      scopeTitles: ["All", "Chocolate", "Hard", "Other"])
    #expect(dataset.rowCount == 9)
    #expect(dataset.title(0) == "chocolate Bar")
    #expect(dataset.scopeTitles == ["All", "Chocolate", "Hard", "Other"])
  }

  @Test func bundledLanguagesHasItsScopeBarFromTheData() throws {
    let dataset = try SessionFixture.catalog.load("languages")
    #expect(dataset.rowCount == 7910)
    #expect(dataset.columns == ["name", "type", "code", "scope"])
    #expect(
      dataset.scopeTitles == ["All", "Living", "Extinct", "Ancient", "Constructed", "Historical", "Special"])
  }

  @Test func invalidUTF8IsOneWarningCountingLines() throws {
    var bytes = Array("ok\n".utf8)
    bytes += [0x62, 0xFF, 0x0A]  // line 2: one bad byte
    bytes += [0xC3, 0x28, 0x20, 0xE2, 0x82, 0x0A]  // line 3: two bad sequences, one line
    bytes += Array("fine\n".utf8)
    let result = try DataFixture.load(bytes, format: .text)
    #expect(result.warnings == ["Invalid UTF-8 replaced with U+FFFD on 2 lines"])
    #expect(DataFixture.rows(result.dataset) == [["ok"], ["b\u{FFFD}"], ["\u{FFFD}( \u{FFFD}"], ["fine"]])
  }

  @Test func invalidUTF8InCSVCountsTheLineOfEachCell() throws {
    let bytes = Array("a,b\n".utf8) + [0xFF, 0x2C, 0xFE, 0x0A] + [0x78, 0x2C, 0xC0, 0x0A]
    let result = try DataFixture.load(bytes, format: .csv)
    #expect(result.warnings == ["Invalid UTF-8 replaced with U+FFFD on 2 lines"])
  }

  @Test func extraFieldsAreDroppedWithOneWarning() throws {
    let result = try DataFixture.load("a,b\n1,2,3\n4,5\n6,7,8,9\n", format: .csv)
    #expect(DataFixture.rows(result.dataset) == [["1", "2"], ["4", "5"], ["6", "7"]])
    #expect(result.warnings == ["2 rows have more fields than the header; the extra fields were dropped"])
  }

  @Test(arguments: [DataFormat.text, .csv, .tsv, .json, .jsonl])
  func refusesNULBytes(_ format: DataFormat) {
    let bytes = Array("[\"a\"]\n".utf8) + [0x00] + Array("b\n".utf8)
    let error = DataFixture.error { try DataFixture.load(bytes, format: format, label: "x.bin") }
    #expect(error == .binaryFile("x.bin"))
    #expect(error?.description == "'x.bin' looks binary (it contains NUL bytes)")
  }

  @Test func reportsMissingFilesAndDirectories() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing.csv").path
    #expect(DataFixture.error { try DataFixture.loadFile(missing) } == .fileNotFound(missing))
    #expect(DataFixture.error { try DataFixture.loadFile(directory.path) } == .isDirectory(directory.path))
  }

  @Test(.enabled(if: geteuid() != 0, "root reads files whatever their permissions"))
  func reportsUnreadableFiles() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("secret.txt").path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("a\n".utf8), attributes: [.posixPermissions: 0])
    #expect(
      DataFixture.error { try DataFixture.loadFile(path) }
        == .unreadableFile(path, reason: "permission denied"))
  }

  @Test func parsesAcrossChunkBoundaries() throws {
    // A quoted field, a multi-byte character and a CRLF straddling the 256 KiB chunk edge.
    let filler = String(repeating: "x", count: ByteStream.chunkSize - 12)
    let csv = "a,b\n\(filler),\"q\"\"é\nz\"\r\nlast,row\r\n"
    let result = try DataFixture.load(csv, format: .csv)
    #expect(DataFixture.rows(result.dataset) == [[filler, "q\"é\nz"], ["last", "row"]])
  }

  @Test func reportsProgressAndHonoursCancellation() throws {
    let bytes = Array(String(repeating: "row\n", count: 200_000).utf8)
    nonisolated(unsafe) var reports: [(Int, Int?)] = []
    let result = try DataFixture.load(
      bytes, format: .text, control: LoadControl(progress: { reports.append(($0, $1)) }))
    #expect(result.dataset.rowCount == 200_000)
    #expect(reports.count >= 3)
    #expect(reports.last?.0 == bytes.count)
    #expect(reports.allSatisfy { $0.1 == bytes.count })
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.0 <= $1.0 })

    nonisolated(unsafe) var chunks = 0
    let cancelling = LoadControl(progress: { _, _ in chunks += 1 }, isCancelled: { chunks >= 2 })
    let error = DataFixture.error {
      try DataFixture.load(bytes, format: .text, label: "big.txt", control: cancelling)
    }
    #expect(error == .loadCancelled("big.txt"))
    #expect(error?.description == "Loading 'big.txt' was cancelled; the previous dataset stays")
  }
}
