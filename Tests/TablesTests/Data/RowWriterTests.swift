import TablesTestSupport
import Testing

@testable import Tables

/// The exact text of each output format.
struct RowWriterTests {
  static let source = "name,note\n\"a,b\",\"say \"\"x\"\"\"\nc|d,\"e\nf\\g\th\"\n"

  struct Case: Sendable, CustomTestStringConvertible {
    let format: OutputFormat
    let records: [String]
    var testDescription: String { format.rawValue }
  }

  static let cases: [Case] = [
    Case(format: .plain, records: ["a,b", "c|d"]),
    Case(format: .csv, records: ["name,note", "\"a,b\",\"say \"\"x\"\"\"", "c|d,\"e\nf\\g\th\""]),
    Case(format: .tsv, records: ["name\tnote", "a,b\tsay \"x\"", "c|d\te\\nf\\\\g\\th"]),
    Case(
      format: .json,
      records: [
        "[", "  {\"name\": \"a,b\", \"note\": \"say \\\"x\\\"\"},",
        "  {\"name\": \"c|d\", \"note\": \"e\\nf\\\\g\\th\"}", "]",
      ]),
    Case(
      format: .jsonl,
      records: [
        "{\"name\": \"a,b\", \"note\": \"say \\\"x\\\"\"}",
        "{\"name\": \"c|d\", \"note\": \"e\\nf\\\\g\\th\"}",
      ]),
    Case(
      format: .markdown,
      records: ["| name | note |", "| --- | --- |", "| a,b | say \"x\" |", "| c\\|d | e<br>f\\\\g\th |"]),
    Case(
      format: .table, records: ["name  note", "----  ---------", "a,b   say \"x\"", "c|d   e\\nf\\g\\th"]),
  ]

  @Test(arguments: cases)
  func writesEachFormatExactly(_ testCase: Case) throws {
    let dataset = try DataFixture.load(Self.source, format: .csv).dataset
    let writer = RowWriter(dataset: dataset, format: testCase.format, terminalSafe: false)
    #expect(writer.records(rows: [0, 1]) == testCase.records)
  }

  @Test func emptyJSONIsAnEmptyArray() throws {
    let dataset = try DataFixture.load(Self.source, format: .csv).dataset
    #expect(RowWriter(dataset: dataset, format: .json, terminalSafe: false).records(rows: []) == ["[]"])
  }

  @Test func terminalSafeOutputEscapesControlCharactersButStaysParseable() throws {
    let dataset = try DataFixture.load("name,note\n\"\u{1B}[31mred\",\"a\nb\"\n", format: .csv).dataset
    let csv = RowWriter(dataset: dataset, format: .csv, terminalSafe: true).records(rows: [0])
    #expect(csv == ["name,note", "\\e[31mred,a\\nb"])
    let plain = RowWriter(dataset: dataset, format: .plain, terminalSafe: true).records(rows: [0])
    #expect(plain == ["\\e[31mred"])
    let json = RowWriter(dataset: dataset, format: .json, terminalSafe: true).records(rows: [0])
    #expect(json[1] == "  {\"name\": \"\\u001b[31mred\", \"note\": \"a\\nb\"}")
    let table = RowWriter(dataset: dataset, format: .table, terminalSafe: false).records(rows: [0])
    #expect(table.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
  }

  @Test func tableClipsLongCellsAndCountsWideCharacters() throws {
    let long = String(repeating: "x", count: 60)
    let dataset = try DataFixture.load("name,n\n\(long),1\n日本,2\n", format: .csv).dataset
    var writer = RowWriter(dataset: dataset, format: .table, terminalSafe: true)
    writer.maximumTableWidth = 10
    #expect(
      writer.records(rows: [0, 1]) == ["name        n", "----------  -", "xxxxxxxxx…  1", "日本        2"])
  }
}
