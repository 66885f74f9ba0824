/// How a query is compared with a row's text (`set match RULE`).
public enum MatchRule: String, CaseIterable, Sendable {
  /// Case-sensitive contains (the candy tutorial).
  case exact
  /// Case-insensitive contains; accents are significant (the countries tutorial).
  case ci
  /// Case- and diacritic-insensitive contains, like `contains[cd]`.
  case fold
  /// `fold`, but a term with an uppercase letter or an accent is matched strictly (fzf's smart case).
  case smart
  /// Each term must start a word.
  case prefix
  /// The characters in order with gaps, ranked best first.
  case fuzzy
  /// A regular expression.
  case regex

  /// One line for `help set` and `set`.
  package var abstract: String {
    switch self {
    case .exact: return "case-sensitive contains"
    case .ci: return "case-insensitive contains, accents significant"
    case .fold: return "case- and diacritic-insensitive contains"
    case .smart: return "fold, but uppercase or accented terms match strictly"
    case .prefix: return "each term starts a word"
    case .fuzzy: return "characters in order with gaps, best first"
    case .regex: return "regular expression"
    }
  }
}
