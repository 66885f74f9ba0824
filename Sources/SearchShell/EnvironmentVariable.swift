/// The environment variables the program reads, for the man page and the reference page.
enum EnvironmentVariable {
  /// Each variable and what it changes.
  static let all: [(name: String, meaning: String)] = [
    ("NO_COLOR", "Set and not empty: no colour under --color auto (no-color.org)."),
    ("TERM", "dumb: no colour under --color auto."),
    ("COLUMNS", "The width output fits when it is not a terminal (--cols wins)."),
    ("LINES", "The height a page fits when output is not a terminal (--rows wins)."),
    (
      "PAGER, SEARCHSHELL_PAGER",
      "The pager long output goes through on a terminal (SEARCHSHELL_PAGER first)."
    ),
    ("LESS", "FRX when unset, as git sets it, for less as the pager."),
    (
      "SEARCHSHELL_RC",
      "The start-up file (empty: none); else $XDG_CONFIG_HOME/searchshell/rc, else ~/.searchshellrc."
    ),
    (
      "SEARCHSHELL_HISTORY",
      "The history file; else $XDG_STATE_HOME/searchshell/history, else ~/.searchshell_history."
    ),
    ("SEARCHSHELL_HISTORY_SIZE", "The most lines the history keeps."),
    ("SEARCHSHELL_DATASETS", "The folder of bundled datasets."),
    (
      "SEARCHSHELL_INDEX_CACHE",
      "The index cache's size limit (500M, 4G), or off (or 0) for none; the cache is in $XDG_CACHE_HOME/searchshell, else ~/.cache/searchshell."
    ),
    (
      "SEARCHSHELL_DEFAULT_OPTS",
      "Options read before the command line's with --pick and --filter, as shell words (fzf's FZF_DEFAULT_OPTS)."
    ),
    (
      "SEARCHSHELL_DEFAULT_COMMAND",
      "The command whose output --pick reads when standard input is a terminal (fzf's FZF_DEFAULT_COMMAND)."
    ),
    ("SOURCE_DATE_EPOCH", "The time a cast records, so a rendered cast is the same file every run."),
  ]
}
