import Tables

/// How `--pick` and `--filter` read, search, draw and print the rows: fzf's options as values.
///
/// The command line fills it (fzf's flags, after `SEARCHSHELL_DEFAULT_OPTS`); the picker, the
/// one-shot filter and the row reader only read it.
public struct PickOptions: Equatable, Sendable {
  /// fzf's case rule: smart (a query with an uppercase letter matches case), `-i`, `+i`.
  public enum CaseRule: Equatable, Sendable {
    case smart
    case ignore
    case respect
  }

  /// `--query`, `-q`: the text the picker starts with.
  public var query = ""
  /// `--match RULE`: SearchShell's own rule, instead of fzf's fuzzy or `--exact`.
  public var match: MatchRule?
  /// `-e`, `--exact`: substrings, not fuzzy.
  public var exact = false
  /// `-i`, `+i`.
  public var caseRule = CaseRule.smart
  /// `-m`, `--multi[=MAX]`: Tab marks rows, up to this many (nil: one row only).
  public var multi: Int?
  /// `--preview CMD`: run for the current row, `{}` replaced by it quoted.
  public var preview: String?
  /// `--preview-window`.
  public var previewWindow = PreviewWindow()
  /// `--height`: below the prompt, without the alternate screen (nil: the whole terminal).
  public var height: PickHeight?
  /// `-1`, `--select-1`: one match picks itself.
  public var selectsOne = false
  /// `-0`, `--exit-0`: no match exits 1 at once.
  public var exitsOnNone = false
  /// `--tac`: the rows in reverse input order.
  public var reversesInput = false
  /// `--no-sort`, `+s`: matches keep the input's order.
  public var sorts = true
  /// `--cycle`: moving past either end wraps around.
  public var cycles = false
  /// `--prompt`.
  public var prompt = "> "
  /// `--header`: a line (or lines) shown above the rows, never picked.
  public var header: String?
  /// `--header-lines N`: the first N rows piped in are the header.
  public var headerLines = 0
  /// `--ansi`: colour escapes in the rows are read as colours, not shown escaped.
  public var ansi = false
  /// `-d`, `--delimiter`: what separates fields (nil: fzf's default, runs of blanks).
  public var delimiter: String?
  /// `--nth`: the fields the search looks in (empty: the whole row).
  public var searchedFields: [FieldRange] = []
  /// `--with-nth`: the fields shown (what is printed is still the whole row, as fzf).
  public var shownFields: [FieldRange] = []
  /// `--read0`: rows end at NUL.
  public var readsNUL = false
  /// `--print0`: rows printed end with NUL.
  public var printsNUL = false

  public init() {}

  /// The rule the search runs: `--match`, else fzf's: fuzzy, or with `--exact` a substring under
  /// the case rule (`smart`, `ci`, `exact`).
  public var rule: MatchRule {
    if let match { return match }
    guard exact else { return .fuzzy }
    switch caseRule {
    case .smart: return .smart
    case .ignore: return .ci
    case .respect: return .exact
    }
  }

  /// How the rows piped in are split and printed.
  public var pipedRows: PipedRows {
    PipedRows(separator: readsNUL ? .nul : .lineFeed, terminator: printsNUL ? .nul : .lineFeed)
  }
}
