import Testing

@testable import ShellCore

/// A selection is a row of the table on screen: `status` and `expect selected` forget it once
/// the app shows other rows (another table, or the list filtered again), as reloadData does.
struct SelectionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var dataset: String
    var commands: [String]
    var selected: String
    var testDescription: String { "\(dataset): \(commands.joined(separator: "; "))" }
  }

  @Test(arguments: [
    Case(dataset: "countries", commands: ["search ger", "select 2"], selected: "\"Germany\""),
    Case(dataset: "countries", commands: ["search ger", "select 2", "submit"], selected: "\"Germany\""),
    Case(dataset: "countries", commands: ["search ger", "select 2", "cancel"], selected: "none"),
    Case(dataset: "countries", commands: ["search ger", "select 2", "type m"], selected: "none"),
    Case(dataset: "countries", commands: ["select 3"], selected: "\"Albania\""),
    Case(dataset: "countries", commands: ["select 3", "focus"], selected: "none"),
    Case(dataset: "candies", commands: ["type c", "select 2", "backspace"], selected: "none"),
    Case(dataset: "candies", commands: ["type c", "select 2", "scope Hard"], selected: "none"),
    Case(dataset: "candies", commands: ["type c", "detail 2", "back"], selected: "\"chocolate Chip\""),
    Case(dataset: "fruits", commands: ["select 4", "pull", "focus"], selected: "\"Grapes\""),
  ])
  func statusShowsOnlyARowOfTheTableOnScreen(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: example.dataset)
    for command in example.commands { #expect(fixture.run(command).errors == []) }
    #expect(fixture.run("status").output.last == "selected: \(example.selected)")
  }

  /// The old selection was the table's, not the dataset's: a new table starts with none.
  @Test func detailAfterTheTableChangedAsksForARow() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("search ger", "select 2", "cancel")
    #expect(
      fixture.run("detail").errors == ["error: No row is selected. Use 'select ROW' first, or 'detail ROW'"])
  }
}
