import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// Malformed CSV and JSON: one error naming the file, the line and the column where parsing stopped.
struct MalformedFileTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let format: DataFormat
    let input: String
    let line: Int
    let column: Int
    let reason: String
    var testDescription: String { "\(format): \(reason)" }
  }

  static let cases: [Case] = [
    Case(
      format: .csv, input: "a,b\n1,\"open\n2,3\n", line: 2, column: 3, reason: "unterminated quoted field"),
    Case(
      format: .csv, input: "a,b\n\"x\"y,2\n", line: 2, column: 4,
      reason: "unexpected text after a closing quote (a quote inside a quoted field is written '\"\"')"),
    Case(
      format: .csv, input: "a\r\n\"é\"é\r\n", line: 2, column: 4,
      reason: "unexpected text after a closing quote (a quote inside a quoted field is written '\"\"')"),
    Case(
      format: .json, input: "", line: 1, column: 1,
      reason: "unexpected end of file, expected a JSON array of rows"),
    Case(
      format: .json, input: "\"a\"", line: 1, column: 1,
      reason: "expected '[' to start an array of rows, found '\"'"),
    Case(
      format: .json, input: "[\n  \"a\",\n  \"b\"\n  \"c\"\n]", line: 4, column: 3,
      reason: "expected ',' or ']', found '\"'"),
    Case(
      format: .json, input: "[\"a\", {\"b\": 1}]", line: 1, column: 7,
      reason: "expected a string like the rows before, found an object"),
    Case(
      format: .json, input: "[{\"b\": 1}, \"a\"]", line: 1, column: 12,
      reason: "expected an object like the rows before, found '\"'"),
    Case(
      format: .json, input: "[[1], {\"a\": 1}]", line: 1, column: 7,
      reason: "expected an array like the rows before, found an object"),
    Case(format: .json, input: "[\"ab", line: 1, column: 2, reason: "unterminated string"),
    Case(
      format: .json, input: "[\"a\tb\"]", line: 1, column: 4,
      reason: "control character in a string (write it as an escape such as '\\n')"),
    Case(
      format: .json, input: "[{\"a\" 1}]", line: 1, column: 7, reason: "expected ':' after a key, found '1'"),
    Case(format: .json, input: "[{\"a\": tru}]", line: 1, column: 11, reason: "expected 'true', found '}'"),
    Case(format: .json, input: "[{\"a\": 01}]", line: 1, column: 9, reason: "invalid number '01'"),
    Case(format: .json, input: "[\"\\x\"]", line: 1, column: 4, reason: "invalid escape '\\x'"),
    Case(
      format: .json, input: "[\"\\\n\"]", line: 1, column: 4,
      reason: "invalid escape: '\\' followed by a line break"),
    Case(format: .json, input: "[\"a\"] x", line: 1, column: 7, reason: "unexpected 'x' after the array"),
    Case(
      format: .json, input: "[\"a\",", line: 1, column: 6, reason: "unexpected end of file, expected a row"),
    Case(
      format: .jsonl, input: "{\"a\":1}\n{\"a\":2} {\"a\":3}\n", line: 2, column: 9,
      reason: "expected a line break after a row, found '{'"),
    Case(
      format: .jsonl, input: "{\"a\":1}\n{\"a\":\n", line: 3, column: 1,
      reason: "unexpected end of file, expected a value"),
  ]

  @Test(arguments: cases)
  func reportsLineAndColumn(_ testCase: Case) {
    let error = DataFixture.tableError {
      try DataFixture.load(Array(testCase.input.utf8), format: testCase.format, label: "f")
    }
    #expect(
      error == .malformedFile("f", line: testCase.line, column: testCase.column, reason: testCase.reason))
  }
}

/// Bad data files of many kinds: each loads sensibly (with a warning where something was
/// repaired or dropped) or fails with one error; none traps or takes unbounded memory.
extension MalformedFileTests {
  enum Outcome: Sendable, Equatable {
    /// Loads these columns and rows, with these warnings.
    case loads(columns: [String], rows: [[String]], warnings: [String])
    /// Fails with this error.
    case fails(TableError)

    static func rows(_ rows: [[String]], columns: [String] = ["title"], warnings: [String] = []) -> Outcome {
      .loads(columns: columns, rows: rows, warnings: warnings)
    }
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    let name: String
    let format: DataFormat
    let bytes: [UInt8]
    let outcome: Outcome
    var testDescription: String { "\(format): \(name)" }

    init(_ name: String, _ format: DataFormat, _ text: String, _ outcome: Outcome) {
      self.init(name, format, Array(text.utf8), outcome)
    }

    init(_ name: String, _ format: DataFormat, _ bytes: [UInt8], _ outcome: Outcome) {
      self.name = name
      self.format = format
      self.bytes = bytes
      self.outcome = outcome
    }
  }

  static let invalid = "Invalid UTF-8 replaced with U+FFFD on"
  static let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
  static let digits = "1" + String(repeating: "0", count: 20_000)

  static let badFiles: [BadFile] = [
    // Text.
    BadFile("empty", .text, "", .rows([])),
    BadFile("only a byte-order mark", .text, "\u{FEFF}", .rows([])),
    BadFile("two byte-order marks", .text, "\u{FEFF}\u{FEFF}a", .rows([["\u{FEFF}a"]])),
    BadFile("CR-only lines", .text, "a\rb\r", .rows([["a"], ["b"]])),
    BadFile("mixed line ends", .text, "a\r\n\rb\n\r\n", .rows([["a"], [""], ["b"], [""]])),
    BadFile("only line breaks", .text, "\n\n\n", .rows([[""], [""], [""]])),
    BadFile(
      "invalid UTF-8", .text, [0x61, 0xFF, 0x62, 0x0A, 0xC0, 0x80, 0x0A],
      .rows([["a\u{FFFD}b"], ["\u{FFFD}\u{FFFD}"]], warnings: ["\(invalid) 2 lines"])),
    BadFile(
      "a truncated sequence at the end", .text, [0x61, 0xE2, 0x82],
      .rows([["a\u{FFFD}"]], warnings: ["\(invalid) 1 line"])),
    BadFile("UTF-16 with its mark", .text, [0xFF, 0xFE, 0x61, 0x00], .fails(.binaryFile("f"))),
    BadFile(
      "NUL far in", .text, Array(String(repeating: "a\n", count: 400_000).utf8) + [0],
      .fails(.binaryFile("f"))),
    BadFile(
      "a 1 MiB line", .text, String(repeating: "x", count: 1 << 20),
      .rows([[String(repeating: "x", count: 1 << 20)]])),
    // CSV.
    BadFile("empty", .csv, "", .rows([])),
    BadFile("a header only", .csv, "a,b", .rows([], columns: ["a", "b"])),
    BadFile("a byte-order mark", .csv, "\u{FEFF}a,b\r\n1,2", .rows([["1", "2"]], columns: ["a", "b"])),
    BadFile("short rows", .csv, "a,b,c\n1\n", .rows([["1", "", ""]], columns: ["a", "b", "c"])),
    BadFile(
      "long rows", .csv, "a\n1,2\n3\n",
      .rows(
        [["1"], ["3"]], columns: ["a"],
        warnings: ["1 row has more fields than the header; the extra fields were dropped"])),
    BadFile("CR-only lines", .csv, "a,b\r1,2\r", .rows([["1", "2"]], columns: ["a", "b"])),
    BadFile("blank lines", .csv, "a,b\n\n1,2\n\n\r\n", .rows([["1", "2"]], columns: ["a", "b"])),
    BadFile(
      "duplicate and empty names", .csv, "a,a,\n1,2,3\n",
      .rows(
        [["1", "2", "3"]], columns: ["a", "a_2", "column3"],
        warnings: ["Renamed empty or duplicate column names: 'a_2', 'column3'"])),
    BadFile(
      "a thousand equal names", .csv, String(repeating: "a,", count: 999) + "a\n",
      .rows(
        [], columns: ["a"] + (2...1000).map { "a_\($0)" },
        warnings: [
          "Renamed empty or duplicate column names: " + (2...11).map { "'a_\($0)'" }.joined(separator: ", ")
            + " and 989 more"
        ])),
    BadFile(
      "a name that takes a renamed one's place", .csv, "a,a,a_2\n",
      .rows(
        [], columns: ["a", "a_2", "a_2_2"],
        warnings: ["Renamed empty or duplicate column names: 'a_2', 'a_2_2'"])),
    BadFile("line breaks in quotes", .csv, "a\n\"x\r\ny\rz\"\n", .rows([["x\r\ny\rz"]], columns: ["a"])),
    BadFile(
      "a quote in an unquoted field", .csv, "a,b\nx\"y,2\n", .rows([["x\"y", "2"]], columns: ["a", "b"])),
    BadFile(
      "an unterminated quote", .csv, "a\n\"x",
      .fails(.malformedFile("f", line: 2, column: 1, reason: "unterminated quoted field"))),
    BadFile(
      "invalid UTF-8 in a name", .csv, [0xFF, 0x0A, 0x31],
      .rows([["1"]], columns: ["\u{FFFD}"], warnings: ["\(invalid) 1 line"])),
    // TSV.
    BadFile(
      "escapes", .tsv, "a\tb\n1\\t\\x\t\\0\\\\\n", .rows([["1\t\\x", "\u{0}\\"]], columns: ["a", "b"])),
    BadFile("a trailing backslash", .tsv, "a\nx\\", .rows([["x\\"]], columns: ["a"])),
    BadFile("CR-only lines", .tsv, "a\tb\r1\t2\r", .rows([["1", "2"]], columns: ["a", "b"])),
    // JSON.
    BadFile("an empty array", .json, "[]", .rows([])),
    BadFile(
      "whitespace only", .json, " \n ",
      .fails(
        .malformedFile(
          "f", line: 2, column: 2, reason: "unexpected end of file, expected a JSON array of rows"))),
    BadFile("a byte-order mark", .json, "\u{FEFF}[\"a\"]", .rows([["a"]])),
    BadFile(
      "scalars", .json, "[\"a\", 1, true, null, -0.5e3]", .rows([["a"], ["1"], ["true"], [""], ["-0.5e3"]])),
    BadFile("duplicate keys", .json, "[{\"a\": 1, \"a\": 2}]", .rows([["2"]], columns: ["a"])),
    BadFile(
      "objects before any key", .json, "[{}, {\"a\": \"x\"}, {}]", .rows([[""], ["x"], [""]], columns: ["a"])),
    BadFile("only empty objects", .json, "[{}, {}]", .rows([[""], [""]])),
    BadFile("deep nesting", .json, "[{\"a\": \(deep)}]", .rows([[deep]], columns: ["a"])),
    BadFile(
      "unclosed deep nesting", .json, "[{\"a\": " + String(repeating: "[", count: 50_000),
      .fails(.malformedFile("f", line: 1, column: 50_008, reason: "unexpected end of file, expected ']'"))),
    BadFile("a huge number", .json, "[{\"n\": \(digits)}]", .rows([[digits]], columns: ["n"])),
    BadFile("a huge exponent", .json, "[1e999999999]", .rows([["1e999999999"]])),
    BadFile("lone surrogates", .json, "[\"\\ud800x\\udc00\"]", .rows([["\u{FFFD}x\u{FFFD}"]])),
    BadFile("an escaped NUL", .json, "[\"a\\u0000b\"]", .rows([["a\u{0}b"]])),
    BadFile(
      "rows after the array", .json, "[\"a\"]\n[\"b\"]",
      .fails(.malformedFile("f", line: 2, column: 1, reason: "unexpected '[' after the array"))),
    // JSON Lines.
    BadFile("empty", .jsonl, "", .rows([])),
    BadFile("blank lines", .jsonl, "{\"a\":1}\n\n \n{\"a\":2}", .rows([["1"], ["2"]], columns: ["a"])),
    BadFile(
      "CRLF", .jsonl, "{\"a\":1}\r\n{\"b\":2}\r\n", .rows([["1", ""], ["", "2"]], columns: ["a", "b"])),
    BadFile(
      "a new key on every row", .jsonl, "{\"a\":1}\n{\"b\":2}\n{}\n{\"c\":3,\"a\":4}\n{\"d\":5,\"e\":6}\n",
      .rows(
        [
          ["1", "", "", "", ""], ["", "2", "", "", ""], ["", "", "", "", ""], ["4", "", "3", "", ""],
          ["", "", "", "5", "6"],
        ],
        columns: ["a", "b", "c", "d", "e"])),
    BadFile("strings", .jsonl, "\"x\"\n\"y\"\n", .rows([["x"], ["y"]])),
    BadFile(
      "mixed kinds", .jsonl, "{\"a\":1}\n\"x\"\n",
      .fails(
        .malformedFile("f", line: 2, column: 1, reason: "expected an object like the rows before, found '\"'")
      )),
  ]

  @Test(arguments: badFiles)
  func badFilesLoadOrFailCleanly(_ testCase: BadFile) {
    let outcome: Outcome
    do {
      let result = try DataFixture.load(testCase.bytes, format: testCase.format, label: "f")
      result.dataset.checkInvariants()
      outcome = .loads(
        columns: result.dataset.columns, rows: DataFixture.rows(result.dataset), warnings: result.warnings)
    } catch {
      outcome = .fails(error)
    }
    #expect(outcome == testCase.outcome)
    // Swift compares Strings by canonical equivalence: the bytes must match too.
    if case .loads(_, let rows, _) = outcome, case .loads(_, let expected, _) = testCase.outcome {
      #expect(rows.map { $0.map { Array($0.utf8) } } == expected.map { $0.map { Array($0.utf8) } })
    }
  }
}
