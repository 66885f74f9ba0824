import Foundation
import Testing

/// The command line as psql users write it: `-c` and `-f` mixed and repeated, run in order;
/// `--check` with several transcripts; `~` in file arguments.
@Suite struct CommandLineTests {
  /// A scratch folder with `files` in it, removed by the caller's `defer`.
  private func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
  }

  @Test func commandsAndScriptsRunInTheOrderGiven() throws {
    let dir = try folder([
      "script.txt": "echo from the script\nscope Hard\n", "two.txt": "echo second script\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("script.txt").path
    let result = try ShellProcess.run([
      "-c", "load candies", "-f", script, "-c", "status", "-f", dir.appendingPathComponent("two.txt").path,
      "-c", "echo last",
    ])
    #expect(result.stderr == "")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let order = [
      "Loaded 'candies'", "from the script", "scope: All Chocolate [Hard] Other", "dataset: candies",
      "second script", "last",
    ]
    let positions = order.map { marker in lines.firstIndex { $0.hasPrefix(marker) } }
    #expect(positions.allSatisfy { $0 != nil }, "\(lines)")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    #expect(lines.contains("scope: Hard"))
  }

  /// Every script is read before anything runs: a missing one, or an unset parameter in a
  /// later one, stops the whole command line with status 64 and no output.
  @Test func aMissingScriptStopsEverythingBeforeItRuns() throws {
    let dir = try folder(["bad.txt": "echo {missing}\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = try ShellProcess.run(["-c", "echo first", "-f", "nowhere.txt"])
    #expect(missing.stdout == "")
    #expect(missing.status == 64)
    let unset = try ShellProcess.run(["-c", "echo first", "-f", dir.appendingPathComponent("bad.txt").path])
    #expect(unset.stdout == "")
    #expect(unset.stderr.hasPrefix("error: Parameter 'missing' is not set (line 1 of '"))
    #expect(unset.status == 64)
  }

  /// `--bail` stops at the first failure across every `-c` and `-f`.
  @Test func bailStopsAcrossScripts() throws {
    let dir = try folder(["fails.txt": "select 999\necho never\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try ShellProcess.run([
      "--bail", "-c", "echo one", "-f", dir.appendingPathComponent("fails.txt").path, "-c", "echo two",
    ])
    #expect(result.stdout == "one\n")
    #expect(result.status == 3)
  }

  @Test func checkTakesSeveralTranscriptsAndSaysWhichPassed() throws {
    let dir = try folder([
      "a.transcript":
        "> search niger\n[ niger| ] Cancel\nresults table · 2 of 249\n  1  Niger\n  2  Nigeria\n",
      "b.transcript": "> echo hi\nhi\n> echo there\nthere\n",
      "bad.transcript": "> echo hi\nho\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.transcript").path
    let b = dir.appendingPathComponent("b.transcript").path
    let passing = try ShellProcess.run(["--check", a, b])
    #expect(passing.stdout == "ok \(a) (1 command)\nok \(b) (2 commands)\n")
    #expect(passing.status == 0)
    let bad = dir.appendingPathComponent("bad.transcript").path
    let mixed = try ShellProcess.run(["--check", bad, b])
    #expect(mixed.stdout.hasPrefix("--- \(bad)\n+++ \(bad) (actual)\n"))
    #expect(mixed.stdout.hasSuffix("+hi\nok \(b) (2 commands)\n"))
    #expect(mixed.status == 1)
    let withOption = try ShellProcess.run(["--check", a, "--echo"])
    #expect(withOption.status == 0)
  }

  /// `~` is the home folder in file arguments, also where the shell does not expand it (quoted,
  /// or after `=`).
  @Test func tildeIsExpandedInFileArguments() throws {
    let home = try folder([
      "s.txt": "echo from home\n", "t.transcript": "> echo hi\nhi\n", "rows.txt": "alpha\nbeta\n",
    ])
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["HOME": home.path]
    let script = try ShellProcess.run(["-f", "~/s.txt", "--script=~/s.txt"], environment: environment)
    #expect(script.stdout == "from home\nfrom home\n")
    let check = try ShellProcess.run(["--check", "~/t.transcript"], environment: environment)
    #expect(check.stdout == "ok ~/t.transcript (1 command)\n")
    let dataset = try ShellProcess.run(["--dataset=~/rows.txt", "-c", "status"], environment: environment)
    #expect(dataset.stdout.contains("rows: 2"))
    let load = try ShellProcess.run(
      ["-c", "load ~/rows.txt", "-c", "export ~/out.csv", "-c", "source ~/s.txt"], environment: environment)
    #expect(load.stderr == "")
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("out.csv").path))
    #expect(load.stdout.hasSuffix("from home\n"))
  }
}
