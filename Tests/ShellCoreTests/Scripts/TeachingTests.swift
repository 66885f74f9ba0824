import Foundation
import Testing

@testable import ShellCore

/// `trace state`, `explain`, `diagram` and the walkthroughs, in process.
struct TeachingTests {
  @Test func traceStateIsOneTableRowPerCallbackWithMatches() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    // Wide enough for one line per callback; at 80 columns the compact table follows.
    fixture.session.terminalColumns = { 200 }
    let printed = fixture.run("trace state", "type p")
    #expect(printed.output.first?.hasPrefix("  callback") == true)
    #expect(printed.output[1].hasPrefix("  searchBarShouldBeginEditing(_:) -> true"))
    let textDidChange = try #require(printed.output.first { $0.contains("textDidChange: \"p\"") })
    #expect(textDidChange.hasSuffix("true      \"p\"   true            main     8"))
    fixture.session.terminalColumns = nil
    let narrow = fixture.run("type i").output
    #expect(narrow.first == "  active  FR    shown    matches  text  callback")
    #expect(narrow.contains("  true    true  results  1        \"pi\"  searchBar(_:textDidChange:)"))
    #expect(narrow.allSatisfy { TextWrapper.displayWidth($0) <= 80 })
  }

  @Test func mermaidDiagramHasEveryParticipantAndArrow() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("focus")
    let diagram = SequenceDiagram(steps: fixture.session.scripting.diagram)
    #expect(
      diagram.mermaid() == [
        "sequenceDiagram", "  actor User", "  participant UISearchBar", "  participant ViewController",
        "  participant UISearchController", "  User->>UISearchBar: focus",
        "  UISearchBar->>ViewController: searchBarShouldBeginEditing(_:) returns true",
        "  UISearchBar->>ViewController: searchBarTextDidBeginEditing(_:)",
        "  UISearchController->>ViewController: willPresentSearchController(_:)",
        "  UISearchController->>ViewController: updateSearchResults(for:) \"\"",
        "  UISearchController->>ViewController: didPresentSearchController(_:)",
      ])
  }

  @Test func customFlavorDiagramRoutesTheBarThroughTheCustomController() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set flavor custom", "focus")
    let diagram = SequenceDiagram(steps: fixture.session.scripting.diagram)
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
    let printed = fixture.run("search a;b", "diagram last \(markdown)")
    #expect(printed.errors == [])
    #expect(
      printed.output.suffix(2).joined(separator: " ")
        == "Wrote a sequence diagram of 8 callbacks to '\(markdown)' (Mermaid)")
    let text = try String(contentsOfFile: markdown, encoding: .utf8)
    #expect(text.hasPrefix("```mermaid\nsequenceDiagram\n"))
    #expect(text.contains("textDidChange:) \"a#59;b\""))
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
    #expect(fixture.session.dataset.name == dataset)
    #expect(fixture.session.settings.lifecycle.flavor.rawValue == flavor)
    #expect(fixture.run("status").output.first == "dataset: \(dataset)")
  }
}
