import Foundation
import Testing

/// Scripts through the built binary: exit statuses, parameters, nesting, recording, `--check`.
@Suite struct ScriptTests {
  /// A scratch folder with `files` in it, removed by the caller's `defer`.
  private func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-scripts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
  }

  struct StatusCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let input: String
    let status: Int32
    let stderr: String
    var testDescription: String {
      (arguments + [input.replacingOccurrences(of: "\n", with: "; ")]).joined(separator: " ")
    }
  }

  static let statusCases: [StatusCase] = [
    StatusCase(arguments: [], input: "search ger\n", status: 0, stderr: ""),
    StatusCase(
      arguments: [], input: "select 999\nsearch ger\n", status: 1,
      stderr: "error: Row '999' is out of range: the main table has rows 1-249\n"),
    StatusCase(
      arguments: ["--bail"], input: "select 999\nsearch ger\n", status: 3,
      stderr: "error: Row '999' is out of range: the main table has rows 1-249\n"),
    StatusCase(
      arguments: ["--bail", "-c", "expect active true", "-c", "search ger"], input: "", status: 3,
      stderr: "error: Expected active 'true', found 'false'\n"),
    StatusCase(
      arguments: ["--param", "q=ger"], input: "search {q}\nexpect count 4\n", status: 0, stderr: ""),
    StatusCase(
      arguments: ["--param", "q=ger"], input: "search {q}\nexpect row 1 {missing}\n", status: 64,
      stderr:
        "error: Parameter 'missing' is not set (line 2 of 'standard input'). Pass --param missing=VALUE\n"),
    StatusCase(
      arguments: ["-c", "echo {who}"], input: "", status: 64,
      stderr: "error: Parameter 'who' is not set (line 1 of '-c'). Pass --param who=VALUE\n"),
    StatusCase(
      arguments: [], input: "echo {who}\n", status: 1,
      stderr: "error: Parameter 'who' is not set. Pass --param who=VALUE\n"),
    StatusCase(
      arguments: ["--param", "bad name=1"], input: "", status: 64, stderr: "error: Invalid parameter name"),
    StatusCase(
      arguments: ["--pace", "soon"], input: "", status: 64, stderr: "error: Invalid value 'soon' for '--pace'"
    ),
    StatusCase(
      arguments: ["--script", "nowhere.txt"], input: "", status: 64,
      stderr: "error: No such file 'nowhere.txt'\n"),
    StatusCase(
      arguments: ["-c", "focus", "-f", "nowhere.txt"], input: "", status: 64,
      stderr: "error: No such file 'nowhere.txt'\n"),
  ]

  @Test(arguments: statusCases)
  func exitStatus(_ example: StatusCase) throws {
    let result = try ShellProcess.run(example.arguments, input: example.input)
    #expect(result.status == example.status)
    #expect(result.stderr.hasPrefix(example.stderr))
  }

  @Test func bailStopsBeforeTheNextCommandEvenInsideSource() throws {
    let dir = try folder([
      "inner.txt": "focus\nselect 99\necho never\n", "outer.txt": "source inner.txt\necho never either\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try ShellProcess.run(["--bail", "--script", dir.appendingPathComponent("outer.txt").path])
    #expect(result.status == 3)
    #expect(!result.stdout.contains("never"))
    // The error names the script and line it came from, as a compiler would.
    #expect(result.stderr == "inner.txt:2: error: Row '99' is out of range: the results table is empty\n")
  }

  @Test func sourceNestsRelativeToTheScriptAndStopsAtTheLimit() throws {
    let dir = try folder([
      "a.txt": "echo in a\nsource b.txt\n", "b.txt": "echo in b\n", "loop.txt": "source loop.txt\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let nested = try ShellProcess.run(["-f", dir.appendingPathComponent("a.txt").path])
    #expect(nested.stdout == "in a\nin b\n")
    #expect(nested.status == 0)
    let loop = try ShellProcess.run(["-c", "source \(dir.appendingPathComponent("loop.txt").path)"])
    #expect(
      loop.stderr
        == "loop.txt:1: error: Cannot source 'loop.txt': scripts nest more than 16 deep (does a script source itself?)\n"
    )
    #expect(loop.status == 1)
  }

  @Test func echoPrintsEachCommandBeforeItsOutputAndNarrationOnce() throws {
    let input = "# note\n\nfocus\necho done\npause\n"
    let result = try ShellProcess.run(["--echo"], input: input)
    #expect(result.stdout == "> focus\n[ |Search here... ] Cancel\nresults table · 0 of 249\ndone\n")
    // A transcript keeps every line as written, so it can be run again.
    let all = try ShellProcess.run(["--echo-all"], input: input)
    #expect(
      all.stdout
        == "> # note\n> focus\n[ |Search here... ] Cancel\nresults table · 0 of 249\n> echo done\ndone\n> pause\n"
    )
  }

  @Test func recordingReplaysToTheSameOutput() throws {
    let dir = try folder([:])
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("session.txt").path
    let session = try ShellProcess.run([
      "-c", "load candies", "-c", "set flavor custom", "-c", "trace on", "-c", "search c", "-c",
      "record \(file)",
      "-c", "scope Hard", "-c", "type c", "-c", "select 1", "-c", "expect selected candy cane", "-c",
      "status",
      "-c", "set page 3", "-c", "cancel", "-c", "diagram last", "-c", "record stop", "-c", "status",
    ])
    #expect(session.status == 0)
    let lines = session.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Recording to") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("Stopped recording") })
    let recorded = lines[(start + 1)..<end].map { $0 + "\n" }.joined()
    let script = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      script.hasPrefix(
        "# SearchShell recording. Replay: searchshell --script FILE\n# dataset: candies; flavor custom;"))
    #expect(!script.split(separator: "\n").contains { $0.hasPrefix("record") })
    let replay = try ShellProcess.run(["--script", file])
    #expect(replay.stderr == "")
    #expect(replay.status == 0)
    #expect(replay.stdout == recorded)
  }

  @Test func checkPrintsAUnifiedDiffAndExitsOne() throws {
    let dir = try folder([
      "t.transcript":
        "> search niger\n[ niger| ] Cancel\nresults table · 2 of 249\n  1  Niger\n  2  Nigeria!\n"
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("t.transcript").path
    let result = try ShellProcess.run(["--check", path])
    #expect(
      result.stdout == """
        --- \(path)
        +++ \(path) (actual)
        @@ -2,4 +2,4 @@
         [ niger| ] Cancel
         results table · 2 of 249
           1  Niger
        -  2  Nigeria!
        +  2  Nigeria

        """)
    #expect(result.status == 1)
  }

  @Test func pacingChangesNothingWhenNotOnATerminal() throws {
    let plain = try ShellProcess.run(["-c", "type ger", "-c", "select 1"])
    let started = Date()
    let paced = try ShellProcess.run(["--pace", "2s", "--step", "-c", "type ger", "-c", "select 1"])
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(paced.stdout == plain.stdout)
    #expect(paced.status == 0)
  }
}
