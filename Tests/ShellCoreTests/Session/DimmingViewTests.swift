import Testing

@testable import ShellCore
@testable import UIKitModel

/// With obscuresBackgroundDuringPresentation, or always in the display flavor, a tap on the dimmed
/// table ends the search instead of selecting.
struct DimmingViewTests {
  @Test(arguments: ["select 3", "detail 3"])
  func tapOnDimmedTableDismissesAndSelectsNothing(_ command: String) throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("set obscures on", "pull", "focus")
    #expect(fixture.session.screen.isDimmed)
    let printed = fixture.run(command)
    #expect(printed.errors == [])
    #expect(
      printed.output.first
        == "The tap landed on the dimming view: the search ended and no row was selected")
    #expect(fixture.session.screen.state.isActive == false)
    #expect(fixture.session.screen.state.selectedItem == nil)
    #expect(fixture.session.screen.lastCallbacks.map(\.name).first == .willDismissSearchController)
  }

  /// A table that filters itself stays dimmed for the whole search: its filtered rows show
  /// through, and the first tap only ends the search (the fruit example's double tap).
  @Test func inlineTableStaysDimmedAfterTypingSoTheFirstTapEndsTheSearch() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    let typed = fixture.run("set obscures on", "pull", "search ap")
    #expect(typed.output.contains("results table · 4 of 16 · dimmed"))
    let first = fixture.run("select 2")
    #expect(
      first.output.first == "The tap landed on the dimming view: the search ended and no row was selected")
    #expect(!fixture.session.screen.state.isActive)
    #expect(fixture.run("select 2").output.last == "Selected row 2: Oranges")
  }

  /// A separate results controller covers the dimming view once there is text: its rows take the tap.
  @Test func separateResultsAfterTypingTakeTheTap() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let printed = fixture.run("set results separate", "set obscures on", "search ger", "select 1")
    #expect(printed.output.last == "Selected row 1: Algeria")
    #expect(fixture.session.screen.state.isActive)
  }

  @Test(arguments: ["candies", "recipes"])
  func displayControllerDimsWhileActiveWithEmptyText(_ dataset: String) throws {
    let fixture = try SessionFixture(dataset: dataset)
    #expect(!fixture.session.screen.isDimmed)
    let printed = fixture.run("focus")
    #expect(fixture.session.screen.isDimmed)
    #expect(printed.output.contains { $0.hasSuffix("· dimmed") })
    fixture.run("type c")
    #expect(!fixture.session.screen.isDimmed)
  }

  /// `load candies`, `focus`, `select 2`: the tap ends the search (setActive(false)), as the
  /// lifecycle contract's display table says, and "chocolate Chip" is not selected.
  @Test func displayTapOnDimmedTableEndsTheSearch() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let printed = fixture.run("load candies", "focus", "select 2")
    #expect(printed.errors == [])
    #expect(
      printed.output.contains(
        "The tap landed on the dimming view: the search ended and no row was selected"))
    #expect(!printed.output.contains { $0.hasPrefix("Selected row") })
    #expect(
      fixture.session.screen.lastCallbacks.map(\.name) == [
        .willEndSearch, .searchBarShouldEndEditing, .searchBarTextDidEndEditing, .didEndSearch,
      ])
    #expect(fixture.session.screen.state == SearchState())
    let status = fixture.run("status").output
    #expect(status.contains("active: false"))
    #expect(status.contains("selected: none"))
  }

  @Test func displayTapAfterTypingSelectsFromTheResultsTable() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let printed = fixture.run("focus", "type c", "select 2")
    #expect(printed.output.contains("Selected row 2: chocolate Chip"))
    #expect(fixture.session.screen.lastCallbacks.map(\.name) == [.didSelectRow, .prepareForSegue])
  }

  @Test func obscuresIsRefusedInTheDisplayFlavorWithTheReason() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let before = fixture.session.screen.settings
    let printed = fixture.run("set obscures on")
    #expect(printed.output == [])
    #expect(printed.errors.count == 1)
    #expect(printed.errors.first?.contains("Cannot change 'obscures' in the display flavor") == true)
    #expect(printed.errors.first?.contains("always dims") == true)
    #expect(fixture.session.screen.settings == before)
    // Setting the value it has changes nothing and is accepted (a recording's header replays it).
    #expect(fixture.run("set obscures off").errors == [])
  }

  @Test func switchingToTheDisplayFlavorTurnsObscuresOff() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("set obscures on", "set flavor display")
    #expect(fixture.session.screen.settings.lifecycle.obscures == false)
    #expect(fixture.run("set obscures").output == ["obscures: off  [changed]  (on|off)"])
  }
}
