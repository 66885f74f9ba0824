import Testing

@testable import Engine
@testable import ShellCore

/// `{name}` substitution: parameters, literal braces, and unset names before anything runs.
struct ScriptParameterTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let line: String
    let expected: String?
    var testDescription: String { line }
  }

  static let parameters = ["q": "ger", "row": "2", "long_name-1": "x"]

  static let cases: [Case] = [
    Case(line: "search {q}", expected: "search ger"),
    Case(line: "expect row {row} {q}{q}", expected: "expect row 2 gerger"),
    Case(line: "echo {long_name-1}", expected: "echo x"),
    Case(line: "echo {{q}", expected: "echo {q}"),
    Case(line: "echo { q } {} {1a} {", expected: "echo { q } {} {1a} {"),
    Case(line: "echo {unset}", expected: nil),
  ]

  @Test(arguments: cases)
  func substitutes(_ example: Case) {
    let result = try? Script.substitute(example.line, parameters: Self.parameters)
    #expect(result == example.expected)
  }

  @Test func escapingRoundTrips() throws {
    for line in ["search {q}", "echo {{", "set title {a}{b}"] {
      #expect(try Script.substitute(Script.escaped(line), parameters: [:]) == line)
    }
  }

  @Test func anUnsetParameterNamesItsLineAndCommentsAreLeftAlone() {
    #expect(throws: ShellError.unsetParameter("who", script: "s.txt", line: 3)) {
      try Script(text: "# {not a parameter}\necho hi\necho {who}\n", name: "s.txt", parameters: [:])
    }
    #expect(
      ShellError.unsetParameter("who", script: "s.txt", line: 3).description
        == "Parameter 'who' is not set (line 3 of 's.txt'). Pass --param who=VALUE")
  }
}
