import Foundation
import ShellCoreTestSupport
import Testing

/// A speaker's script and its cast through the built binary, piped (no terminal).
@Suite struct PresentingTests {
  static let demo = """
    # A demo for the slides
    echo Countries with "ger":
    focus
    type ger
    pause
    select 2
    expect selected Germany

    """

  /// A scratch folder holding `demo.txt`, removed by the caller's `defer`.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-present-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(Self.demo.utf8).write(to: url.appendingPathComponent("demo.txt"))
    return url
  }

  @Test func aScriptRendersToTheSameValidCastOnEveryRun() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("demo.txt").path
    let epoch = ["SOURCE_DATE_EPOCH": "1700000000", "TERM": "xterm-256color"]
    var casts: [String] = []
    for name in ["a.cast", "b.cast"] {
      let path = dir.appendingPathComponent(name).path
      let run = try ShellProcess.run(
        ["--echo", "--pace", "750ms", "--cast", path, "-f", script], environment: epoch)
      #expect(run.status == 0)
      #expect(run.stderr == "")
      // Standard output is what it is without the cast.
      let plain = try ShellProcess.run(["--echo", "--pace", "750ms", "-f", script])
      #expect(run.stdout == plain.stdout)
      casts.append(try String(contentsOfFile: path, encoding: .utf8))
    }
    #expect(casts[0] == casts[1])
    let cast = try CastFile(casts[0])
    #expect(cast.timestamp == 1_700_000_000)
    #expect((cast.width, cast.height) == (80, 24))
    #expect(cast.environment["TERM"] == "xterm-256color")
    #expect(cast.timesIncrease)
    // The pace before `type` and `select`, the typing between keys, the pause's 2 s hold.
    #expect(cast.events.first?.text == "Countries with \"ger\":\r\n")
    #expect(cast.events.contains { $0.time == 0.75 && $0.text.hasPrefix("> type ger\r\n\r\u{1B}[K[ g| ]") })
    #expect(cast.events.contains { $0.time == 3.7 && $0.text.hasPrefix("> select 2\r\n") })
    #expect(cast.finalLines.contains("Selected row 2: Germany"))
    #expect(!cast.finalLines.contains("[ ge| ] Cancel"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema")))
  func asciinemaPlaysTheRenderedCast() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("demo.cast").path
    let script = dir.appendingPathComponent("demo.txt").path
    #expect(try ShellProcess.run(["--echo", "--cast", path, "-f", script]).status == 0)
    let played = try ShellProcess.runProgram("/usr/bin/asciinema", ["play", "-i", "0.01", "-s", "100", path])
    #expect(played.status == 0)
    #expect(played.stdout.contains("Selected row 2: Germany"))
  }

  @Test func recordRefusesAnExistingFileAndAppendsWhenAsked() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("session.txt").path
    let first = try ShellProcess.run(["-c", "record \(path)", "-c", "search ger", "-c", "record stop"])
    #expect(first.status == 0)
    let again = try ShellProcess.run(["-c", "record \(path)", "-c", "search fr"])
    #expect(again.status == 1)
    #expect(
      again.stderr
        == "error: '\(path)' exists already and is not replaced. Use 'record --append \(path)' to add to it, or another name\n"
    )
    let appended = try ShellProcess.run([
      "-c", "record --append \(path)", "-c", "search fr", "-c", "record stop",
    ])
    #expect(appended.status == 0)
    let replay = try ShellProcess.run(["--script", path])
    #expect(replay.stderr == "")
    // Both recordings replay, the first then the appended one.
    let ger = try #require(replay.stdout.range(of: "[ ger| ] Cancel"))
    let fr = try #require(replay.stdout.range(of: "[ fr| ] Cancel"))
    #expect(ger.upperBound < fr.lowerBound)
  }

  @Test func aFailingLineNamesTheScriptAndLine() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("demo.txt").path
    try Data((Self.demo + "expect count 3\n").utf8).write(to: URL(fileURLWithPath: script))
    let line = Self.demo.split(separator: "\n", omittingEmptySubsequences: false).count
    let failing = try ShellProcess.run(["-f", script])
    #expect(failing.status == 1)
    #expect(failing.stderr == "\(script):\(line): error: Expected count '3', found '4'\n")
  }

  struct BadCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    BadCase(
      arguments: ["--type-delay", "fast"],
      message:
        "error: Invalid value 'fast' for '--type-delay'. Expected a duration from 0 to 2 seconds such as 80ms or 0.1"
    ),
    BadCase(arguments: ["--cast"], message: "error: Missing value for '--cast'"),
    BadCase(
      arguments: ["--cast", "x.cast", "--check", "t.transcript"],
      message: "error: '--check' runs its transcripts alone; leave out '--cast'"),
    BadCase(
      arguments: ["--echo-al"], message: "error: Unknown option '--echo-al'. Did you mean '--echo-all'?"),
  ])
  func badPresentingArgumentsExit64(_ example: BadCase) throws {
    let result = try ShellProcess.run(example.arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(example.message + "\n"))
  }

  @Test func aCastThatCannotBeWrittenStopsBeforeAnythingRuns() throws {
    let result = try ShellProcess.run(["--cast", "/nonexistent/demo.cast", "-c", "echo ran"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "error: Cannot write '/nonexistent/demo.cast': no such file or directory\n")
  }
}
