import Testing

@testable import ShellCore

/// With obscuresBackgroundDuringPresentation, a tap on the dimmed table dismisses instead of selecting.
struct DimmingViewTests {
  @Test(arguments: ["select 3", "detail 3"])
  func tapOnDimmedTableDismissesAndSelectsNothing(_ command: String) throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("set obscures on", "focus")
    #expect(fixture.session.isDimmed)
    let printed = fixture.run(command)
    #expect(printed.errors == [])
    #expect(
      printed.output.first
        == "The tap landed on the dimming view: the search was dismissed and no row was selected")
    #expect(fixture.session.state.isActive == false)
    #expect(fixture.session.state.selectedItem == nil)
    #expect(fixture.session.lastCallbacks.map(\.name).first == .willDismissSearchController)
  }

  @Test func tapAfterTypingSelectsTheRow() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    let printed = fixture.run("set obscures on", "search ap", "select 2")
    #expect(printed.output.last == "Selected row 2: Grapes")
    #expect(fixture.session.state.isActive)
  }
}
