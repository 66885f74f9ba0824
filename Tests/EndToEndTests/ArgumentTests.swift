import Testing

/// The command line: help, version, and bad arguments (exit 64, usage on standard error).
struct ArgumentTests {
  struct BadCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badCases: [BadCase] = [
    BadCase(
      arguments: ["--flavour", "display"],
      message: "error: Unknown option '--flavour'. Did you mean '--flavor'?"),
    BadCase(
      arguments: ["--flavor", "modern"],
      message: "error: Invalid value 'modern' for '--flavor'. Expected 'controller', 'display' or 'custom'"),
    BadCase(arguments: ["-c"], message: "error: Missing value for '-c'"),
    BadCase(arguments: ["extra"], message: "error: No dataset or file named 'extra'."),
    BadCase(arguments: ["--dataset", "nowhere.txt"], message: "error: No such file 'nowhere.txt'"),
    // Suggestions come from the one option table, the presenting and exploring flags included.
    BadCase(arguments: ["--pcik"], message: "error: Unknown option '--pcik'. Did you mean '--pick'?"),
    BadCase(
      arguments: ["--type-dely", "1s"],
      message: "error: Unknown option '--type-dely'. Did you mean '--type-delay'?"),
    BadCase(arguments: ["--no-rcc"], message: "error: Unknown option '--no-rcc'. Did you mean '--no-rc'?"),
    BadCase(arguments: ["--command"], message: "error: Missing value for '--command'"),
    BadCase(arguments: ["--cast=x.cast", "--check"], message: "error: Missing value for '--check'"),
  ]

  @Test(arguments: badCases)
  func badArgumentsExit64WithUsage(_ example: BadCase) throws {
    let result = try ShellProcess.run(example.arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix(example.message + "\n"))
  }

  @Test func helpAndVersionExitZero() throws {
    let help = try ShellProcess.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: SearchShell"))
    #expect(help.stdout.contains("USAGE: searchshell [FILE...] [OPTIONS] [-c COMMAND | -f FILE]...\n"))
    let version = try ShellProcess.run(["--version"])
    #expect(help.stdout.contains("\n  FILE...     A file, a bundled dataset's name,"))
    #expect(help.stdout.contains("\n  --title COL                FILE's title column\n"))
    #expect(version.stdout == "searchshell 0.1.0\n")
    #expect(version.status == 0)
  }
}
