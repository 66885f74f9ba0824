import ShellCore
import Tables

/// The flags for exploring data from a pipeline: the picker, `--filter`, `--match` and the
/// start-up file.
struct ExploringArguments: Equatable {
  /// `--pick`: the rows of standard input on the live screen; Enter prints the one picked.
  var pick = false
  /// `--filter TEXT`: print the rows of standard input that match, with no screen.
  var filter: String?
  /// `--query TEXT`: the text the picker starts with.
  var query: String?
  /// `--match RULE`: the rule the picker and `--filter` search with.
  var match: String?
  /// `--read0`: rows piped in end at NUL, not LF (fzf's, for `find -print0`).
  var readsNUL = false
  /// `--print0`: rows printed end with NUL, not LF (fzf's, for `xargs -0`).
  var printsNUL = false
  /// `--no-rc` / `-X`: skip the start-up file.
  var skipsStartupFile = false

  /// These options, for `Arguments.options`.
  static let options: [CommandLineOption] = [
    .flag("--pick") { $0.exploring.pick = true }
      .help(
        "Pick one of the lines piped in, as fzf",
        more: """
          Read rows (lines) from standard input and pick one on the terminal, as fzf: Enter           prints it (Tab marks several), Esc and Ctrl-C exit 130.
          """),
    .value("--filter") { arguments, value throws(Arguments.Failure) in arguments.exploring.filter = value }
      .help(
        "Print the lines piped in that match TEXT", value: "TEXT",
        more: """
          Print the lines of standard input that match TEXT, in the rule's order (fuzzy: best           first), with no screen; exit 1 when none does.
          """),
    .value("--query") { arguments, value throws(Arguments.Failure) in arguments.exploring.query = value }
      .help("Start the picker with TEXT in the search bar", value: "TEXT"),
    .value("--match") { arguments, value throws(Arguments.Failure) in arguments.exploring.match = value }
      .help(
        "The rule --pick and --filter search with", value: "RULE",
        more:
          "The rule --pick and --filter search with (default fold; exact, ci, smart, prefix, fuzzy, regex).",
        completes: .words(MatchRule.allCases.map(\.rawValue))),
    .flag("--read0") { $0.exploring.readsNUL = true }
      .help("Rows piped to --pick and --filter end at NUL"),
    .flag("--print0") { $0.exploring.printsNUL = true }
      .help("Rows --pick and --filter print end with NUL"),
    .flag("-X", "--no-rc") { $0.exploring.skipsStartupFile = true }
      .help("Skip the start-up file (psql's -X)"),
  ]

  /// How the rows piped in are split and printed.
  var pipedRows: PipedRows {
    PipedRows(separator: readsNUL ? .nul : .lineFeed, terminator: printsNUL ? .nul : .lineFeed)
  }

  /// Why these flags cannot go with the rest of `arguments`, if they cannot.
  func conflict(with arguments: Arguments) -> String? {
    if pick && filter != nil { return "Use either '--pick' or '--filter', not both" }
    if query != nil && !pick { return "'--query' starts the picker's search: use it with '--pick'" }
    if match != nil && !pick && filter == nil {
      return "'--match' chooses the rule of '--pick' and '--filter'; in the shell use 'set match RULE'"
    }
    if (readsNUL || printsNUL) && !pick && filter == nil {
      return
        "'\(readsNUL ? "--read0" : "--print0")' is for the rows of '--pick' and '--filter': use it with one of them"
    }
    guard pick || filter != nil else { return nil }
    let flag = pick ? "'--pick'" : "'--filter'"
    if !arguments.runs.isEmpty || !arguments.checks.isEmpty || arguments.live || !arguments.files.isEmpty {
      return
        "\(flag) searches the lines of standard input alone; leave out -c, -f, --check, --live and the files"
    }
    return nil
  }
}
