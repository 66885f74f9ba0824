/// How the search text is read before a rule compares it with the rows (`set syntax`).
public enum QuerySyntax: String, CaseIterable, Sendable {
  /// The whole text is one substring, spaces and markers included, as the tutorials' filters
  /// (`rangeOfString`, `contains[cd]`, `localizedCaseInsensitiveContainsString`) read it.
  case literal
  /// Terms that must all match, `a | b`, `!term`, `^term`, `term$`, `'term` and `\` escapes.
  case extended

  /// One line for `help set` and `set`.
  package var abstract: String {
    switch self {
    case .literal: return "the whole text is one substring, as the tutorials' filters read it"
    case .extended: return "terms, !, |, ^, $, ' and \\ escapes"
    }
  }

  /// Whether `query` selects every row: an empty text, or in `extended` one of only spaces (a
  /// literal space is a substring like any other).
  package func isBlank(_ query: String) -> Bool {
    switch self {
    case .literal: return query.isEmpty
    case .extended: return query.allSatisfy(\.isWhitespace)
    }
  }
}
