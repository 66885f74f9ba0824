import Testing

@testable import ShellCore

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
      format: .json, input: "{\"a\": 1}", line: 1, column: 1,
      reason: "expected '[' to start an array of rows, found '{'"),
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
      format: .json, input: "[[1]]", line: 1, column: 2,
      reason: "expected a string or an object, found an array"),
    Case(format: .json, input: "[\"ab", line: 1, column: 2, reason: "unterminated string"),
    Case(
      format: .json, input: "[\"a\tb\"]", line: 1, column: 4,
      reason: "control character in a string (write it as an escape such as '\\n')"),
    Case(
      format: .json, input: "[{\"a\" 1}]", line: 1, column: 7, reason: "expected ':' after a key, found '1'"),
    Case(format: .json, input: "[{\"a\": tru}]", line: 1, column: 11, reason: "expected 'true', found '}'"),
    Case(format: .json, input: "[{\"a\": 01}]", line: 1, column: 9, reason: "invalid number '01'"),
    Case(format: .json, input: "[\"\\x\"]", line: 1, column: 4, reason: "invalid escape '\\x'"),
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
    let error = DataFixture.error {
      try DataFixture.load(Array(testCase.input.utf8), format: testCase.format, label: "f")
    }
    #expect(
      error == .malformedFile("f", line: testCase.line, column: testCase.column, reason: testCase.reason))
  }

  @Test func messageIsOneLineNamingThePlace() {
    let error = ShellError.malformedFile("data.csv", line: 3, column: 7, reason: "unterminated quoted field")
    #expect(error.description == "Malformed file 'data.csv':3:7: unterminated quoted field")
  }
}
