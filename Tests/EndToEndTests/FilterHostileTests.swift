import Foundation
import Testing

/// The one-shot `--filter` on input nobody would write: every byte value, NUL, a 1 MB row,
/// escapes on a terminal; a reader that leaves; input past the load limit.
@Suite(.serialized) struct FilterHostileTests {
  private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filter-hostile-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    return url
  }

  /// What `command` (bash) wrote to standard output, as bytes, and its statuses.
  private func bash(_ command: String, environment: [String: String] = [:]) throws -> (
    stdout: [UInt8], stderr: String, statuses: String
  ) {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filter-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try ShellProcess.runProgram(
      "/bin/bash", ["-c", "\(command) > '\(output.path)'; echo \"${PIPESTATUS[@]}\""],
      environment: environment)
    let bytes = (try? [UInt8](Data(contentsOf: output))) ?? []
    return (bytes, result.stderr, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Rows of every byte value (LF ends them): an empty query prints them back byte for byte,
  /// whatever the rule, from a file or a pipe, reversed with --tac.
  @Test(arguments: [["--filter", ""], ["-e", "--filter", ""], ["--match", "regex", "--filter", " "]])
  func everyByteComesBackAsItCame(_ arguments: [String]) throws {
    var random = SystemRandomNumberGenerator()
    var bytes: [UInt8] = []
    for _ in 0..<2_000 {
      bytes +=
        (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        .filter { $0 != 0x0A } + [0x0A]
    }
    let file = try temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: file) }
    let binary = ShellProcess.executableURL.path
    let words = arguments.map { "'\($0)'" }.joined(separator: " ")
    for command in ["'\(binary)' \(words) '\(file.path)'", "cat '\(file.path)' | '\(binary)' \(words)"] {
      let run = try bash(command)
      #expect(run.stdout == bytes)
      #expect(run.stderr == "")
    }
    let reversed = try bash("'\(binary)' --tac \(words) < '\(file.path)'")
    let rows = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    #expect(reversed.stdout == rows.reversed().flatMap { Array($0) + [0x0A] })
  }

  /// A 1 MB row is searched and printed whole, by the substring rules and fuzzy alike.
  @Test(arguments: [["-e"], [], ["--match", "prefix"]])
  func aMegabyteRowIsARow(_ flags: [String]) throws {
    let long = [UInt8](repeating: 0x78, count: 1 << 20) + Array(" needle".utf8)
    let file = try temporaryFile(Array("short\n".utf8) + long + [0x0A] + Array("other\n".utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let words = (flags + ["--filter", "needle"]).map { "'\($0)'" }.joined(separator: " ")
    let run = try bash("cat '\(file.path)' | '\(ShellProcess.executableURL.path)' \(words)")
    #expect(run.stdout == long + [0x0A])
    #expect(run.statuses == "0 0")
  }

  /// A reader that leaves (`| head -1`) ends the filter quietly, as SIGPIPE would: no error.
  @Test(arguments: [
    "yes | '$BIN' -e --filter y", "seq 1 300000 | '$BIN' --filter 1", "yes | '$BIN' --tac -e --filter y",
  ])
  func aReaderThatLeavesEndsTheRunQuietly(_ pipeline: String) throws {
    let command = pipeline.replacingOccurrences(of: "$BIN", with: ShellProcess.executableURL.path)
    // --tac keeps every row: the limit ends `yes` first, with its one error line.
    let limited = pipeline.contains("--tac")
    let run = try bash("\(command) | head -1", environment: limited ? ["SEARCHSHELL_LOAD_LIMIT": "4M"] : [:])
    if limited {
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.hasPrefix("error: Cannot load 'standard input': it takes more than the load limit"))
    } else {
      #expect(run.stdout == Array((pipeline.hasPrefix("yes") ? "y\n" : "1\n").utf8))
      #expect(run.stderr == "")
      #expect(run.statuses.split(separator: " ").dropFirst().first == "141")
    }
  }

  /// Substring rules stream: input past the load limit is read (and printed as it goes), holding
  /// one row at a time; a row past the limit, or the matches a ranking keeps, stop it.
  @Test func theLimitHoldsWhatIsKeptNotWhatIsRead() throws {
    let binary = ShellProcess.executableURL.path
    let limit = ["SEARCHSHELL_LOAD_LIMIT": "1M"]
    let streamed = try bash("yes | head -c 3000000 | '\(binary)' -e --filter y | wc -l", environment: limit)
    #expect(
      String(decoding: streamed.stdout, as: UTF8.self).trimmingCharacters(in: .whitespaces) == "1500000\n")
    // `yes` itself ends by SIGPIPE when `head` has its bytes.
    #expect(streamed.statuses.hasSuffix(" 0 0 0"))
    for command in [
      "cat /dev/zero | '\(binary)' -e --filter y", "yes | head -c 3000000 | '\(binary)' --filter y",
    ] {
      let stopped = try bash(command, environment: limit)
      #expect(
        stopped.stderr
          == "error: Cannot load 'standard input': it takes more than the load limit of 1.0 MiB (set SEARCHSHELL_LOAD_LIMIT to change it); the previous dataset stays\n"
      )
      #expect(stopped.statuses.hasSuffix(" 2"))
    }
  }

  /// On a terminal a row is one escaped line: its escapes never reach the screen, without
  /// --ansi (shown escaped) or with it (stripped).
  @Test(arguments: [("--filter x", "x\\e]0;PWNED\\u{7}y"), ("--ansi --filter x", "xy")])
  func aRowOnTheTerminalIsEscaped(_ example: (String, String)) async throws {
    let terminal = try TerminalSession(arguments: example.0, setup: "printf 'x\\033]0;PWNED\\007y\\n' | ")
    let screen = try await terminal.waitFor("EXIT=0")
    #expect(screen.contains(example.1))
    #expect(try !terminal.title().contains("PWNED"))
  }
}
