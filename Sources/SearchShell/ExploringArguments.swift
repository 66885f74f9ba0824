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

  /// Their lines in `--help`.
  static let help = """
      --pick                  Read rows (lines) from standard input and pick one on
                              the terminal, as fzf: Enter prints it (Tab marks
                              several), Esc exits 1, Ctrl-C 130
      --query TEXT            Start the picker with TEXT in the search bar
      --filter TEXT           Print the lines of standard input that match TEXT, in
                              the rule's order (fuzzy: best first), with no screen;
                              exit 1 when none does
      --match RULE            The rule --pick and --filter search with (default
                              fold; exact, ci, smart, prefix, fuzzy, regex)
      --read0                 Rows piped to --pick and --filter end at NUL, not LF
      --print0                Rows --pick and --filter print end with NUL, not LF
      -X, --no-rc             Skip the start-up file
    """

  /// These options, for `Arguments.options`.
  static let options: [CommandLineOption] = [
    .flag("--pick") { $0.exploring.pick = true },
    .value("--filter") { arguments, value throws(Arguments.Failure) in arguments.exploring.filter = value },
    .value("--query") { arguments, value throws(Arguments.Failure) in arguments.exploring.query = value },
    .value("--match") { arguments, value throws(Arguments.Failure) in arguments.exploring.match = value },
    .flag("--read0") { $0.exploring.readsNUL = true },
    .flag("--print0") { $0.exploring.printsNUL = true },
    .flag("-X", "--no-rc") { $0.exploring.skipsStartupFile = true },
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
