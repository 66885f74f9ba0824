import Tables
import UIKitModel

/// The options as documented values: the parser, `--help`, the man page, the reference page and
/// the completion scripts all read `Arguments.options`.
extension Arguments {
  /// Every option, in the order help lists them.
  static let options: [CommandLineOption] =
    LoadArguments.options + runOptions + PresentationArguments.options + ExploringArguments.options
    + programOptions

  /// Running commands: the dataset, scripts, transcripts, tracing and live mode.
  static let runOptions: [CommandLineOption] = [
    .value("-d", "--dataset") { arguments, value throws(Failure) in arguments.dataset = value }
      .help(
        "The same as one FILE argument", value: "NAME|PATH|-",
        more: """
          The same as one FILE argument: a bundled dataset's name, a file, - for standard input, or a \
          PostgreSQL table, by a postgres:// URL ('postgres://H/D?table=T') or a libpq keyword/value \
          string as one word ('host=H dbname=D table=T').
          """, completes: .datasetsAndFiles),
    .value("-c", "--command") { arguments, value throws(Failure) in arguments.runs.append(.command(value)) }
      .help(
        "Run COMMAND, then exit (repeatable)", value: "COMMAND",
        more: "Run COMMAND, then exit. -c and -f repeat and mix, and run in the order given."),
    .value("-f", "--script") { arguments, value throws(Failure) in arguments.runs.append(.script(value)) }
      .help(
        "Run the commands in FILE, then exit (repeatable)", value: "FILE",
        more: "Run the commands in FILE, then exit (- reads them from standard input).", completes: .files),
    CommandLineOption(names: ["--check"], value: .words) { arguments, files throws(Failure) in
      arguments.checks += files
    }.help(
      "Run golden transcripts; a diff where they differ", value: "FILE...",
      more: """
        Run golden transcripts, each on a fresh session: a unified diff where the output differs, \
        'ok FILE' where it does not; exit 0 when all are identical, 1 otherwise.
        """, completes: .files),
    .flag("-q", "--quiet", "--batch") { $0.dataOnly = true }
      .help(
        "Write only data (export -, list as data); errors",
        more: """
          Write only data: export -, list in a data format, status and trace json; errors still \
          go to standard error (no screens, banners or notes).
          """),
    .flag("--echo") { $0.echo = true }
      .help(
        "Print each command ('> COMMAND') before its output",
        more: """
          Print each command ('> COMMAND') before its output; narration and notes show once, as \
          what they print.
          """),
    .flag("--bail") { $0.bail = true }.help("Stop at the first failing command and exit 3"),
    .value("--param") { arguments, value throws(Failure) in
      let (name, parameter) = try Self.parameter(value)
      arguments.parameters[name] = parameter
    }.help("Replace {NAME} in scripts with VALUE (repeatable)", value: "NAME=VALUE"),
    .value("--pace") { arguments, value throws(Failure) in arguments.pace = try pace(value) }
      .help(
        "On a terminal, wait DURATION between two actions", value: "DURATION",
        more: """
          On a terminal, wait between two actions of a script (500ms, 2s, 1.5), not before           narration or notes; 'type' shows each key.
          """),
    .flag("--step") { $0.step = true }
      .help("On a terminal, wait for Enter before each action"),
    .value("--flavor") { arguments, value throws(Failure) in arguments.flavor = try flavor(value) }
      .help(
        "controller, display or custom (default: dataset's)", value: "F",
        more:
          "The search controller's flavor: controller, display or custom (default: the dataset's preset).",
        completes: .words(Flavor.allCases.map(\.rawValue))),
    .flag("--trace") { $0.trace = true }
      .help("Print each callback as it fires (trace on)"),
    .flag("--live") { $0.live = true }.help("Start in live mode (needs a terminal)"),
    .value("--live-benchmark") { arguments, value throws(Failure) in arguments.liveBenchmark = value }
      .help(
        "Time each key of KEYS through live mode", value: "KEYS",
        more: """
          Replay KEYS through live mode, one key at a time, and report each key's time to a drawn \
          frame on standard error (\\b is Backspace, \\u Ctrl-U); frames go to standard output.
          """),
  ]

  /// The program's own: colour, help, version, completion and the hidden generators.
  static let programOptions: [CommandLineOption] = [
    .value("--color") { arguments, value throws(Failure) in arguments.color = try ColorChoice.parse(value) }
      .help(
        "Colour on a terminal (auto), always or never", value: "WHEN",
        more: """
          Colour output: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always \
          (through pipes too, for less -R) or never.
          """, completes: .words(ColorChoice.allCases.map(\.rawValue))),
    .value("--completion") { arguments, value throws(Failure) in
      arguments.generated = .completion(try completionShell(value))
    }.help(
      "Print the completion script for SHELL", value: "SHELL",
      more: """
        Print the completion script for bash, zsh or fish: source <(searchshell --completion \
        bash), or save it where the shell loads completions (see docs/reference.md).
        """, completes: .words(CompletionShell.allCases.map(\.rawValue))),
    .flag("-h", "--help") { $0.showHelp = true }.help("Show this help"),
    .flag("-V", "--version") { $0.showVersion = true }.help("Show the version"),
    .flag("--generate-man") { $0.generated = .manPage }.hidden,
    .flag("--generate-reference") { $0.generated = .reference }.hidden,
    .flag("--list-datasets") { $0.generated = .datasetNames }.hidden,
  ]

  /// `--completion SHELL` read.
  private static func completionShell(_ text: String) throws(Failure) -> CompletionShell {
    guard let shell = CompletionShell(rawValue: text) else {
      throw Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '--completion'. Expected 'bash', 'zsh' or 'fish'")
    }
    return shell
  }
}
