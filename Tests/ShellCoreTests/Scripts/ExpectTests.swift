import Testing

@testable import ShellCore

/// Each `expect` form, passing silently and failing with what it wanted and what it found.
struct ExpectTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let command: String
    let error: String?
    var testDescription: String { command }

    init(_ command: String, _ error: String? = nil) {
      self.command = command
      self.error = error
    }
  }

  /// Candies after `scope Hard`, `type c`, `select 1`: one result, candy cane, selected.
  static let cases: [Case] = [
    Case("expect count 1"),
    Case("expect count 9", "Expected count '9', found '1'"),
    Case("expect shown results"),
    Case("expect shown main", "Expected shown 'main', found 'results'"),
    Case(
      "expect shown sideways", "Invalid value 'sideways' for 'expect shown'. Expected 'main' or 'results'"),
    Case("expect active true"),
    Case("expect active false", "Expected active 'false', found 'true'"),
    Case("expect row 1 candy cane"),
    Case("expect row 1 lollipop", "Expected row 1 'lollipop', found 'candy cane'"),
    Case("expect row 2 lollipop", "Expected row 2 'lollipop', found 'only 1 row'"),
    Case("expect row x lollipop", "Invalid row number 'x': rows are numbered from 1"),
    Case("expect selected candy cane"),
    Case("expect selected none", "Expected selected 'none', found 'candy cane'"),
    Case("expect callbacks tableView(_:didSelectRowAt:)"),
    Case("expect callbacks didSelectRow"),
    Case("expect callbacks none", "Expected callbacks 'none', found 'tableView(_:didSelectRowAt:)'"),
    Case(
      "expect callbacks searchBarTextDidChange, didSelectRow",
      "Expected callbacks 'searchBar(_:textDidChange:), tableView(_:didSelectRowAt:)', found 'tableView(_:didSelectRowAt:)'"
    ),
    Case("expect callbacks didSelectRows", "Unknown callback 'didSelectRows'. Did you mean 'didSelectRow'?"),
    Case(
      "expect size 1",
      "Invalid value 'size' for 'expect'. Expected 'count', 'shown', 'active', 'row', 'selected' or 'callbacks'"
    ),
  ]

  @Test(arguments: cases)
  func expectation(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.run("scope Hard", "type c", "select 1")
    let before = (state: fixture.session.state, callbacks: fixture.session.lastCallbacks)
    let printed = fixture.run(example.command)
    #expect(printed.output == [])
    #expect(printed.errors == example.error.map { ["error: " + $0] } ?? [])
    #expect(fixture.session.state == before.state)
    #expect(fixture.session.lastCallbacks == before.callbacks)
  }
}
