import Foundation
import Testing

/// `searchshell FILE...` as sqlite3, less and rg take it: the first file opens with the load
/// options given, and `next`, `previous` and `files` move along the rest.
@Suite struct FileArgumentTests {
  /// A scratch folder with `files` in it, removed by the caller's `defer`.
  private func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
  }

  /// The rows of two small files: a CSV with a `kind` column and a TSV with `title`.
  private let pets = "name,kind\nRex,dog\nTom,cat\nNemo,fish\n"
  private let tools = "title\towner\nhammer\tann\nsaw\tbob\n"

  @Test func aFileArgumentOpensAsDatasetDoes() throws {
    let dir = try folder(["pets.csv": pets])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("pets.csv").path
    let result = try ShellProcess.run([path, "-c", "status"])
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("dataset: pets\nrows: 3\n"))
    let byOption = try ShellProcess.run(["--dataset", path, "-c", "status"])
    #expect(byOption.stdout == result.stdout)
    // A bundled name opens too.
    let bundled = try ShellProcess.run(["candies", "-c", "status"])
    #expect(bundled.stdout.hasPrefix("dataset: candies\n"))
  }

  @Test func loadOptionsApplyBeforeOrAfterTheFile() throws {
    let dir = try folder(["pets.csv": pets, "pets.data": pets])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("pets.csv").path
    for arguments in [[path, "--title", "kind"], ["--title=kind", path]] {
      let result = try ShellProcess.run(arguments + ["-c", "search o", "-c", "expect row 1 dog"])
      #expect(result.stderr == "", "\(arguments)")
      #expect(result.status == 0)
    }
    let noScope = try ShellProcess.run([path, "--scope", "none", "-c", "scope 1"])
    #expect(noScope.stderr == "error: The dataset 'pets' has no scope bar\n")
    let format = try ShellProcess.run([
      dir.appendingPathComponent("pets.data").path, "--format", "csv", "-c", "expect row 1 Rex",
    ])
    #expect(format.stderr == "")
    #expect(format.status == 0)
  }

  @Test func badCommandLinesExit64WithOneErrorLine() throws {
    let dir = try folder(["pets.csv": pets])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("pets.csv").path
    let cases: [([String], String)] = [
      (
        ["--dataset", "candies", path],
        "error: Both '--dataset' 'candies' and the argument '\(path)' name the file to open: give one"
      ),
      (
        [path, "--format", "xml"],
        "error: Invalid value 'xml' for '--format'. Expected 'text', 'csv', 'tsv', 'json' or 'jsonl'"
      ),
      (["--scope", "kind"], "error: '--scope' says how FILE opens: give a FILE (or --dataset)"),
    ]
    for (arguments, message) in cases {
      let result = try ShellProcess.run(arguments + ["-c", "status"])
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix(message + "\nUSAGE: searchshell "), "\(result.stderr)")
    }
    // A column the file lacks is the load's own error, as with --dataset.
    let column = try ShellProcess.run([path, "--title", "colour", "-c", "status"])
    #expect(column.status == 64)
    #expect(column.stderr == "error: Unknown column 'colour'. Columns: name, kind\n")
  }

  @Test func nextPreviousAndFilesMoveAlongTheList() throws {
    let dir = try folder(["pets.csv": pets, "tools.tsv": tools])
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = dir.appendingPathComponent("pets.csv").path
    let second = dir.appendingPathComponent("tools.tsv").path
    let result = try ShellProcess.run([
      first, second, "-c", "files", "-c", "next", "-c", "files", "-c", "next", "-c", "previous", "-c",
      "status",
    ])
    #expect(
      result.stderr == "error: Cannot run 'next': file 2 of 2, '\(second)', is the last\n")
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(lines.prefix(2)) == ["* 1  \(first)", "  2  \(second)"])
    #expect(lines.contains("Loaded 'tools': 2 rows, flavor controller, match fold (file 2 of 2)"))
    #expect(lines.contains("  1  \(first)") && lines.contains("* 2  \(second)"))
    #expect(lines.contains("Loaded 'pets': 3 rows, flavor controller, match fold (file 1 of 2)"))
    #expect(lines.contains("dataset: pets"))
  }

  @Test func theLoadOptionsOpenEveryFile() throws {
    let dir = try folder(["pets.csv": pets, "more.csv": "kind,name\nowl,Hoot\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try ShellProcess.run([
      dir.appendingPathComponent("pets.csv").path, dir.appendingPathComponent("more.csv").path, "--title",
      "kind",
      "-c", "expect row 1 dog", "-c", "next", "-c", "expect row 1 owl",
    ])
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func aFileThatCannotOpenKeepsTheDatasetAndThePosition() throws {
    let dir = try folder(["pets.csv": pets, "tools.tsv": tools])
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = dir.appendingPathComponent("pets.csv").path
    let missing = dir.appendingPathComponent("gone.csv").path
    let third = dir.appendingPathComponent("tools.tsv").path
    let result = try ShellProcess.run([
      first, missing, third, "-c", "next", "-c", "status", "-c", "files", "-c", "next 2", "-c", "previous",
      "-c", "files",
    ])
    #expect(
      result.stderr == "error: No such file '\(missing)'\nerror: No such file '\(missing)'\n")
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "dataset: pets")
    #expect(lines.filter { $0.hasPrefix("* ") } == ["* 1  \(first)", "* 3  \(third)"])
    #expect(lines.contains("Loaded 'tools': 2 rows, flavor controller, match fold (file 3 of 3)"))
  }

  @Test func oneFileOrNoneHasNoOtherFile() throws {
    let one = try ShellProcess.run(["candies", "-c", "next", "-c", "previous", "-c", "files"])
    let noOther = "there is no other file (give several: searchshell FILE FILE...)"
    #expect(
      one.stderr == "error: Cannot run 'next': \(noOther)\nerror: Cannot run 'previous': \(noOther)\n")
    #expect(one.stdout == "* 1  candies\n")
    let none = try ShellProcess.run(["-c", "files", "-c", "next"])
    #expect(none.stdout == "No files on the command line: 'searchshell FILE FILE...' opens several\n")
    #expect(none.stderr == "error: Cannot run 'next': \(noOther)\n")
  }

  /// `files` and `next`'s errors never show a database password, as the history does not.
  @Test func aDatabasePasswordIsNeverShown() throws {
    let url = "postgres://alice:secret@localhost/shop?table=t"
    let result = try ShellProcess.run(["candies", url, "-c", "files", "-c", "previous"])
    #expect(!result.stdout.contains("secret") && !result.stderr.contains("secret"))
    #expect(result.stdout.hasPrefix("* 1  candies\n  2  postgres://alice"))
  }

  /// `-` reads the rows piped in, as `--dataset -` does: the commands come from -c.
  @Test func aDashReadsTheRowsPipedIn() throws {
    let result = try ShellProcess.run(
      ["-", "-c", "status", "-c", "expect row 2 beta"], input: "alpha\nbeta\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("dataset: stdin\nrows: 2\n"))
    let noCommands = try ShellProcess.run(["-"], input: "alpha\n")
    #expect(noCommands.status == 64)
    #expect(
      noCommands.stderr
        == "error: '-' reads the rows from standard input: give the commands with -c or -f, or use --live\n")
  }
}
