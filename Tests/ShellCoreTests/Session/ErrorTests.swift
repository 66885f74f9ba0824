import Testing

@testable import ShellCore

/// Every error is one line naming the problem and the token, and leaves the session as it was.
struct ErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let dataset: String
    let setup: [String]
    let command: String
    let message: String
    var testDescription: String { command }

    init(
      _ command: String, _ message: String, dataset: String = "candies",
      setup: [String] = ["search c", "select 1"]
    ) {
      self.dataset = dataset
      self.setup = setup
      self.command = command
      self.message = message
    }
  }

  static let cases: [Case] = [
    Case("serch x", "Unknown command 'serch'. Did you mean 'search'?"),
    Case("frobnicate", "Unknown command 'frobnicate'. Type 'help' for the list"),
    Case("search", "Missing argument for 'search'. Usage: search TEXT"),
    Case("type", "Missing argument for 'type'. Usage: type TEXT"),
    Case("focus now", "Unexpected argument 'now' for 'focus'. Usage: focus"),
    Case("select 1 2", "Unexpected argument '2' for 'select'. Usage: select ROW"),
    Case("select x", "Invalid row number 'x': rows are numbered from 1"),
    Case("select 0", "Row '0' is out of range: the results table has rows 1-6"),
    Case("select 8", "Row '8' is out of range: the results table has rows 1-6"),
    Case("detail 99", "Row '99' is out of range: the results table has rows 1-6"),
    Case("detail", "No row is selected. Use 'select ROW' first, or 'detail ROW'", setup: []),
    // The candy app's row tap pushes the detail (its segue): with no tap, none is open.
    Case("back", "No detail view is open", setup: ["search c"]),
    // The fruit example's bar starts scrolled out of sight: nothing to tap until 'pull'.
    Case(
      "focus", "Cannot run 'focus': the search bar is scrolled out of sight; 'pull' brings it into view",
      dataset: "fruits", setup: []),
    Case(
      "type a", "Cannot run 'type': the search bar is scrolled out of sight; 'pull' brings it into view",
      dataset: "fruits", setup: []),
    Case("scope Sour", "Unknown scope 'Sour'. Scopes: All, Chocolate, Hard, Other"),
    Case("scope 4", "Unknown scope '4'. Scopes: All, Chocolate, Hard, Other"),
    Case("scope Hard", "The dataset 'countries' has no scope bar", dataset: "countries", setup: []),
    Case("set colour on", "Unknown option 'colour'. Type 'set' for the list"),
    Case("set flavr custom", "Unknown option 'flavr'. Did you mean 'flavor'?"),
    Case("set live maybe", "Invalid value 'maybe' for 'live'. Expected 'on' or 'off'"),
    Case("set rule sometimes", "Invalid value 'sometimes' for 'rule'. Expected 'active' or 'text'"),
    Case("set flavor custom", "Cannot change 'flavor' while the search is active. Use 'cancel' first"),
    Case(
      "set flavor modern", "Invalid value 'modern' for 'flavor'. Expected 'controller', 'display' or 'custom'"
    ),
    Case("set page 0", "Invalid value '0' for 'page'. Expected 'auto' or a number of rows from 1 to 1000000"),
    Case(
      "set page 9223372036854775807",
      "Invalid value '9223372036854775807' for 'page'. Expected 'auto' or a number of rows from 1 to 1000000"),
    Case(
      "set page 99999999999999999999",
      "Invalid value '99999999999999999999' for 'page'. Expected 'auto' or a number of rows from 1 to 1000000"
    ),
    Case(
      "select 99999999999999999999",
      "Row '99999999999999999999' is out of range: the results table has rows 1-6"),
    Case(
      "select -99999999999999999999",
      "Row '-99999999999999999999' is out of range: the results table has rows 1-6"),
    Case(
      "select 9223372036854775807",
      "Row '9223372036854775807' is out of range: the results table has rows 1-6"),
    Case("select 1\\", "Nothing after '\\' at the end of '1\\': a backslash escapes the next character"),
    Case("select \"1", "Unterminated quote in '\"1'"),
    Case("select \"\u{301}1", "Unterminated quote in '\"\u{301}1'"),
    Case(
      "list 9223372036854775807",
      "Invalid value '9223372036854775807' for 'list'. Expected 'all' or a page from 1 to 1"),
    Case("backspace 0", "Invalid value '0' for 'backspace'. Expected a count above 0"),
    Case(
      "scope 9223372036854775807", "Unknown scope '9223372036854775807'. Scopes: All, Chocolate, Hard, Other"),
    Case("expect count x", "Invalid value 'x' for 'expect count'. Expected a number of rows"),
    Case(
      "expect row 99999999999999999999 a",
      "Expected row 99999999999999999999 'a', found 'only 6 rows'"),
    Case(
      "set scopes x\\,y",
      "Invalid value 'x\\,y' for 'scopes'. Expected two or more comma-separated titles ('\\,' for a comma in one)",
      setup: []),
    Case(
      "source /dev/zero", "'/dev/zero' is not a regular file (it is a character device)"),
    Case("trace loud", "Invalid value 'loud' for 'trace'. Expected 'on', 'all', 'off', 'json' or 'state'"),
    Case("load nowhere/missing.txt", "No such file 'nowhere/missing.txt'"),
    Case("load cndies", "No dataset or file named 'cndies'. Did you mean 'candies'?"),
    Case("load /", "'/' is a directory, not a file"),
    Case("search \"abc", "Unterminated quote in '\"abc'"),
    Case("submit", "The Search key is disabled while the search text is empty", setup: ["focus"]),
    Case("cancel", "There is no Cancel button: the search is not active", setup: []),
    Case(
      "clear",
      "There is nothing to clear: the search text is empty ('clear' clears the screen once the search is inactive; Ctrl-L now)",
      setup: ["focus"]),
    Case("backspace", "There is nothing to delete: the search text is empty", setup: []),
    Case("backspace -2", "Invalid value '-2' for 'backspace'. Expected a count above 0"),
    Case("list 9", "Invalid value '9' for 'list'. Expected 'all' or a page from 1 to 1"),
    Case("code visible true", "Invalid value 'visible' for 'code'. Expected 'active' or 'text'"),
    Case("quit now", "Unexpected argument 'now' for 'quit'. Usage: quit"),
  ]

  @Test(arguments: cases)
  func errorIsOneLineAndChangesNothing(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: example.dataset)
    for line in example.setup { fixture.session.execute(line) }
    #expect(fixture.console.errors == [])
    let session = fixture.session
    let before = (
      state: session.screen.state, dataset: session.screen.dataset.name, settings: session.screen.settings,
      history: session.history
    )
    let printed = fixture.run(example.command)
    #expect(printed.errors == ["error: " + example.message])
    #expect(printed.output == [])
    #expect(session.screen.state == before.state)
    #expect(session.screen.dataset.name == before.dataset)
    #expect(session.screen.settings == before.settings)
    #expect(session.history == before.history + [example.command])
    #expect(session.failureCount == 1)
  }
}
