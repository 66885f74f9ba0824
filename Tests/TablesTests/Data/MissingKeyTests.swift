import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// A key a row's object lacked is missing, not `""`: JSON export leaves it out, an empty string
/// the file gave stays, and the other formats write an empty cell as before.
struct MissingKeyTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    var format: DataFormat = .json
    /// Per row, the columns it lacks.
    let missing: [[Int]]
    let jsonl: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a key one row lacks", input: #"[{"a": "x", "b": ""}, {"a": "y"}]"#, missing: [[], [1]],
      jsonl: [#"{"a": "x", "b": ""}"#, #"{"a": "y"}"#]),
    Case(
      name: "a key first met on a later row", input: #"[{"a": "x"}, {"a": "y", "b": 2}]"#,
      missing: [[1], []],
      jsonl: [#"{"a": "x"}"#, #"{"a": "y", "b": 2}"#]),
    Case(
      name: "an empty object lacks every key", input: #"[{}, {"a": "y"}]"#, missing: [[0], []],
      jsonl: ["{}", #"{"a": "y"}"#]),
    Case(
      name: "JSON Lines too", input: "{\"a\": 1}\n{\"b\": true}\n", format: .jsonl, missing: [[1], [0]],
      jsonl: [#"{"a": 1}"#, #"{"b": true}"#]),
    Case(
      name: "null is a value, not a missing key", input: #"[{"a": null}, {"a": "z"}]"#, missing: [[], []],
      jsonl: [#"{"a": ""}"#, #"{"a": "z"}"#]),
    Case(
      name: "a CSV's short row is empty cells", input: "a,b\nx\n", format: .csv, missing: [[]],
      jsonl: [#"{"a": "x", "b": ""}"#]),
  ]

  @Test(arguments: cases)
  func aMissingKeyStaysMissing(_ example: Case) throws {
    let dataset = try DataFixture.load(example.input, format: example.format).dataset
    let missing = (0..<dataset.rowCount).map { row in
      dataset.columns.indices.filter { dataset.missing.contains(row: row, column: $0) }
    }
    #expect(missing == example.missing)
    var lines: [String] = []
    try RowWriter(dataset: dataset, format: .jsonl, terminalSafe: false).write(rows: 0..<dataset.rowCount) {
      (line: String) throws(TableError) in lines.append(line)
    }
    #expect(lines == example.jsonl)
  }

  @Test func storedBitsComeBackAndBitsPastTheLastRowAreRefused() {
    var cells = MissingCells()
    cells.mark(row: 70, column: 1)
    cells.mark(rows: 0..<3, column: 0)
    let words = cells.words(columnCount: 2, rowCount: 71)
    #expect(words.count == 4)
    let restored = words.withUnsafeBufferPointer { MissingCells(words: $0, columnCount: 2, rowCount: 71) }
    #expect(restored == cells)
    let past = [UInt64](repeating: 0, count: 3) + [1 << 8]
    #expect(past.withUnsafeBufferPointer { MissingCells(words: $0, columnCount: 2, rowCount: 71) } == nil)
    #expect(words.withUnsafeBufferPointer { MissingCells(words: $0, columnCount: 3, rowCount: 71) } == nil)
  }
}
