import ShellCore
import Tables

/// The flags for exploring data from a pipeline: `--pick`, `--filter` and fzf's options that go
/// with them (`PickerArguments`), and the start-up file.
struct ExploringArguments: Equatable {
  /// `--pick`: the rows of standard input on the live screen; Enter prints the one picked.
  var pick = false
  /// `--filter TEXT`: print the rows of standard input that match, with no screen.
  var filter: String?
  /// fzf's options, read only with `--pick` or `--filter`.
  var picker = PickOptions()
  /// `--no-rc` / `-X`: skip the start-up file.
  var skipsStartupFile = false

  /// Whether the command line picks or filters, so fzf's options and exit statuses apply.
  var isPicking: Bool { pick || filter != nil }

  /// These options, for `Arguments.options`: the two modes and the start-up file.
  static let options: [CommandLineOption] =
    [pickOption, filterOption] + [
      .flag("-X", "--no-rc") { $0.exploring.skipsStartupFile = true }
        .help("Skip the start-up file (psql's -X)")
    ]

  /// `--pick`.
  static let pickOption = CommandLineOption.flag("--pick") { $0.exploring.pick = true }
    .help(
      "Pick piped lines as fzf (--pick --help: options)",
      more: """
        Read rows (lines) from standard input, or a FILE, and pick one on the terminal, as fzf: \
        rows show as they arrive, Enter prints the one picked, Esc or Ctrl-C exits 130. From a \
        terminal with no FILE the rows are the output of SEARCHSHELL_DEFAULT_COMMAND (run by sh), \
        else the files under the current folder. fzf's options go with it (PICKER OPTIONS).
        """)

  /// `--filter TEXT`.
  static let filterOption = CommandLineOption.value("--filter") {
    arguments, value throws(Arguments.Failure) in
    arguments.exploring.filter = value
  }.help(
    "Print the piped lines (or FILE's) matching TEXT", value: "TEXT",
    more: """
      Print the lines of standard input (or of FILE) that match TEXT, best first, with no screen, \
      as fzf --filter; exit 1 when none does. fzf's options go with it (PICKER OPTIONS).
      """)

  /// Why these flags cannot go with the rest of `arguments`, if they cannot.
  func conflict(with arguments: Arguments) -> String? {
    guard isPicking else { return nil }
    if pick && filter != nil { return "Use either '--pick' or '--filter', not both" }
    let flag = pick ? "'--pick'" : "'--filter'"
    if arguments.fileArguments.count > 1 {
      return "\(flag) reads one FILE (or standard input); \(arguments.fileArguments.count) were given"
    }
    return nil
  }
}
