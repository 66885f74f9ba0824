import Foundation
import Testing

@testable import ShellCore

/// A speaker's script: the pace between actions, `--step`, `type` key by key, `pause`, `--echo`.
@Suite struct PacingTests {
  @Test func thePaceWaitsBetweenActionsButNotBeforeNarrationNotesOrChecks() throws {
    let log = PresentationLog()
    let session = try log.session { $0.pace = 1.5 }
    let entries = try log.run(
      session, "# a note", "echo Hello", "focus", "echo Now type.", "expect active true", "select 1",
      "quiet status", "pause", "cancel")
    #expect(
      Array(entries.prefix(10)) == [
        "out: Hello",
        // The first action does not wait: nothing came before it to read.
        "out: [ |Search here... ] Cancel", "out: results table · 0 of 249", "out: Now type.",
        // `expect` and `quiet` are checks and stage directions: no wait before them.
        "sleep 1.5", "err: error: Row '1' is out of range: the results table is empty",
        "key any", "sleep 1.5", "out: [ Search here... ]", "out: Countries · main table · 249 of 249",
      ])
    #expect(entries.filter { $0.hasPrefix("sleep") } == ["sleep 1.5", "sleep 1.5"])
    // The waits come right before the two actions after the first, after the narration.
    let sleeps = entries.indices.filter { entries[$0].hasPrefix("sleep") }
    #expect(entries[sleeps[0] - 1] == "out: Now type.")
    #expect(entries[sleeps[1] - 1] == "key any")
  }

  @Test func stepShowsTheActionOnceThenWaitsForEnter() throws {
    for echo in [false, true] {
      let log = PresentationLog()
      let session = try log.session {
        $0.step = true
        $0.echo = echo
      }
      let entries = try log.run(session, "echo Hi", "focus", "expect active true")
      let expectEcho = echo ? ["out: > expect active true"] : []
      #expect(
        entries == [
          "out: Hi", "out: > focus", "key enter", "out: [ |Search here... ] Cancel",
          "out: results table · 0 of 249",
        ] + expectEcho, "echo \(echo)")
    }
  }

  @Test func ctrlCInTheWaitBeforeALineStopsTheScriptBeforeIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    for step in [false, true] {
      let path = try folder.write("demo.txt", "focus\ntype ger\necho never\n")
      let log = PresentationLog()
      let session = try log.session(interactive: true) {
        $0.pace = 2
        $0.step = step
      }
      log.interruptsWaits = session.hooks.interruption
      // Interrupted at the first wait: the pace's is before `type ger` (the first action does
      // not wait), the step's before `focus`. The line after the wait does not run.
      session.execute("source \(path)")
      let line = step ? 1 : 2
      let error = "err: error: Cancelled 'source' (Ctrl-C): stopped before line \(line) of '\(path)'"
      #expect(log.entries.last == error, "step \(step)")
      #expect(!log.entries.contains("out: never"))
      #expect(session.screen.state.text == "", "step \(step)")
      #expect(session.screen.state.isActive == !step, "step \(step)")
    }
  }

  @Test func typeRedrawsTheBarInPlaceAtTheTypingDelay() throws {
    let log = PresentationLog()
    let session = try log.session {
      $0.pace = 0
      $0.typeDelay = 0.25
    }
    let entries = try log.run(session, "type ger")
    #expect(
      entries == [
        "raw \r^[[K[ g| ] Cancel", "sleep 0.25", "raw \r^[[K[ ge| ] Cancel", "sleep 0.25",
        // The last character's bar is the screen's own, printed over the line drawn in place.
        "raw \r^[[K", "out: [ ger| ] Cancel", "out: results table · 4 of 249", "out:   1  Algeria",
        "out:   2  Germany", "out:   3  Niger", "out:   4  Nigeria",
      ])
  }

  @Test func aBarWiderThanTheTerminalIsCutSoItRedrawsInPlace() throws {
    let log = PresentationLog(width: 16)
    let session = try log.session { $0.step = true }
    let entries = try log.run(session, "type abcdefghijklmnop")
    let frames = entries.filter { $0.hasPrefix("raw \r^[[K[") }
    #expect(frames.count == 15)
    for frame in frames { #expect(frame.dropFirst("raw \r^[[K".count).count <= 15, "\(frame)") }
    #expect(frames.last == "raw \r^[[K[ abcdefghijkl…")
  }

  @Test func withoutPacingTheTerminalSeesNoFramesAndNoWaits() throws {
    // A terminal, but neither --pace nor --step: `type` at the prompt is one screen.
    let log = PresentationLog()
    let session = try log.session()
    let entries = try log.run(session, "type ger", "pause 1s")
    #expect(entries.first == "out: [ ger| ] Cancel")
    #expect(entries.filter { $0.hasPrefix("raw") || $0.hasPrefix("sleep") }.isEmpty)
    #expect(entries.last == "key any 1.0")
  }

  @Test func offATerminalThePacingFlagsChangeNothing() throws {
    let plain = PresentationLog()
    let expected = try plain.run(
      try plain.session(terminal: false), "echo a", "type ger", "pause", "select 2")
    let paced = PresentationLog()
    let session = try paced.session(terminal: false) {
      $0.pace = 2
      $0.step = true
    }
    #expect(try paced.run(session, "echo a", "type ger", "pause", "select 2") == expected)
    #expect(expected.allSatisfy { $0.hasPrefix("out: ") })
  }

  struct PauseCase: Sendable, CustomTestStringConvertible {
    let line: String
    let entry: String
    var testDescription: String { line }
  }

  @Test(arguments: [
    PauseCase(line: "pause", entry: "key any"),
    PauseCase(line: "pause 3s", entry: "key any 3.0"),
    PauseCase(line: "pause 250ms", entry: "key any 0.25"),
    PauseCase(line: "pause 1.5", entry: "key any 1.5"),
    PauseCase(
      line: "pause soon",
      entry:
        "err: error: Invalid value 'soon' for 'pause'. Expected a duration from 0 to 60 seconds such as 500ms, 2s or 1.5"
    ),
    PauseCase(
      line: "pause 61s",
      entry:
        "err: error: Invalid value '61s' for 'pause'. Expected a duration from 0 to 60 seconds such as 500ms, 2s or 1.5"
    ),
    PauseCase(
      line: "pause 1s 2s",
      entry: "err: error: Unexpected argument '2s' for 'pause'. Usage: pause [DURATION]"),
  ])
  func pauseWaitsForAKeyAtMostItsDuration(_ example: PauseCase) throws {
    let log = PresentationLog()
    let session = try log.session()
    #expect(try log.run(session, example.line) == [example.entry])
  }

  @Test func echoShowsEachCommandOnceAndNarrationAsItsText() throws {
    let lines = ["# note", "echo Look:", "search ger", "pause", "expect count 4"]
    let echoed = PresentationLog()
    let session = try echoed.session(terminal: false) { $0.echo = true }
    let entries = try echoed.run(session, lines[0], lines[1], lines[2], lines[3], lines[4])
    #expect(entries.filter { $0.hasPrefix("out: >") } == ["out: > search ger", "out: > expect count 4"])
    #expect(entries.filter { $0 == "out: Look:" }.count == 1)
    let all = PresentationLog()
    let transcript = try all.session(terminal: false) {
      $0.echo = true
      $0.echoAll = true
    }
    let every = try all.run(transcript, lines[0], lines[1], lines[2], lines[3], lines[4])
    #expect(every.filter { $0.hasPrefix("out: >") } == lines.map { "out: > " + $0 })
  }

  @Test func narrationIsEchoLinesNotesAndPause() {
    let cases: [(String, Bool)] = [
      ("# x", true), ("echo hi", true), ("echo", true), ("pause", true), ("pause 2s", true),
      ("echoes", false), ("search echo", false), ("type #", false), ("expect count 1", false),
    ]
    for (line, narration) in cases { #expect(Session.isNarration(line) == narration, "\(line)") }
  }
}
