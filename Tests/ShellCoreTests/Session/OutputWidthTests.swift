import Testing

@testable import ShellCore

/// Teaching output follows the output width: one line per callback and the full diagram when
/// they fit, wrapped lines and the compact diagram when they do not.
struct OutputWidthTests {
  static let commands = [
    "trace on", "focus", "type ge", "select 2", "cancel", "trace state", "focus", "cancel", "trace off",
    "explain", "diagram", "set", "help", "help expect", "datasets", "demo",
  ]

  @Test(arguments: [40, 60, 80, 100])
  func everyLineFitsTheWidth(width: Int) throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.session.hooks.terminalSize = { (width, 50) }
    var all: [String] = []
    for command in Self.commands { all += fixture.run(command).output }
    #expect(all.count > 100)
    for line in all where TextWrapper.displayWidth(line) > width {
      Issue.record("\(TextWrapper.displayWidth(line)) > \(width): \(line)")
    }
  }

  @Test func aWideTerminalKeepsOneLinePerCallbackAndTheFullDiagram() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.session.hooks.terminalSize = { (300, 50) }
    let traced = fixture.run("trace all", "focus").output
    #expect(
      traced.first
        == "  searchBarShouldBeginEditing(_:) -> true  (ViewController: not implemented)  [isActive: false, text: \"\", firstResponder: false, shown: main]"
    )
    let diagram = fixture.run("trace off", "diagram").output
    #expect(diagram.first?.hasPrefix("User   UISearchBar") == true)
    #expect(fixture.run("set").output.first?.contains("controller|display|custom") == true)
  }

  @Test func eightyColumnsWrapTheTraceAndDrawTheCompactDiagram() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let traced = fixture.run("trace all", "focus").output
    #expect(
      traced.prefix(2) == [
        "  searchBarShouldBeginEditing(_:) -> true  (ViewController: not implemented)",
        "      [isActive: false, text: \"\", firstResponder: false, shown: main]",
      ])
    fixture.run("type ge")
    let diagram = fixture.run("trace off", "diagram").output
    #expect(diagram.first == "SB = UISearchBar, VC = ViewController, SC = UISearchController")
    #expect(diagram.contains("  |    |--->|    |  searchBarTextDidBeginEditing(_:)"))
    #expect(diagram.allSatisfy { TextWrapper.displayWidth($0) <= 80 })
  }

  /// A diagram written to a file keeps the full layout: a file has no width.
  @Test func diagramFileKeepsTheFullLayout() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("type ge")
    let diagram = SequenceDiagram(steps: fixture.session.scripting.diagram.steps)
    #expect(diagram.ascii().contains { TextWrapper.displayWidth($0) > 80 })
    #expect(diagram.ascii(width: 80).allSatisfy { TextWrapper.displayWidth($0) <= 80 })
    #expect(diagram.ascii(width: 1000) == diagram.ascii())
  }
}
