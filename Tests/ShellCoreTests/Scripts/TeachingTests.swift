import Foundation
import Testing

@testable import ShellCore

/// `trace state`, `explain`, `diagram` and the walkthroughs, in process.
struct TeachingTests {
  @Test func traceStateIsOneTableRowPerReceivedCallbackWithMatches() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    // Wide enough for one line per callback; at 80 columns the compact table follows.
    fixture.session.hooks.terminalSize = { (200, 50) }
    fixture.run("pull")
    let printed = fixture.run("trace state", "type p")
    #expect(printed.output.first?.hasPrefix("  callback") == true)
    // The fruit app implements only the updater: one row for the tap in, one for the "p".
    let rows = printed.output.filter { $0.hasPrefix("  updateSearchResults(for:)") }
    #expect(rows.count == 2)
    #expect(!printed.output.contains { $0.contains("searchBarShouldBeginEditing") })
    #expect(rows.last?.hasSuffix("true      \"p\"   true            results  8") == true)
    fixture.session.hooks.terminalSize = nil
    let narrow = fixture.run("type i").output
    #expect(narrow.first == "  active  FR    shown    matches  text  callback")
    #expect(narrow.contains("  true    true  results  1        \"pi\"  updateSearchResults(for:)"))
    #expect(narrow.allSatisfy { TextWrapper.displayWidth($0) <= 80 })
  }

  @Test func mermaidDiagramDrawsWhatTheAppReceives() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("focus")
    let diagram = SequenceDiagram(steps: fixture.session.scripting.diagram.steps)
    #expect(
      diagram.mermaid() == [
        "sequenceDiagram", "  actor User", "  participant UISearchBar", "  participant ViewController",
        "  participant UISearchController", "  User->>UISearchBar: focus",
        "  UISearchBar->>ViewController: searchBarTextDidBeginEditing(_:)",
        "  UISearchController->>ViewController: updateSearchResults(for:) \"\"",
      ])
  }

  @Test func diagramAllDrawsTheRestDashedToTheirObjectOrToNobody() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("focus")
    let diagram = SequenceDiagram(
      steps: fixture.session.scripting.diagram.steps, naming: .objc, showsUnreceived: true)
    #expect(
      diagram.mermaid() == [
        "sequenceDiagram", "  actor User", "  participant UISearchBar", "  participant ViewController",
        "  participant UISearchController", "  participant nobody", "  User->>UISearchBar: focus",
        "  UISearchBar-->>ViewController: searchBarShouldBeginEditing: returns true (not implemented)",
        "  UISearchBar->>ViewController: searchBarTextDidBeginEditing:",
        "  UISearchController-->>nobody: willPresentSearchController: (no delegate)",
        "  UISearchController->>ViewController: updateSearchResultsForSearchController: \"\"",
        "  UISearchController-->>nobody: didPresentSearchController: (no delegate)",
      ])
    #expect(diagram.callbackCount == 5)
    #expect(diagram.ascii().contains { $0.contains("|- - ") })
  }

  /// Whom the diagram's arrows of `search a` and `select 1` reach, app by app; a dashed arrow is
  /// a callback the receiver does not implement.
  @Test(
    arguments: [
      (["set results separate"], "LZResultDisplayController", "LZResultDisplayController", false),
      (["set app guide"], "ViewController", "ViewController", true),
      (["load fruits", "set obscures off", "pull"], "ViewController", "ViewController", false),
      (["load fruits", "set results separate", "pull"], "ResultsController", "ResultsController", true),
    ] as [([String], String, String, Bool)])
  func diagramDrawsTheUpdaterAndTheTappedTablesDelegate(
    setup: [String], updater: String, tapReceiver: String, tapIsReceived: Bool
  ) throws {
    let fixture = try SessionFixture(dataset: "countries")
    for line in setup { fixture.run(line) }
    fixture.run("search a", "select 1")
    let steps = fixture.session.scripting.diagram.steps
    let messages = SequenceDiagram(steps: steps, showsUnreceived: true).messages
    let updates = messages.filter { $0.label.hasPrefix("updateSearchResults(for:)") }
    #expect(updates.count == 2)
    #expect(updates.allSatisfy { $0.from == "UISearchController" && $0.to == updater && !$0.isDashed })
    let tap = try #require(messages.first { $0.label.hasPrefix("tableView(_:didSelectRowAt:)") })
    #expect(tap.from == "UITableView" && tap.to == tapReceiver && tap.isDashed == !tapIsReceived)
    // Without 'all' only what the app receives is drawn.
    let received = SequenceDiagram(steps: steps).messages
    #expect(received.contains(tap) == tapIsReceived)
    #expect(received.allSatisfy { !$0.isDashed && $0.to != "nobody" })
  }

  @Test func customFlavorDiagramRoutesTheBarThroughTheCustomController() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set flavor custom", "focus")
    let diagram = SequenceDiagram(steps: fixture.session.scripting.diagram.steps)
    #expect(diagram.participants == ["User", "UISearchBar", "CustomSearchController", "ViewController"])
    #expect(
      diagram.messages.last
        == .init(from: "CustomSearchController", to: "ViewController", label: "didStartSearching()"))
  }

  @Test func diagramWithNothingFiredIsAnError() throws {
    let fixture = try SessionFixture(dataset: "countries")
    #expect(
      fixture.run("diagram").errors == [
        "error: Cannot run 'diagram': no callbacks have fired yet; run an action such as 'focus' first"
      ])
  }

  @Test func diagramFilesAreMermaidForMdAndMmd() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diagram-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let markdown = folder.appendingPathComponent("flow.md").path
    let printed = fixture.run("search a;b", "diagram all last \(markdown)")
    #expect(printed.errors == [])
    #expect(
      printed.output.suffix(2).joined(separator: " ")
        == "Wrote a sequence diagram of 8 callbacks to '\(markdown)' (Mermaid)")
    let text = try String(contentsOfFile: markdown, encoding: .utf8)
    #expect(text.hasPrefix("```mermaid\nsequenceDiagram\n"))
    #expect(text.contains("textDidChange:) \"a#59;b\" (not implemented)"))
    #expect(text.hasSuffix("```\n"))
  }

  @Test(arguments: ["candies", "countries", "countries-custom", "countries-guide", "fruits", "recipes"])
  func walkthroughRunsWithoutErrors(_ name: String) throws {
    let fixture = try SessionFixture(dataset: "countries")
    let printed = fixture.run("demo \(name)")
    #expect(printed.errors == [])
    #expect(printed.output.contains { $0.hasPrefix("> load ") })
  }

  /// A walkthrough leaves the session on its dataset and flavor, and its last line says so.
  @Test(arguments: [
    ("candies", "candies", "display"), ("countries-custom", "countries-custom", "custom"),
    ("fruits", "fruits", "controller"),
  ])
  func walkthroughSaysWhereItLeavesTheSession(name: String, dataset: String, flavor: String) throws {
    let fixture = try SessionFixture(dataset: "recipes")
    let printed = fixture.run("demo \(name)")
    let last = printed.output.joined(separator: " ")
    #expect(
      last.hasSuffix(
        "End of demo '\(name)': the session stays on dataset '\(dataset)', flavor \(flavor), trace on."
          + " 'load NAME' opens another dataset; 'trace off' stops the trace."))
    #expect(fixture.session.screen.dataset.name == dataset)
    #expect(fixture.session.screen.settings.lifecycle.flavor.rawValue == flavor)
    #expect(fixture.run("status").output.first == "dataset: \(dataset)")
  }
}
