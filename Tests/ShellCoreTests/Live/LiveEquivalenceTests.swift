import Foundation
import Testing

@testable import ShellCore
@testable import UIKitModel

/// Live mode against the commands: the same keys leave exactly the state, and fire exactly the
/// callbacks, that the equivalent commands do, in every flavor.
@Suite struct LiveEquivalenceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    var dataset = "countries"
    var setup: [String] = []
    let keys: [LiveKey]
    let commands: [String]
    var testDescription: String { name }
  }

  static func typed(_ text: String) -> [LiveKey] { text.map { .character(String($0)) } }

  static let cases: [Case] = [
    Case(name: "typing", keys: typed("ger"), commands: ["focus", "type g", "type e", "type r"]),
    Case(
      name: "typing and backspace", keys: typed("gerx") + [.backspace], commands: ["type gerx", "backspace"]),
    Case(name: "paste", keys: typed("ge") + [.paste("rmany")], commands: ["type ge", "search germany"]),
    Case(name: "Ctrl-U", keys: typed("ger") + [.deleteLine], commands: ["type ger", "search \"\""]),
    Case(name: "Enter", keys: typed("ger") + [.enter], commands: ["type ger", "submit"]),
    Case(
      name: "typing after Enter", keys: typed("ger") + [.enter, .character("m")],
      commands: ["type ger", "submit", "type m"]),
    Case(name: "Esc", keys: typed("ger") + [.escape], commands: ["type ger", "cancel"]),
    Case(
      name: "typing in the middle", keys: typed("ger") + [.left, .character("X"), .character("Y")],
      commands: ["type ger", "edit 2 0 X", "edit 3 0 Y"]),
    Case(
      name: "Ctrl-W", keys: [.paste("united states"), .unixWordRubout],
      commands: ["search united states", "edit 7 6"]),
    Case(
      name: "Home and Alt-D", keys: [.paste("new guinea"), .lineStart, .killWord],
      commands: ["search new guinea", "edit 0 3"]),
    Case(
      name: "Ctrl-U in the middle", keys: [.paste("gerx"), .left, .deleteLine],
      commands: ["search gerx", "edit 0 3"]),
    Case(
      name: "caret moves send nothing",
      keys: [.paste("ger"), .left, .right, .lineStart, .wordRight, .lineEnd],
      commands: ["search ger"]),
    Case(
      name: "Delete, Backspace and Alt-Backspace at the caret",
      keys: [
        .paste("a👍b c-d"), .lineStart, .delete, .right, .right, .backspace, .lineEnd, .backwardKillWord,
      ],
      commands: ["search a👍b c-d", "edit 0 1", "edit 2 1", "backspace"]),
    Case(
      name: "highlight and open", keys: typed("ger") + [.down, .down, .open],
      commands: ["type ger", "detail 2"]),
    Case(
      name: "scope with Tab (display)", dataset: "candies", keys: [.tab, .tab, .backTab] + typed("c"),
      commands: ["focus", "scope 1", "scope 2", "scope 1", "type c"]),
    Case(
      name: "custom flavor", dataset: "candies", setup: ["set flavor custom"],
      keys: typed("ch") + [.enter, .escape],
      commands: ["type ch", "submit", "cancel"]),
    Case(
      // The fruit app starts with its bar scrolled out of sight: pulled down first, so Down and
      // `focus` both reach the bar.
      name: "the dimming view takes the tap", dataset: "fruits",
      setup: ["set obscures on", "set rule text", "pull"],
      keys: [.down, .open], commands: ["focus", "detail 1"]),
  ]

  /// Runs command lines in order on `fixture`; returns the error lines.
  static func run(_ lines: [String], on fixture: SessionFixture) -> [String] {
    var errors: [String] = []
    for line in lines { errors += fixture.run(line).errors }
    return errors
  }

  @Test(arguments: cases)
  func liveKeysLeaveTheStateTheCommandsLeave(_ example: Case) throws {
    let live = try SessionFixture(dataset: example.dataset)
    let scripted = try SessionFixture(dataset: example.dataset)
    let replayed = try SessionFixture(dataset: example.dataset)
    for line in example.setup {
      live.run(line)
      scripted.run(line)
      replayed.run(line)
    }
    LiveController(session: live.session).handle(example.keys)
    #expect(Self.run(example.commands, on: scripted) == [])
    #expect(live.session.searchState == scripted.session.searchState)
    #expect(live.session.tableRowIDs(in: 0..<1000) == scripted.session.tableRowIDs(in: 0..<1000))
    // The log of equivalent commands replays to the same state too.
    #expect(Self.run(live.session.liveCommandLog, on: replayed) == [])
    #expect(replayed.session.searchState == live.session.searchState)
  }

  @Test(arguments: [Flavor.controller, .display, .custom])
  func typedWordFiresTheCallbacksOfTypeWord(_ flavor: Flavor) throws {
    let live = try SessionFixture(dataset: "countries")
    let scripted = try SessionFixture(dataset: "countries")
    live.session.applyStartupOptions(flavor: flavor, trace: false)
    scripted.session.applyStartupOptions(flavor: flavor, trace: false)
    live.run("trace json")
    scripted.run("trace json")
    var callbacks: [Callback] = []
    let controller = LiveController(session: live.session)
    callbacks += live.session.screen.lastCallbacks
    for key in Self.typed("land") + [.backspace] {
      controller.handle([key])
      callbacks += live.session.screen.lastCallbacks
    }
    let output = scripted.run("focus", "type l", "type and", "backspace").output
    let app = scripted.session.screen.app
    let lines = callbacks.map { TraceFormatter.json($0, receipt: app.receipt(for: $0)) }
    #expect(lines == output.filter { $0.hasPrefix("{") })
  }

  /// Editing at the caret fires, key by key, exactly the callbacks of the commands recorded
  /// for it: one shouldChangeTextIn with the key's range each, nothing for a caret move.
  @Test(arguments: [Flavor.controller, .display, .custom])
  func editsAtTheCaretFireTheCallbacksOfTheRecordedCommands(_ flavor: Flavor) throws {
    let live = try SessionFixture(dataset: "countries")
    let replayed = try SessionFixture(dataset: "countries")
    for fixture in [live, replayed] {
      fixture.session.applyStartupOptions(flavor: flavor, trace: false)
      fixture.run("trace json")
    }
    let controller = LiveController(session: live.session)
    var callbacks = live.session.screen.lastCallbacks
    let keys: [LiveKey] =
      [.paste("united states")] + Self.typed("x") + [.wordLeft, .character("Z"), .unixWordRubout, .left]
      + [.backspace, .lineStart, .killWord, .delete]
    let moves: [LiveKey] = [.wordLeft, .left, .lineStart]
    for key in keys {
      controller.handle([key])
      // A move sends nothing, so the last callbacks are still the previous key's.
      if !moves.contains(key) { callbacks += live.session.screen.lastCallbacks }
    }
    let log = live.session.liveCommandLog
    #expect(
      log == [
        "focus", "search united states", "type x", "edit 7 0 Z", "edit 7 1", "edit 5 1", "edit 0 5",
        "edit 0 1",
      ])
    let replay = replayed.run(log)
    #expect(replay.errors == [])
    let app = replayed.session.screen.app
    let lines = callbacks.map { TraceFormatter.json($0, receipt: app.receipt(for: $0)) }
    #expect(lines == replay.output.filter { $0.hasPrefix("{") })
    #expect(live.session.searchState.text == "statesx")
    #expect(live.session.searchState == replayed.session.searchState)
  }

  @Test func liveCommandLogMergesTypingAndQuotes() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let controller = LiveController(session: fixture.session)
    controller.handle(
      Self.typed("ch o") + [.backspace, .backspace, .tab, .paste("x"), .enter, .deleteLine, .escape])
    #expect(
      fixture.session.liveCommandLog == [
        "focus", "type ch o", "backspace 2", "scope 1", "search chx", "submit", "search \"\"", "cancel",
      ])
    #expect(controller.hasLeft)
  }

  @Test func keysAfterLeavingAreDropped() throws {
    let fixture = try SessionFixture()
    let controller = LiveController(session: fixture.session)
    #expect(!controller.handle([.character("a"), .interrupt, .character("b")]))
    #expect(fixture.session.searchState.text == "a")
    #expect(fixture.session.searchState.isActive)
  }
}

/// `live` through the session (with the terminal loop replaced by keys) and `record`.
@Suite struct LiveRecordingTests {
  @Test func recordingGetsTheCommandsTheKeysStoodForAndReplaysToTheSameState() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fixture = try SessionFixture(dataset: "candies")
    fixture.session.hooks.liveRunner = { session throws(ShellError) in
      LiveController(session: session).handle(
        LiveEquivalenceTests.typed("cho")
          + [.backspace, .left, .character("x"), .backspace, .tab, .down, .open, .escape, .enter, .interrupt])
    }
    #expect(fixture.run("record \(path)", "live", "record stop").errors == [])
    let recorded = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      .filter { !$0.hasPrefix("#") && !$0.hasPrefix("quiet ") }
    #expect(
      recorded == [
        "focus", "type cho", "backspace", "edit 1 0 x", "edit 1 1", "scope 1", "detail 1", "back", "submit",
      ])
    let replay = try SessionFixture(dataset: "candies")
    #expect(replay.run("source \(path)").errors == [])
    #expect(replay.session.searchState == fixture.session.searchState)
  }
}
