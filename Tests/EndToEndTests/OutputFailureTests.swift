import Foundation
import Testing

/// Standard output and error that cannot be written: the shell never traps, says so once on
/// standard error and exits 1 (as `ls` does); a reader that left ends it quietly.
struct OutputFailureTests {
  /// Runs `script` under bash with `$SHELL_BIN` set to the built binary.
  private func bash(_ script: String) throws -> ShellProcess.Result {
    try ShellProcess.runProgram(
      "/bin/bash", ["-c", script], environment: ["SHELL_BIN": ShellProcess.executableURL.path])
  }

  @Test func aFullDiskOnStandardOutputIsSaidOnceWithExitOne() throws {
    let result = try bash(
      #""$SHELL_BIN" -c 'list all' -c 'list all' -c 'status' > /dev/full; echo "status=$?" >&2"#)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.filter { $0 == "error: cannot write standard output: No space left on device" }.count == 1)
    #expect(lines.last == "status=1")
  }

  @Test func aClosedStandardOutputIsSaidWithExitOne() throws {
    let result = try bash(#""$SHELL_BIN" -c 'list 1' >&-; echo "status=$?" >&2"#)
    #expect(result.stderr.contains("error: cannot write standard output: Bad file descriptor"))
    #expect(result.stderr.hasSuffix("status=1\n"))
  }

  @Test(arguments: ["2>/dev/full", "2>&-"])
  func anUnwritableStandardErrorNeitherTrapsNorLosesOutput(redirect: String) throws {
    let result = try bash(
      #""$SHELL_BIN" -c 'list 1' -c bogus -c 'select nope' -c 'list 2' \#(redirect); echo "status=$?""#)
    // Both tables arrive whole, and the failures still count: exit 1, not a trap's 132+.
    #expect(result.stdout.contains("    1  Afghanistan"))
    #expect(result.stdout.contains("   11  Argentina"))
    #expect(result.stdout.hasSuffix("status=1\n"))
  }

  @Test func anExportWithStandardErrorClosedDoesNotWriteErrorsIntoTheFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.txt").path
    _ = try bash(#""$SHELL_BIN" -c 'export \#(path)' -c bogus -c 'list 1' 2>&-"#)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("error"))
    #expect(text.hasPrefix("Afghanistan\n"))
  }

  @Test func aReaderThatLeavesEndsTheShellQuietly() throws {
    // Far more than a pipe holds, so the shell writes after `head` has gone.
    let commands = Array(repeating: "-c 'list all'", count: 60).joined(separator: " ")
    let result = try bash(#""$SHELL_BIN" \#(commands) | head -1; echo "status=${PIPESTATUS[0]}""#)
    #expect(result.stdout == "[ Search here... ]\nstatus=141\n")
    #expect(result.stderr == "")
  }
}
