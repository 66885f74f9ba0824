import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore

/// The picker's keys on the live screen: Enter picks, Tab marks, Esc and Ctrl-C leave.
struct PickerControllerTests {
  /// A session on `lines`, as `--pick` reads them (a row a line, no scope bar).
  private func session(_ lines: [String], match: String? = nil, console: Console = BufferConsole()) throws
    -> Session
  {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "picker-\(UUID().uuidString).txt")
    try (lines.map { $0 + "\n" }.joined()).write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    var request = LoadRequest(target: file.path)
    request.format = .text
    request.scope = "none"
    let session = try Session(
      console: console, catalog: nil, opening: request, isInteractive: false, useColor: false,
      configuration: ShellConfiguration())
    if let match { try session.setMatch(match) }
    return session
  }

  @Test func enterPicksTheFirstRowUntilAnotherIsHighlighted() throws {
    let picker = PickerController(session: try session(["apple", "banana", "cherry"]))
    #expect(picker.frame(width: 40, height: 8).contains("›  1  apple"))
    picker.handle([.character("a"), .enter])
    #expect(picker.outcome == .picked([0]))
    #expect(picker.pickedLines == ["apple"])
    let moved = PickerController(session: try session(["apple", "banana", "cherry"]), query: "an")
    moved.handle([.down, .enter])
    #expect(moved.pickedLines == ["banana"])
  }

  @Test func tabMarksAndMovesThenEnterPicksTheMarkedInTheirOrder() throws {
    let picker = PickerController(session: try session(["cherry", "banana", "apple"]))
    picker.handle([.tab, .tab])
    #expect(picker.live.highlight == 2)
    let frame = picker.frame(width: 40, height: 8)
    #expect(frame.contains(" • 1  cherry"))
    #expect(frame.contains(" • 2  banana"))
    #expect(frame.contains("›  3  apple"))
    // A mark survives a new query; Tab again unmarks.
    picker.handle([.character("c"), .tab, .backspace])
    #expect(picker.live.marks == [1])
    // Down goes on from the first row, shown highlighted; Shift-Tab marks and moves up.
    picker.handle([.down, .down, .backTab])
    #expect(picker.live.highlight == 1)
    picker.handle([.enter])
    #expect(picker.pickedLines == ["banana", "apple"])
  }

  @Test(arguments: [
    (LiveKey.escape, PickerController.Outcome.cancelled), (.interrupt, .interrupted),
  ])
  func escapeAndCtrlCLeaveWithoutARow(_ example: (LiveKey, PickerController.Outcome)) throws {
    let picker = PickerController(session: try session(["a"]))
    picker.handle([example.0, .enter])
    #expect(picker.outcome == example.1)
    #expect(picker.pickedLines == [])
  }

  /// fzf's Ctrl-J, Ctrl-N and Down move down, Ctrl-K, Ctrl-P and Up up; Enter (CR) picks.
  @Test func ctrlJAndCtrlNMoveDownAndEnterPicks() throws {
    let picker = PickerController(session: try session(["apple", "banana", "cherry", "damson"]))
    var decoder = LiveKeyDecoder()
    picker.handle(decoder.decode(Array("\n".utf8)))
    #expect(picker.outcome == nil)
    #expect(picker.live.highlight == 1)
    picker.handle(decoder.decode(Array("\u{0E}\u{0E}\u{10}\u{0B}".utf8)))
    #expect(picker.live.highlight == 1)
    picker.handle(decoder.decode(Array("\u{0E}\r".utf8)))
    #expect(picker.pickedLines == ["cherry"])
  }

  /// Ctrl-D on an empty query is fzf's abort; with text it deletes the character under the caret.
  @Test func ctrlDDeletesAndOnAnEmptyQueryQuits() throws {
    let picker = PickerController(session: try session(["foo bar", "baz"]), query: "foo bar")
    picker.handle([.left, .character("X")])
    #expect(picker.session.searchState.text == "foo baXr")
    picker.handle([.lineStart, .deleteOrQuit])
    #expect(picker.session.searchState.text == "oo baXr")
    picker.handle([.lineEnd, .unixWordRubout, .deleteLine])
    #expect(picker.session.searchState.text == "")
    #expect(picker.outcome == nil)
    picker.handle([.deleteOrQuit])
    #expect(picker.outcome == .cancelled)
  }

  @Test func enterOnNoRowsPicksNothing() throws {
    let picker = PickerController(session: try session(["a"]), query: "zz")
    #expect(picker.frame(width: 40, height: 8).contains("  (no rows)"))
    picker.handle([.tab, .enter])
    #expect(picker.outcome == .nothingToPick)
  }

  /// The fuzzy rule's order is the table's, so Enter picks the best match.
  @Test func fuzzyPicksTheBestMatch() throws {
    let picker = PickerController(session: try session(["banana", "bnana"], match: "fuzzy"), query: "bna")
    picker.handle([.enter])
    #expect(picker.pickedLines == ["bnana"])
  }

  @Test func filterPrintsMatchesInTheRulesOrder() throws {
    let console = BufferConsole()
    let session = try session(["banana", "bnana", "cherry"], match: "fuzzy", console: console)
    #expect(try session.printMatches("bna") == 2)
    #expect(console.output == ["bnana", "banana"])
    try session.setMatch("regex")
    #expect(throws: ShellError.self) { try session.printMatches("(") }
    #expect(console.output.count == 2)
  }
}
