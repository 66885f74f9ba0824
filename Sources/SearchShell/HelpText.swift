/// `--help` and the usage lines, generated from `Arguments.options`: one screen, one line an
/// option, pointing to the man page for the rest.
enum HelpText {
  static let overview = """
    SearchShell: the iOS search controller as a terminal program. Load a
    dataset, act on an imaginary search screen one command per user action, and
    watch the delegate callbacks UIKit would send.
    """

  /// The forms of the command line, printed after a bad one.
  static let usage = """
    USAGE: searchshell [FILE...] [OPTIONS] [-c COMMAND | -f FILE]...
           searchshell --check FILE... [--param NAME=VALUE]...
           ls | searchshell --pick [FZF OPTIONS] [FILE]
           ls | searchshell --filter TEXT [FZF OPTIONS] [FILE]
    """

  /// What FILE is, for help and the man page.
  static let fileArgument = """
    A file, a bundled dataset's name, a PostgreSQL table (a postgres:// URL with table=, or a \
    libpq keyword/value string as one word: "host=H dbname=D table=T"; docs/postgres.md), or - \
    for the rows piped in (default: countries); 'next' and 'previous' open the others. The load \
    options apply to each, as 'load' takes them; after '--' every word is a FILE.
    """

  /// The documented options.
  static var visibleOptions: [CommandLineOption] { Arguments.options.filter { !$0.isHidden } }

  /// An option's name and value, as help and the man page's synopsis show it.
  static func label(_ option: CommandLineOption) -> String {
    if option.valueName.isEmpty { return option.label }
    return option.label + (option.value == .optional ? "" : " ") + option.valueName
  }

  /// The options of a picking command line.
  static var visiblePickerOptions: [CommandLineOption] { PickerArguments.options.filter { !$0.isHidden } }

  /// What picking says about fzf's options, for help and the man page.
  static let pickerOverview = """
    With --pick or --filter the command line takes fzf's options, and -d, -q and -f
    mean what they mean to fzf; SEARCHSHELL_DEFAULT_OPTS is read first, as
    FZF_DEFAULT_OPTS, and what draws a screen does nothing under --filter. Exit
    status: 0 picked or matched, 1 no match, 2 bad arguments, 130 Esc or Ctrl-C.
    """

  /// `searchshell --pick --help`.
  static var pickerHelp: String {
    """
    OVERVIEW:
    \(pickerOverview)

    \(usage)

    PICKER OPTIONS:
    \(table(visiblePickerOptions))

    Keys and the rest: docs/live-and-picker.md, 'man searchshell'.
    """
  }

  /// Options one a line, their descriptions in a column.
  static func table(_ options: [CommandLineOption]) -> String {
    let column = (options.map { label($0).count }.max() ?? 0) + 4
    return options.map { option in
      let name = "  " + label(option)
      return name + String(repeating: " ", count: column - name.count) + option.abstract
    }.joined(separator: "\n")
  }

  /// The whole of `--help`.
  static var help: String {
    let statuses = ExitStatus.all.map { "\($0.code)" }.joined(separator: ", ")
    return """
      OVERVIEW: \(overview)

      \(usage)

        FILE...     A file, a bundled dataset's name, - (stdin) or a PostgreSQL
                    table: 'postgres://H/D?table=T' or 'host=H dbname=D table=T'

      OPTIONS:
      \(table(visibleOptions))

      EXIT STATUS: \(statuses), each explained in the man page.
      Inside the shell, 'help' lists the commands. Every option and command in full:
      'man searchshell' (docs/searchshell.1; scripts/install-man.sh installs it).
      """
  }
}
