import ShellCore

/// One command-line option: its names, its line in `--help`, and what it sets in `Arguments`.
///
/// `ArgumentOption.all` is the one list parsing, the help's OPTIONS and the suggestions for a
/// mistyped option read: a new option is one more entry there (and a field of `Arguments`).
struct ArgumentOption: Sendable {
  /// What the option does with the command line.
  enum Action: Sendable {
    /// Takes no value.
    case flag(@Sendable (inout Arguments) -> Void)
    /// Takes the next argument (or the text after `=`) as its value.
    case value(@Sendable (inout Arguments, String) throws(Arguments.Failure) -> Void)
  }

  /// Every spelling, short and long.
  let names: [String]
  /// How the help's OPTIONS list shows it: the names it advertises and the value's placeholder.
  let label: String
  /// What the help says of it, one line per entry.
  let help: [String]
  /// What it sets.
  let action: Action

  /// The column at which the help's descriptions start.
  static let helpColumn = 26

  /// The option's lines in the help: the label, then the description from `helpColumn`.
  var helpLines: [String] {
    let indent = String(repeating: " ", count: Self.helpColumn)
    let first = "  " + label + String(repeating: " ", count: max(1, Self.helpColumn - 2 - label.count))
    return help.enumerated().map { index, line in (index == 0 ? first : indent) + line }
  }

  /// The option spelled `name`, if any.
  static func named(_ name: String) -> ArgumentOption? {
    all.first { $0.names.contains(name) }
  }

  /// The long names, for suggestions.
  static var longNames: [String] {
    all.flatMap(\.names).filter { $0.hasPrefix("--") }
  }
}

extension ArgumentOption {
  /// Every option, in the order the help lists them.
  static let all: [ArgumentOption] = [
    ArgumentOption(
      names: ["--dataset", "-d"], label: "--dataset NAME|PATH",
      help: ["Open a bundled dataset or a file (default: countries)"],
      action: .value { arguments, value throws(Arguments.Failure) in arguments.dataset = value }),
    ArgumentOption(
      names: ["--flavor"], label: "--flavor F",
      help: ["controller, display or custom (default: the dataset's preset)"],
      action: .value { arguments, value throws(Arguments.Failure) in
        arguments.flavor = try Arguments.flavor(value)
      }),
    ArgumentOption(
      names: ["--trace"], label: "--trace", help: ["Print each delegate callback as it fires"],
      action: .flag { $0.trace = true }),
    ArgumentOption(
      names: ["--live"], label: "--live", help: ["Start in live mode (needs a terminal)"],
      action: .flag { $0.live = true }),
    ArgumentOption(
      names: ["--live-benchmark"], label: "--live-benchmark KEYS",
      help: [
        "Replay KEYS through live mode, one key at a time, and report each",
        "key's time to a drawn frame on standard error (\\b is Backspace,",
        "\\u Ctrl-U); frames go to standard output",
      ],
      action: .value { arguments, value throws(Arguments.Failure) in arguments.liveBenchmark = value }),
    ArgumentOption(
      names: ["-c", "--command"], label: "-c COMMAND",
      help: ["Run COMMAND (repeatable, in order), then exit"],
      action: .value { arguments, value throws(Arguments.Failure) in arguments.commands.append(value) }),
    ArgumentOption(
      names: ["-f", "--script"], label: "-f, --script FILE", help: ["Run the commands in FILE, then exit"],
      action: .value { arguments, value throws(Arguments.Failure) in
        guard arguments.script == nil else {
          throw Arguments.Failure(message: "Only one '--script' may be given")
        }
        arguments.script = value
      }),
    ArgumentOption(
      names: ["--echo"], label: "--echo", help: ["Print each command ('> COMMAND') before its output"],
      action: .flag { $0.echo = true }),
    ArgumentOption(
      names: ["--bail"], label: "--bail", help: ["Stop at the first failing command and exit 3"],
      action: .flag { $0.bail = true }),
    ArgumentOption(
      names: ["--param"], label: "--param NAME=VALUE",
      help: ["Replace {NAME} in scripts with VALUE (repeatable)"],
      action: .value { arguments, value throws(Arguments.Failure) in
        let (name, text) = try Arguments.parameter(value)
        arguments.parameters[name] = text
      }),
    ArgumentOption(
      names: ["--pace"], label: "--pace DURATION",
      help: ["On a terminal, pause between commands (500ms, 2s, 1.5)"],
      action: .value { arguments, value throws(Arguments.Failure) in
        arguments.pace = try Arguments.pace(value)
      }),
    ArgumentOption(
      names: ["--step"], label: "--step", help: ["On a terminal, wait for Enter before each command"],
      action: .flag { $0.step = true }),
    ArgumentOption(
      names: ["--check"], label: "--check FILE",
      help: [
        "Run a golden transcript and show a unified diff where the",
        "output differs; exit 0 when identical, 1 otherwise (repeatable)",
      ],
      action: .value { arguments, value throws(Arguments.Failure) in arguments.checks.append(value) }),
    ArgumentOption(
      names: ["-h", "--help"], label: "-h, --help", help: ["Show this help"],
      action: .flag { $0.showHelp = true }),
    ArgumentOption(
      names: ["--version"], label: "--version", help: ["Show the version"],
      action: .flag { $0.showVersion = true }),
  ]
}
