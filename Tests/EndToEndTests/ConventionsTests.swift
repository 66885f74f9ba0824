import Foundation
import Testing

/// The flags and commands every command-line user tries first, as the tools they come from
/// behave: `-V`, `--color`, `COLUMNS`/`LINES`, psql's and sqlite3's `\q` and `.help`, `clear`.
@Suite struct ConventionsTests {
  static let escape = "\u{1B}["

  @Test(arguments: ["-V", "--version"])
  func versionFlags(_ flag: String) throws {
    let result = try ShellProcess.run([flag])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("searchshell "))
    #expect(result.stderr.isEmpty)
  }

  /// `--color` and `NO_COLOR`: `always` colours piped output, as `ls --color=always`; `never`
  /// and a pipe under `auto` do not.
  @Test(arguments: [
    (["--color", "always"], [String: String](), true),
    (["--color=always"], ["NO_COLOR": "1"], true),
    (["--color", "never"], [:], false),
    (["--color", "auto"], [:], false),
    ([], [:], false),
  ])
  func color(_ flags: [String], _ environment: [String: String], _ colored: Bool) throws {
    let result = try ShellProcess.run(
      ["--no-rc", "-c", "search united"] + flags, environment: environment)
    #expect(result.status == 0)
    #expect(result.stdout.contains(Self.escape) == colored)
  }

  @Test(arguments: ["bogus", "", "ALWAYS"])
  func badColor(_ value: String) throws {
    let result = try ShellProcess.run(["--color", value, "-c", "status"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: Invalid value '\(value)' for '--color'"))
  }

  /// Piped output is 80 columns wide unless `COLUMNS` (or `--cols`) says otherwise.
  @Test(arguments: [
    ([String: String](), [String](), 80),
    (["COLUMNS": "50"], [], 50),
    (["COLUMNS": "50"], ["--cols", "60"], 60),
    (["COLUMNS": "junk"], [], 80),
    (["COLUMNS": "0"], [], 80),
  ])
  func width(_ environment: [String: String], _ flags: [String], _ width: Int) throws {
    let result = try ShellProcess.run(["--no-rc", "-c", "help"] + flags, environment: environment)
    #expect(result.status == 0)
    let widest = result.stdout.split(separator: "\n").map { WidthTests.columns(String($0)) }.max() ?? 0
    #expect(widest <= width)
    #expect(widest > width - 10)
  }

  /// `LINES` (or `--rows`) sizes a page as a terminal's height would; without it a page is 10 rows.
  @Test(arguments: [
    ([String: String](), [String](), 10),
    (["LINES": "20"], [], 15),
    (["COLUMNS": "100"], [], 10),
    (["LINES": "20"], ["--rows", "30"], 25),
  ])
  func pageHeight(_ environment: [String: String], _ flags: [String], _ rows: Int) throws {
    let result = try ShellProcess.run(["--no-rc", "-c", "list"] + flags, environment: environment)
    // The bar, the table's title, then `rows` rows and the line saying how many are left.
    #expect(result.stdout.contains(" \(rows)  "))
    #expect(!result.stdout.contains(" \(rows + 1)  "))
    #expect(result.stdout.contains("… \(249 - rows) more (list 2, or list all)"))
  }

  /// A rendered cast records `COLUMNS` × `LINES`, or `--cols` × `--rows` (asciinema rec's).
  @Test(arguments: [
    ([String: String](), [String](), "\"width\": 80, \"height\": 24"),
    (["COLUMNS": "100", "LINES": "30"], [], "\"width\": 100, \"height\": 30"),
    (["COLUMNS": "100"], ["--cols", "120", "--rows", "40"], "\"width\": 120, \"height\": 40"),
  ])
  func castSize(_ environment: [String: String], _ flags: [String], _ header: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conventions-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cast = folder.appendingPathComponent("a.cast").path
    let result = try ShellProcess.run(
      ["--no-rc", "-c", "search a", "--cast", cast] + flags, environment: environment)
    #expect(result.status == 0)
    let first = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").first ?? ""
    #expect(first.contains(header))
  }

  @Test(arguments: [["--cols", "0"], ["--rows", "x"], ["--cols", "1001"]])
  func badSize(_ flags: [String]) throws {
    let result = try ShellProcess.run(["-c", "status"] + flags)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: Invalid value '\(flags[1])' for '\(flags[0])'"))
  }

  /// psql's `\q` and sqlite3's `.quit` leave; `\?`, `\h` and `.help` show the commands.
  @Test(arguments: ["\\q", ".quit", "quit", "exit"])
  func quitAliases(_ command: String) throws {
    let result = try ShellProcess.run(["--no-rc"], input: "\(command)\nstatus\n")
    #expect(result.status == 0)
    #expect(!result.stdout.contains("dataset: countries"))
  }

  @Test(arguments: ["\\?", "\\h", ".help", "help"])
  func helpAliases(_ command: String) throws {
    let result = try ShellProcess.run(["--no-rc", "-c", command])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: COMMAND [ARGUMENTS]"))
  }

  /// `clear`: the (x) button while there is text; the screen when there is none and no search;
  /// an error naming both when the search is active and empty.
  @Test(arguments: [
    ([String](), 0, "active: false\ntext: \"\"\n"),
    (["search ab"], 0, "active: true\ntext: \"\"\n"),
    (["focus"], 1, "error: There is nothing to clear"),
  ])
  func clear(_ setup: [String], _ status: Int32, _ shown: String) throws {
    let commands = setup + ["clear", "status"]
    let result = try ShellProcess.run(["--no-rc"] + commands.flatMap { ["-c", $0] })
    #expect(result.status == status)
    #expect((result.stdout + result.stderr).contains(shown))
    #expect(!result.stdout.contains(Self.escape))
  }
}
