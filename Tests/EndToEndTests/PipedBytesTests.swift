import Foundation
import Testing

/// Issue 37: `--filter` and `--pick` pass rows through byte for byte, as fzf does: invalid UTF-8
/// as it came (not U+FFFD), a CR inside its row (rows end at LF only), a NUL kept in its row
/// instead of refusing the whole input (which made `... | xargs rm` act on other names), and
/// fzf's `--read0` and `--print0`.
@Suite(.serialized) struct PipedBytesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    /// `printf`'s format for the input.
    let input: String
    let arguments: String
    /// `printf`'s format for the exact output.
    let output: String
    let status: Int32
    var testDescription: String { "\(arguments) on \(input)" }
  }

  static let cases: [Case] = [
    // The issue's reproducer: only `a\xffb` matches `a`, and it comes out as it went in.
    Case(input: #"a\377b\nc\rd\ne\0f\n"#, arguments: "--filter a", output: #"a\377b\n"#, status: 0),
    // An empty query matches every row: the output is the input, byte for byte.
    Case(
      input: #"a\377b\nc\rd\ne\0f\n\n\300\200\r\n"#, arguments: "--filter ''",
      output: #"a\377b\nc\rd\ne\0f\n\n\300\200\r\n"#, status: 0),
    // A lone CR does not end a row: `x\ry` is one row, matched by `y` and printed whole.
    Case(input: #"x\ry\nz\n"#, arguments: "--filter y", output: #"x\ry\n"#, status: 0),
    // CR LF: the CR is the row's last byte (fzf on Unix), kept on the way out.
    Case(input: #"one\r\ntwo\r\n"#, arguments: "--filter two", output: #"two\r\n"#, status: 0),
    // A NUL no longer refuses the input: the row holding it is a row like any other...
    Case(input: #"keep\0me\nother\n"#, arguments: "--filter other", output: #"other\n"#, status: 0),
    // ...matched on its other bytes, and printed with its NUL.
    Case(input: #"keep\0me\nother\n"#, arguments: "--filter keep", output: #"keep\0me\n"#, status: 0),
    // A last row without its LF is a row; the output ends it.
    Case(input: #"a\nab"#, arguments: "--filter b", output: #"ab\n"#, status: 0),
    // --read0 splits at NUL only (an LF belongs to its name); --print0 ends each row with NUL.
    Case(
      input: #"one\ntwo\0three\0"#, arguments: "--read0 -e --filter t", output: #"one\ntwo\nthree\n"#,
      status: 0),
    Case(
      input: #"a\nb\0c\377\0"#, arguments: "--read0 --print0 --filter ''", output: #"a\nb\0c\377\0"#,
      status: 0),
    Case(input: #"x\ny\n"#, arguments: "--print0 --filter ''", output: #"x\0y\0"#, status: 0),
    // No match: nothing printed, fzf's status 1.
    Case(input: #"a\377\n"#, arguments: "--filter zz", output: "", status: 1),
  ]

  /// The bytes of `command`'s standard output as hex, with its exit status.
  private func hexOutput(_ command: String) throws -> (hex: String, status: Int32, stderr: String) {
    let result = try ShellProcess.runProgram(
      "/bin/bash", ["-c", "set -o pipefail; \(command) | od -An -v -tx1; exit ${PIPESTATUS[1]}"])
    return (
      result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " "), result.status, result.stderr
    )
  }

  @Test(arguments: cases)
  func filterPrintsTheRowsAsTheyCame(_ example: Case) throws {
    let binary = ShellProcess.executableURL.path
    let got = try hexOutput("printf '\(example.input)' | '\(binary)' \(example.arguments)")
    let expected = try hexOutput("printf '\(example.output)'")
    #expect(got.hex == expected.hex)
    #expect(got.status == example.status)
    #expect(got.stderr == "")
  }

  /// The issue's `xargs rm` case: only the names the user had are ever named.
  @Test func xargsActsOnlyOnTheNamesThatCameIn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-xargs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["keep.log", "old.log", "new\nline.log"] {
      try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }
    let binary = ShellProcess.executableURL.path
    let result = try ShellProcess.runProgram(
      "/bin/bash",
      [
        "-c",
        "cd '\(folder.path)' && find . -name '*.log' -print0 | '\(binary)' --read0 --print0 --filter line | xargs -0 rm --",
      ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["keep.log", "old.log"])
  }

  /// The picker prints the bytes of the rows picked, as `--filter` does; the screen shows them
  /// repaired and escaped.
  @Test func thePickerPrintsTheRowsBytes() async throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-picked-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let terminal = try TerminalSession(
      arguments: "--pick --multi --print0 > '\(out.path)'",
      setup: #"printf 'caf\351 latin1\nx\ry\nnul\0in\n' | "#)
    var screen = try await terminal.waitFor("Enter pick")
    #expect(screen.contains("1  caf\u{FFFD} latin1"))
    #expect(screen.contains("2  x\\ry"))
    #expect(screen.contains("3  nul\u{2400}in"))
    // Tab marks the three rows; Enter prints them in the order they were marked.
    try terminal.send("Tab")
    try terminal.send("Tab")
    try terminal.send("Tab")
    screen = try await terminal.waitFor(" • 3  nul")
    try terminal.send("Enter")
    #expect(try await terminal.waitFor("EXIT=").contains("EXIT=0"))
    let expected: [UInt8] =
      Array("caf".utf8) + [0xE9] + Array(" latin1".utf8) + [0, 0x78, 0x0D, 0x79, 0] + Array("nul".utf8) + [0]
      + Array("in".utf8) + [0]
    #expect(try [UInt8](Data(contentsOf: out)) == expected)
  }

  /// An endless pipe, or one endless row, stops at `SEARCHSHELL_LOAD_LIMIT` with one error (the
  /// picker once read with the default limit whatever the variable said).
  @Test(arguments: ["yes", "cat /dev/zero"])
  func anEndlessPipeStopsAtTheLimit(_ source: String) throws {
    let binary = ShellProcess.executableURL.path
    let result = try ShellProcess.runProgram(
      "/bin/bash", ["-c", "\(source) | '\(binary)' --filter y | wc -c; exit ${PIPESTATUS[1]}"],
      environment: ["SEARCHSHELL_LOAD_LIMIT": "1M"])
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(
      result.stderr
        == "error: Cannot load 'standard input': it takes more than the load limit of 1.0 MiB (set SEARCHSHELL_LOAD_LIMIT to change it); the previous dataset stays\n"
    )
    #expect(result.status == 2)
  }

  @Test(arguments: ["--read0", "--print0"])
  func theNULFlagsNeedThePickerOrTheFilter(_ flag: String) throws {
    let result = try ShellProcess.run([flag, "-c", "status"])
    #expect(result.stderr.hasPrefix("error: '\(flag)' goes with '--pick' or '--filter' (fzf's options)"))
    #expect(result.status == 64)
  }
}
