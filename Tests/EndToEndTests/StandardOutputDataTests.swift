import Foundation
import Testing

/// Rows as data on standard output (`export -`): exact bytes into a pipe, escaped on a
/// terminal, and JSON as it came (an object holding the rows, numbers kept).
@Suite(.serialized) struct StandardOutputDataTests {
  @Test func exportMinusWritesTheExactRowsToAPipe() throws {
    let result = try ShellProcess.run(
      [
        "-c", "load - --format csv", "-c", "quiet search an", "-c", "export -", "-c",
        "export - --format jsonl",
      ],
      input: "name,note\nBanana,\"a\u{1B}]0;x\u{7}b\"\nKiwi,k\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(
      result.stdout.hasSuffix(
        "name,note\nBanana,a\u{1B}]0;x\u{7}b\n{\"name\": \"Banana\", \"note\": \"a\\u001b]0;x\\u0007b\"}\n"))
  }

  @Test func aJSONObjectHoldingTheRowsLoadsAndExportsTypes() throws {
    let input =
      #"{"version": 2, "3166-1": [{"name": "Germany", "numeric": 276, "eu": true}, {"name": "Norway", "numeric": 578, "eu": false}]}"#
    let result = try ShellProcess.run(
      ["-c", "load - --format json", "-c", "quiet search way", "-c", "export - --format json"], input: input)
    #expect(result.stderr == "")
    #expect(result.stdout.hasSuffix("[\n  {\"name\": \"Norway\", \"numeric\": 578, \"eu\": false}\n]\n"))
    let chosen = try ShellProcess.run(
      ["-c", "load - --format json --path meta.rows", "-c", "export - --format csv"],
      input: #"{"meta": {"rows": [["a", 1], ["b", 2]]}, "other": [3]}"#)
    #expect(chosen.stdout.hasSuffix("1,2\na,1\nb,2\n"))
    let ambiguous = try ShellProcess.run(["-c", "load - --format json"], input: #"{"a": [1], "b": [2]}"#)
    #expect(
      ambiguous.stderr
        == "error: 'standard input' holds several arrays: a, b. Choose the rows with --path KEY\n")
    #expect(ambiguous.status == 1)
  }

  /// `--dataset FILE --path KEY.KEY` opens the rows there, and a recording loads them so again.
  @Test func datasetWithAPathAndItsRecording() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("path-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("api.json")
    try Data(
      #"{"meta": {"n": 2}, "data": {"items": [{"name": "Oslo", "pop": 709037}, {"name": "Lima"}]}}"#.utf8
    )
    .write(to: file)
    let script = folder.appendingPathComponent("replay.txt").path
    let result = try ShellProcess.run([
      "--dataset", file.path, "--path", "data.items", "-c", "record \(script)", "-c", "search o",
      "-c", "export - --format jsonl", "-c", "record stop",
    ])
    #expect(result.stderr == "")
    #expect(result.stdout.contains("{\"name\": \"Oslo\", \"pop\": 709037}\n"))
    let replay = try ShellProcess.run(["--script", script])
    #expect(replay.stderr == "")
    #expect(replay.stdout.hasSuffix("{\"name\": \"Oslo\", \"pop\": 709037}\n"))
    let missing = try ShellProcess.run(["--dataset", file.path, "--path", "data.rows", "-c", "status"])
    #expect(missing.stderr == "error: No key 'data.rows' in '\(file.path)'. Keys there: items\n")
    #expect(missing.status == 64)
    let alone = try ShellProcess.run(["--path", "a"])
    #expect(alone.stderr.hasPrefix("error: '--path' says how FILE opens: give a FILE (or --dataset)\n"))
    #expect(alone.status == 64)
  }

  /// On a terminal the same rows pass the sanitizer: the file cannot set the pane's title.
  @Test func exportMinusOnATerminalIsEscaped() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "export-tty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("hostile.csv")
    try Data("name\nx\u{1B}]0;PWNED\u{7}y\n".utf8).write(to: file)
    let terminal = try TerminalSession(arguments: "--dataset '\(file.path)'")
    try await terminal.waitFor("hostile>")
    try terminal.send("C-l")
    try terminal.type("export -")
    try terminal.send("Enter")
    let screen = try await terminal.waitFor("hostile> export -\nname\nx\\e]0;PWNED\\u{7}y\nhostile>")
    #expect(screen.hasPrefix("hostile> export -\nname\nx\\e]0;PWNED\\u{7}y\nhostile>"))
    #expect(try !terminal.title().contains("PWNED"))
  }
}
