import Foundation
import Testing

/// The start-up file: run before the first command, found where psql and XDG users look, a bad
/// line reported with its file and line while the session goes on, skipped with `--no-rc`.
@Suite(.serialized) struct StartupFileTests {
  /// A home folder with `files` (paths relative to it), removed by the caller's `defer`.
  private func home(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-home-\(UUID().uuidString)")
    for (name, text) in files {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return url
  }

  private func run(_ arguments: [String], input: String = "", home: URL, xdg: String? = nil) throws
    -> ShellProcess.Result
  {
    // ShellProcess empties SEARCHSHELL_RC; `env -u` takes it away so the folders are searched.
    var environment = ["HOME": home.path, "XDG_CONFIG_HOME": xdg ?? ""]
    environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
    return try ShellProcess.runProgram(
      "/usr/bin/env", ["-u", "SEARCHSHELL_RC", ShellProcess.executableURL.path] + arguments, input: input,
      environment: environment)
  }

  @Test func theStartupFileRunsFirstAndABadLineIsReportedWithItsLine() throws {
    let dir = try home([".searchshellrc": "# my settings\nset page 2\nlod candies\necho from rc\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let rc = dir.appendingPathComponent(".searchshellrc").path
    let result = try run(["-c", "echo first command", "-c", "list"], home: dir)
    #expect(result.stderr == "error: \(rc):3: Unknown command 'lod'. Did you mean 'load'?\n")
    let page =
      "Countries · main table · 249 of 249\n    1  Afghanistan\n    2  Åland Islands\n  … 247 more (list 2, or list all)\n"
    #expect(
      result.stdout == "[ Search here... ]\n" + page + "from rc\nfirst command\n[ Search here... ]\n" + page)
    // The file's failure is not the commands': the exit status is theirs.
    #expect(result.status == 0)
    let piped = try run([], input: "echo piped\n", home: dir)
    #expect(piped.stdout.hasSuffix("from rc\npiped\n"))
  }

  /// Issue 37: a failing line of a script the start-up file `source`s leaves the status alone.
  ///
  /// It made the exit status 1 (and, under `--bail`, stopped the commands before they ran). It
  /// warns and nothing more: `--bail` is for the commands, so the sourced script runs on.
  @Test(arguments: [[String](), ["--bail"]])
  func aFailingLineOfASourcedScriptLeavesTheExitStatusAlone(_ flags: [String]) throws {
    let dir = try home([
      ".searchshellrc": "source ~/more.ss\necho from rc\n", "more.ss": "lod candies\necho more\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try run(flags + ["-c", "echo first command"], home: dir)
    #expect(result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
    #expect(result.stderr.contains("Unknown command 'lod'"))
    #expect(result.stdout.hasSuffix("more\nfrom rc\nfirst command\n"))
    #expect(result.status == 0)
    // Piped commands too: the status is theirs alone, and a failing one of theirs still counts.
    #expect(try run(flags, input: "echo piped\n", home: dir).status == 0)
    #expect(try run(flags, input: "lod x\n", home: dir).status == (flags.isEmpty ? 1 : 3))
  }

  @Test(arguments: ["--no-rc", "-X"])
  func noRcSkipsIt(_ flag: String) throws {
    let dir = try home([".searchshellrc": "echo from rc\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try run([flag, "-c", "echo only"], home: dir)
    #expect(result.stdout == "only\n")
    #expect(result.stderr == "")
  }

  @Test func theXDGFileComesFirstAndSEARCHSHELL_RCNamesAnother() throws {
    let dir = try home([
      ".searchshellrc": "echo home\n", "config/searchshell/rc": "echo xdg\n", "other.rc": "echo named\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let xdg = try run(["-c", "echo x"], home: dir, xdg: dir.appendingPathComponent("config").path)
    #expect(xdg.stdout == "xdg\nx\n")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent(".config/searchshell"), withIntermediateDirectories: true)
    try Data("echo dot-config\n".utf8).write(to: dir.appendingPathComponent(".config/searchshell/rc"))
    let defaultConfig = try run(["-c", "echo x"], home: dir)
    #expect(defaultConfig.stdout == "dot-config\nx\n")
    let named = try ShellProcess.run(
      ["-c", "echo x"], environment: ["SEARCHSHELL_RC": "~/other.rc", "HOME": dir.path])
    #expect(named.stdout == "named\nx\n")
    let missing = try ShellProcess.run(["-c", "echo x"], environment: ["SEARCHSHELL_RC": "/nowhere/rc"])
    #expect(missing.stdout == "x\n")
    #expect(missing.stderr == "error: /nowhere/rc: No such file '/nowhere/rc'\n")
    #expect(missing.status == 0)
  }

  /// Transcripts check a fresh session, and `--filter` is a filter: neither reads the file.
  @Test func checkAndFilterDoNotRunIt() throws {
    let dir = try home([
      ".searchshellrc": "echo from rc\nset match prefix\n", "t.transcript": "> echo hi\nhi\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let check = try run(["--check", dir.appendingPathComponent("t.transcript").path], home: dir)
    #expect(check.stdout.hasPrefix("ok "))
    // fzf's fuzzy finds "nan" in banana; the file's prefix rule would not.
    let filter = try run(["--filter", "nan"], input: "banana\n", home: dir)
    #expect(filter.stdout == "banana\n")
    #expect(filter.status == 0)
  }

  /// On a terminal the file's commands run before the first prompt.
  @Test func anInteractiveSessionRunsItBeforeThePrompt() async throws {
    let dir = try home(["config/searchshell/rc": "load candies\nscope Hrd\nset page 3\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let terminal = try TerminalSession(
      setup: "export HOME='\(dir.path)' XDG_CONFIG_HOME='\(dir.path)/config';", startupFile: nil)
    let screen = try await terminal.waitFor("candies>")
    #expect(screen.contains("Loaded 'candies': 9 rows"))
    #expect(screen.contains("error: \(dir.path)/config/searchshell/rc:2: Unknown scope 'Hrd'."))
    try terminal.type("list")
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("… 6 more").contains("  3  dark chocolate"))
  }
}
