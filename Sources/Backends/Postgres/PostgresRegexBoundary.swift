/// ICU's `\b` and `\B` (without `UREGEX_UWORD`, as the engine compiles) as ARE lookarounds.
///
/// ICU's rule (`RegexMatcher::isWordBoundary`): no boundary before a scalar that is
/// Grapheme_Extend or a format character (Cf), the "combining" ones; elsewhere a boundary where
/// the scalar after the position is a word scalar (`\w`) and the nearest scalar before it that is
/// not combining is not, or the other way round (the text's start and end count as not word).
/// ARE's `\y` uses its own word class and no combining rule, so it is not used: the nearest
/// non-combining scalar before is a lookbehind over `[word, not combining][combining]*`.
enum PostgresRegexBoundary {
  /// `\b` as an ARE group, or nil when ICU's sets could not be read.
  static let boundary: String? = parts.map { parts in
    "(?:(?<=\(parts.before))(?!\(parts.wordOrCombining))|(?<!\(parts.before))(?=\(parts.wordNotCombining)))"
  }

  /// `\B` as an ARE group: before a combining scalar, or where both sides are word or neither is.
  static let notBoundary: String? = parts.map { parts in
    "(?:(?=\(parts.combining))|(?<=\(parts.before))(?=\(parts.wordNotCombining))"
      + "|(?<!\(parts.before))(?!\(parts.wordOrCombining)))"
  }

  /// The brackets both are made of.
  private struct Parts {
    /// Combining scalars: Grapheme_Extend and Cf.
    var combining: String
    /// Word scalars that are not combining.
    var wordNotCombining: String
    /// Word or combining scalars.
    var wordOrCombining: String
    /// A lookbehind's body: the nearest non-combining scalar before the position is a word one.
    var before: String { wordNotCombining + combining + "*" }
  }

  /// The brackets, from ICU's own sets.
  private static let parts: Parts? = {
    guard let word = PostgresRegexSets.members("\\w"),
      let combining = PostgresRegexSets.members("[\\p{Grapheme_Extend}\\p{Cf}]"),
      let combiningBracket = PostgresRegexSets.bracket(combining),
      let wordNotCombining = PostgresRegexSets.bracket(
        PostgresRegexSets.intersection(word, PostgresRegexSets.complement(combining))),
      let wordOrCombining = PostgresRegexSets.bracket(
        PostgresRegexSets.complement(
          PostgresRegexSets.intersection(
            PostgresRegexSets.complement(word), PostgresRegexSets.complement(combining))))
    else { return nil }
    return Parts(
      combining: combiningBracket, wordNotCombining: wordNotCombining, wordOrCombining: wordOrCombining)
  }()
}
