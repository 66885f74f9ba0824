import Foundation
import Testing

/// The binary on the hostile lines: overflowing numbers, CR line ends, overlong lines.
struct HostileLineTests {
  @Test(arguments: ["table", "csv"])
  func anOverflowingPageIsAnErrorAndTheSessionGoesOn(format: String) throws {
    let result = try ShellProcess.run([
      "-c", "set format \(format)", "-c", "set page 9223372036854775807", "-c", "list 1", "-c", "status",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: Invalid value '9223372036854775807' for 'page'. Expected 'auto' or a number of rows from 1 to 1000000\n"
    )
    #expect(result.stdout.contains("dataset: countries"))
  }

  @Test func aCarriageReturnEndsACommandArgument() throws {
    let result = try ShellProcess.run(["-c", "search ger\r", "-c", "status"])
    #expect(result.stderr == "")
    #expect(result.stdout.contains("text: \"ger\""))
  }

  @Test func aPipedScriptWithCRLFRunsLineByLine() throws {
    let result = try ShellProcess.run(input: "search ger\r\nexpect count 4\r\nstatus\r\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(result.stdout.contains("text: \"ger\""))
  }

  @Test func aLoneCarriageReturnEndsAPipedLineAsInAFile() throws {
    let result = try ShellProcess.run(input: "search ger\rexpect count 4\rstatus")
    #expect(result.stderr == "")
    #expect(result.stdout.contains("text: \"ger\""))
  }

  @Test func aLineOverTheLimitIsRefusedWholeAndTheNextRuns() throws {
    let long = "search " + String(repeating: "x", count: 2 << 20)
    let result = try ShellProcess.run(input: long + "\nsearch ger\nstatus\n")
    #expect(
      result.stderr
        == "error: The line is longer than 1048576 bytes (the limit for one command line) and was not run\n")
    #expect(result.stdout.contains("text: \"ger\""))
  }

  @Test func aPipedScriptWithParametersIsReadNoFurtherThanTheScriptLimit() throws {
    let result = try ShellProcess.runProgram(
      "/bin/bash",
      ["-c", "head -c 17000000 /dev/zero | tr '\\0' x | \"$0\" --param a=b", ShellProcess.executableURL.path])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: 'standard input' is too large"), "\(result.stderr)")
  }

  @Test func anOverlongLineWithoutANewlineIsRefusedToo() throws {
    let result = try ShellProcess.run(input: String(repeating: "y", count: 3 << 20))
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: The line is longer than 1048576 bytes"))
  }

  @Test func sourcingADeviceSaysWhatItIs() throws {
    let result = try ShellProcess.run(["-c", "source /dev/zero", "-c", "status"])
    #expect(result.stderr == "error: '/dev/zero' is not a regular file (it is a character device)\n")
    #expect(result.stdout.contains("dataset: countries"))
  }

  @Test func aSelfSourcingScriptPrintsOneError() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("self-\(UUID().uuidString).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try String(repeating: "source \(path)\n", count: 3).write(toFile: path, atomically: true, encoding: .utf8)
    let result = try ShellProcess.run(["-c", "source \(path)", "-c", "echo after"])
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout == "after\n")
  }
}
