import ShellCore
import Tables

/// fzf's options, as `--pick` and `--filter` read them: on such a command line these names mean
/// what they mean to fzf (`-d` is the field delimiter, `-q` the query, `-f` the filter), and
/// `SEARCHSHELL_DEFAULT_OPTS` comes first, as `FZF_DEFAULT_OPTS` does.
enum PickerArguments {
  /// The variable holding default options, read as shell words (fzf's `FZF_DEFAULT_OPTS`).
  static let defaultOptionsVariable = "SEARCHSHELL_DEFAULT_OPTS"
  /// fzf's status for a bad command line.
  static let failureStatus: Int32 = 2

  /// Every option a picking command line takes, in the order `--pick --help` lists them.
  static let options: [CommandLineOption] =
    [ExploringArguments.pickOption, ExploringArguments.filterOption] + searchOptions + screenOptions
    + rowOptions + programOptions

  /// Whether `words` pick or filter, so that they are read with these options.
  static func isPicking(_ words: [String]) -> Bool {
    words.contains { $0 == "--pick" || $0 == "--filter" || $0.hasPrefix("--filter=") }
  }

  /// What the search looks for and how.
  static let searchOptions: [CommandLineOption] = [
    .value("-f") { arguments, value throws(Arguments.Failure) in arguments.exploring.filter = value }
      .help("The same as --filter TEXT (fzf's -f)", value: "TEXT"),
    .value("-q", "--query") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.query = value
    }
    .help("Start with TEXT in the search bar", value: "TEXT"),
    .flag("-e", "--exact") { $0.exploring.picker.exact = true }
      .help("Match substrings, not fuzzy ('TERM does per term)"),
    .flag("+e", "--no-exact") { $0.exploring.picker.exact = false }.help("Fuzzy again after -e"),
    .flag("-i", "--ignore-case") { $0.exploring.picker.caseRule = .ignore }.help("Ignore case"),
    .flag("+i", "--no-ignore-case") { $0.exploring.picker.caseRule = .respect }
      .help("Match case (with --exact)"),
    .flag("--smart-case") { $0.exploring.picker.caseRule = .smart }
      .help("Match case if TEXT has an uppercase letter (default)"),
    .value("--match") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.match = try matchRule(value)
    }.help(
      "Search with SearchShell's RULE instead", value: "RULE",
      more:
        "Search with one of SearchShell's rules instead of fzf's: exact, ci, fold, smart, prefix, fuzzy, regex.",
      completes: .words(MatchRule.allCases.map(\.rawValue))),
    .value("-n", "--nth") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.searchedFields = try fields(value, option: "--nth")
    }.help(
      "Search only these fields (1, -1, 2.., 1..3)", value: "N[,..]",
      more: "Search only these fields of each row: 1, -1 (the last), 2.., ..3, 1..-2, comma-separated."),
    .value("-d", "--delimiter") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.delimiter = try delimiter(value)
    }.help(
      "Fields end at STR (default: runs of blanks)", value: "STR",
      more:
        "Fields end at STR, a literal string (\\t is a tab); by default at runs of spaces and tabs, as awk."),
    .flag("--no-sort", "+s") { $0.exploring.picker.sorts = false }
      .help("Keep the input's order, not best first"),
    .flag("--tac") { $0.exploring.picker.reversesInput = true }.help("Reverse the input's order"),
  ]

  /// What the picker draws and how it picks.
  static let screenOptions: [CommandLineOption] = [
    CommandLineOption(names: ["-m", "--multi"], value: .optional) {
      arguments, values throws(Arguments.Failure) in
      var most = Int.max
      if let value = values.first { most = try count(value, option: "--multi") }
      arguments.exploring.picker.multi = most
    }.help(
      "Tab marks rows; Enter prints them (at most MAX)", value: "[=MAX]",
      more: "Tab and Shift-Tab mark rows (at most MAX, with --multi=MAX); Enter prints the marked rows."),
    .flag("+m", "--no-multi") { $0.exploring.picker.multi = nil }.help("Pick one row only (default)"),
    .value("--preview") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.preview = value
    }
    .help(
      "Show CMD's output for the current row", value: "CMD",
      more:
        "Run CMD with sh for the current row and show its output beside the rows: {} is the row, quoted, {q} the query, {n} the row's index, {+} the marked rows.",
      completes: .nothing),
    .value("--preview-window") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.previewWindow = try previewWindow(value)
    }.help("Where, how big: right:50%, down,40%, hidden, wrap", value: "OPTS"),
    .value("--height") { arguments, value throws(Arguments.Failure) in
      guard let height = PickHeight(value) else {
        throw Arguments.Failure(
          message:
            "Invalid value \(Sanitizer.quoted(value)) for '--height'. Expected N, N% or ~N% (1 to 100%)")
      }
      arguments.exploring.picker.height = height
    }.help(
      "Take N lines or N% below the prompt", value: "[~]N[%]",
      more:
        "Draw in N lines (or N% of the terminal) below the prompt, without the alternate screen, leaving the lines above as they were; ~N: no more than the rows need."
    ),
    .flag("-1", "--select-1") { $0.exploring.picker.selectsOne = true }
      .help("Pick the only match without asking"),
    .flag("-0", "--exit-0") { $0.exploring.picker.exitsOnNone = true }
      .help("Exit 1 when the input ends with no match"),
    .flag("--cycle") { $0.exploring.picker.cycles = true }.help("Moving past an end wraps around"),
    .value("--prompt") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.prompt = value
    }
    .help("The prompt before the query (default '> ')", value: "STR"),
    .value("--header") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.header = value
    }
    .help("Show STR above the rows", value: "STR"),
    .value("--header-lines") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.headerLines = try count(value, option: "--header-lines", allowsZero: true)
    }.help("The first N rows are a header, not rows", value: "N"),
    .value("--with-nth") { arguments, value throws(Arguments.Failure) in
      arguments.exploring.picker.shownFields = try fields(value, option: "--with-nth")
    }.help("Show only these fields (the whole row prints)", value: "N[,..]"),
    .flag("--reverse") { _ in }.help("The bar on top (SearchShell always draws it so)"),
    .value("--layout") { _, value throws(Arguments.Failure) in
      guard value == "reverse" else {
        throw Arguments.Failure(
          message:
            "Invalid value \(Sanitizer.quoted(value)) for '--layout'. SearchShell draws the search bar on top: only 'reverse'"
        )
      }
    }.help("reverse: the bar on top (the only layout)", value: "reverse", completes: .words(["reverse"])),
    .flag("--ansi") { $0.exploring.picker.ansi = true }.help("Show colour escapes in rows as colours"),
  ]

  /// How rows are read and printed.
  static let rowOptions: [CommandLineOption] = [
    .flag("--read0") { $0.exploring.picker.readsNUL = true }.help("Rows read end at NUL, not LF"),
    .flag("--print0") { $0.exploring.picker.printsNUL = true }.help("Rows printed end with NUL, not LF"),
  ]

  /// The program's own, as on any command line.
  static let programOptions: [CommandLineOption] =
    Arguments.programOptions.filter { option in
      option.names.contains { ["-h", "-V", "--color"].contains($0) }
    } + [Arguments.option(named: "--no-rc")].compactMap { $0 }
}
