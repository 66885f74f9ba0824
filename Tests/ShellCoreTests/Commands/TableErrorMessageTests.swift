import Testing

@testable import ShellCore
@testable import Tables

/// The shell's lines for the tables tier's errors: each `TableError` keeps its case and payload
/// on the way, and its message is written once, in `ShellError`.
struct TableErrorMessageTests {
  @Test func aMalformedFileIsOneLineNamingThePlace() {
    let error = ShellError(
      TableError.malformedFile("data.csv", line: 3, column: 7, reason: "unterminated quoted field"))
    #expect(error == .malformedFile("data.csv", line: 3, column: 7, reason: "unterminated quoted field"))
    #expect(error.description == "Malformed file 'data.csv':3:7: unterminated quoted field")
  }
}
