import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// `record --cast FILE` and a script rendered to a cast: asciicast v2 as the audience saw it.
@Suite(.serialized) struct CastTests {
  static let demo = [
    "# A demo", "echo Countries with ger:", "focus", "type ger", "pause", "select 2", "expect count 4",
  ]

  /// Renders `lines` as a script to a cast at `path` (no terminal) and returns what stdout got.
  private func render(_ lines: [String], to path: String, pace: Double? = nil) throws -> [String] {
    let log = PresentationLog()
    let session = try log.session(terminal: false) {
      $0.pace = pace
      $0.echo = true
    }
    try session.startCast(path: path)
    _ = try log.run(session, lines.joined(separator: "\n"))
    #expect(session.stopCast() == path)
    return log.entries
  }

  @Test func aRenderedScriptIsAValidCastTimedByThePace() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("demo.cast")
    let printed = try render(Self.demo, to: path, pace: 0.5)
    let cast = try CastFile(try String(contentsOfFile: path, encoding: .utf8))
    #expect(cast.width == 80)
    #expect(cast.height == 24)
    #expect(cast.timesIncrease)
    // Piped output as without the cast; the cast shows the same lines, CR LF ended.
    #expect(printed.allSatisfy { $0.hasPrefix("out: ") })
    let shown = printed.map { String($0.dropFirst(5)) }
    #expect(cast.finalLines.dropLast() == shown)
    let times = cast.events.map(\.time)
    // Narration and the first action at once; 0.5 s before `type`; two keys 0.1 s apart;
    // the pause holds 2 s; then 0.5 s before `select`.
    #expect(times.first == 0)
    #expect(
      cast.events.contains { $0.time == 0.5 && $0.text.hasPrefix("> type ger\r\n\r\u{1B}[K[ g| ] Cancel") })
    #expect(cast.events.contains { $0.time == 0.6 && $0.text == "\r\u{1B}[K[ ge| ] Cancel" })
    #expect(cast.events.contains { $0.time == 3.2 && $0.text.hasPrefix("> select 2\r\n") })
  }

  @Test func renderingTwiceGivesTheSameEvents() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    _ = try render(Self.demo, to: folder.path("a.cast"))
    _ = try render(Self.demo, to: folder.path("b.cast"))
    let first = try CastFile(try String(contentsOfFile: folder.path("a.cast"), encoding: .utf8))
    let second = try CastFile(try String(contentsOfFile: folder.path("b.cast"), encoding: .utf8))
    #expect(first.eventLines == second.eventLines)
    // Without --pace a rendered cast takes a second between actions.
    #expect(first.events.contains { $0.time == 1.0 && $0.text.hasPrefix("> type ger") })
  }

  @Test func recordCastAtThePromptShowsThePromptAndTypedLinesInRealTime() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("session.cast")
    let log = PresentationLog(width: 100, height: 30)
    let session = try log.session(interactive: true)
    session.execute("record --cast \(path)")
    #expect(log.entries.last?.hasPrefix("out: Recording the screen to '\(path)' as an asciicast") == true)
    session.execute("search ger")
    session.execute("record stop")
    #expect(log.entries.last == "out: Stopped the cast '\(path)'")
    let cast = try CastFile(try String(contentsOfFile: path, encoding: .utf8))
    #expect(cast.width == 100 && cast.height == 30)
    #expect(cast.timesIncrease)
    #expect(cast.text.hasPrefix("countries> search ger\r\n[ ger| ] Cancel\r\nresults table · 4 of 249\r\n"))
    #expect(cast.text.hasSuffix("countries> record stop\r\n"))
    #expect(!cast.text.contains("Recording the screen"))
  }

  /// Issue 37: history and `record` kept a database password typed in a URL out, but the cast
  /// of the prompt showed the line as typed.
  @Test func aPasswordTypedAtThePromptStaysOutOfTheCast() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("session.cast")
    let log = PresentationLog(width: 100, height: 30)
    let session = try log.session(interactive: true)
    session.execute("record --cast \(path)")
    session.execute("# postgres://bob:s3cret-one@db.example/shop")
    session.execute("  load postgresql://alice:s3cret-two@127.0.0.1:1/shop?table=t&connect_timeout=2")
    session.execute("load 'postgres://carol:s3cret-three@[::1'")
    session.execute("record stop")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("s3cret"))
    let cast = try CastFile(text)
    #expect(cast.text.contains("countries> # postgres://bob@db.example/shop\r\n"))
    #expect(cast.text.contains("countries>   load postgresql://alice@127.0.0.1:1/shop"))
    #expect(session.history.allSatisfy { !$0.contains("s3cret") })
  }

  @Test func recordCastRefusesAnExistingFileAndASecondCast() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let existing = try folder.write("old.cast", "keep\n")
    let fixture = try SessionFixture()
    #expect(
      fixture.run("record --cast \(existing)").errors == [
        "error: '\(existing)' exists already and is not replaced. Choose another name, or remove it first: a cast cannot be appended to"
      ])
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep\n")
    let path = folder.path("new.cast")
    #expect(fixture.run("record --cast \(path)").errors.isEmpty)
    #expect(
      fixture.run("record --cast \(folder.path("other.cast"))").errors == [
        "error: Already recording to '\(path)'. Use 'record stop' first"
      ])
    // A script recording can run beside the cast; `record stop` ends both.
    let script = folder.path("r.txt")
    #expect(fixture.run("record \(script)", "focus").errors.isEmpty)
    #expect(
      fixture.run("record stop").output == [
        "Stopped recording to '\(script)'", "Stopped the cast '\(path)'",
      ])
    _ = try CastFile(try String(contentsOfFile: path, encoding: .utf8))
  }

  @Test func aCastLoadedAsTheDatasetStopsWithOneError() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("c.txt")
    let fixture = try SessionFixture()
    fixture.run("record --cast \(path)", "focus")
    let before = try String(contentsOfFile: path, encoding: .utf8)
    let result = fixture.run("load \(path)")
    #expect(
      result.errors == [
        "error: Refusing to overwrite '\(path)': it is a dataset's own file; the cast recording stopped"
      ])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    #expect(fixture.run("record stop").errors == ["error: Not recording. Use 'record FILE' to start"])
  }

  @Test func eventTimesAreMicrosecondsAsSeconds() {
    let cases: [(Int, String)] = [
      (0, "0.000000"), (1, "0.000001"), (1_500_000, "1.500000"), (61_000_123, "61.000123"), (-5, "0.000000"),
    ]
    for (microseconds, text) in cases { #expect(CastRecorder.seconds(microseconds) == text) }
  }

  @Test func theHeaderIsOneJSONLineWithTheFixedEpochWhenGiven() throws {
    let header = CastHeader.current(
      width: 80, height: 24, environment: ["SOURCE_DATE_EPOCH": "1700000000", "TERM": "xterm", "HOME": "/x"])
    #expect(
      header.line
        == #"{"version": 2, "width": 80, "height": 24, "timestamp": 1700000000, "env": {"TERM": "xterm"}}"#)
    let now = CastHeader.current(width: 0, height: 0, environment: ["SOURCE_DATE_EPOCH": "soon"])
    #expect(now.width == 1 && now.height == 1)
    #expect(abs(now.timestamp - Int(Date().timeIntervalSince1970)) < 5)
  }

  @Test func aLargeBurstIsSplitIntoEventsThatStillIncrease() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("big.cast")
    let log = PresentationLog()
    let session = try log.session(terminal: false)
    try session.startCast(path: path)
    _ = try log.run(session, "list all", "list all", "list all")
    _ = session.stopCast()
    let cast = try CastFile(try String(contentsOfFile: path, encoding: .utf8))
    #expect(cast.events.count > 1)
    #expect(cast.timesIncrease)
    #expect(cast.events.allSatisfy { $0.text.utf8.count <= CastRecorder.burstLimit + 200 })
  }
}
