import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// The REPL's screen details: the navigation bar, the hidden bar and `pull`, the prompt line,
/// colours that follow NO_COLOR, and `trace json FILE`.
struct ScreenAppearanceTests {
  @Test func navigationBarHidesWhileSearchingUnlessTurnedOff() throws {
    let fixture = try SessionFixture()
    #expect(fixture.run("focus").output.first == "[ |Search here... ] Cancel")
    fixture.run("cancel", "set hides-nav-bar off")
    let output = fixture.run("focus").output
    #expect(output.prefix(2) == ["Countries", "[ |Search here... ] Cancel"])
  }

  @Test func hiddenBarShowsOnPullAndOnFocus() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let hidden = fixture.run("set bar-hidden on").output
    #expect(!hidden.contains { $0.hasPrefix("[ ") })
    #expect(hidden.first?.hasPrefix("Countries · main table") == true)
    #expect(fixture.run("pull").output.first == "[ Search here... ]")
    #expect(fixture.run("pull").errors == ["error: Cannot run 'pull': the search bar is already in sight"])
    fixture.run("set bar-hidden off", "set bar-hidden on")
    #expect(fixture.run("search ap").errors.first?.hasSuffix("'pull' brings it into view") == true)
    #expect(fixture.run("pull", "search ap").output.contains("[ ap| ] Cancel"))
  }

  @Test func promptLineSitsAboveTheBar() throws {
    let fixture = try SessionFixture()
    fixture.run("set prompt Find a country")
    #expect(fixture.run("focus").output.prefix(2) == ["Find a country", "[ |Search here... ] Cancel"])
  }

  @Test func barColoursApplyOnlyWithColour() throws {
    let coloured = BufferConsole()
    let session = try Session(
      console: coloured, catalog: SessionFixture.catalog, dataset: "countries", isInteractive: false,
      useColor: true)
    session.execute("set bar-text-color red")
    session.execute("set bar-tint green")
    session.execute("search ger")
    #expect(
      coloured.output.contains {
        $0.hasPrefix("[ \u{1B}[31mger\u{1B}[0m\u{1B}[32m|\u{1B}[0m ] \u{1B}[32mCancel")
      })
    let plain = try SessionFixture()
    plain.run("set bar-text-color red", "set bar-tint green")
    #expect(plain.run("search ger").output.first == "[ ger| ] Cancel")
    #expect(
      plain.run("set bar-tint pink").errors.first?.hasPrefix("error: Invalid value 'pink' for 'bar-tint'")
        == true)
  }

  @Test func dimmedTableIsMarked() throws {
    let fixture = try SessionFixture()
    fixture.run("set obscures on")
    #expect(fixture.run("focus").output.contains { $0.hasSuffix("· dimmed") })
  }

  @Test func traceJSONFileGetsOneObjectPerCallback() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trace-\(UUID().uuidString).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fixture = try SessionFixture()
    let output = fixture.run("trace json \(path)", "type ab", "trace off").output
    #expect(!output.contains { $0.hasPrefix("{") })
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 5 + 6)
    #expect(lines.first?.hasPrefix("{\"callback\":\"searchBarShouldBeginEditing(_:)\"") == true)
    #expect(fixture.run("trace on \(path)").errors.first?.hasPrefix("error: Unexpected argument") == true)
  }

  /// `trace json FILE` starts the file afresh, as `help trace` says: what it held is replaced,
  /// and a second `trace json FILE` starts it again.
  @Test func traceJSONFileStartsAfresh() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trace-\(UUID().uuidString).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "an earlier line\n".write(toFile: path, atomically: true, encoding: .utf8)
    let fixture = try SessionFixture()
    fixture.run("trace json \(path)", "focus")
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 5)
    #expect(!lines.contains("an earlier line"))
    fixture.run("trace json \(path)", "type a")
    lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines.first?.hasPrefix("{\"callback\":\"searchBar(_:shouldChangeTextIn:replacementText:)\"") == true)
    let help = fixture.run("help trace").output.joined(separator: " ")
    #expect(help.contains("FILE starts afresh"))
  }

  @Test func liveWithoutATerminalIsAClearError() throws {
    let fixture = try SessionFixture()
    #expect(
      fixture.run("live").errors == [
        "error: Cannot run 'live': it needs a terminal (standard input and output are not both one)"
      ])
  }
}
