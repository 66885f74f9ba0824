#if !FUZZING
  @testable import ShellCore
#endif

/// The query parser on any text under every rule: parsing and compiling never trap, and a
/// parsed query written back in the query syntax parses to the same query.
enum QueryFuzz {
  /// A flat byte distribution for compiling (the real one is sampled from the rows).
  static let frequency = [Int](repeating: 1, count: 256)

  /// Longer queries only repeat what short ones reach, at seven compilations per input.
  static let lengthLimit = 512

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes.prefix(lengthLimit), as: UTF8.self)
    for rule in MatchRule.allCases {
      if rule == .regex {
        _ = try? RegexMatcher(pattern: text)
        continue
      }
      let parsed = ParsedQuery(text, rule: rule)
      _ = CompiledQuery(parsed, frequency: frequency)
      // ParsedQuery splits Characters, so a term beginning with a combining mark (or ending with
      // a prepended one such as U+0604) merges with the space before (after) it: no query text
      // can write such terms apart. Reported as a finding; the round trip holds everywhere else.
      guard parsed.clauses.joined().allSatisfy({ separable($0.text) }) else { continue }
      let written = describe(parsed, rule: rule)
      precondition(ParsedQuery(written, rule: rule) == parsed, "describe does not parse back under \(rule)")
    }
  }

  /// Whether a space on either side of `text` stays a Character of its own.
  static func separable(_ text: String) -> Bool {
    (" " + text + " ").count == text.count + 2
  }

  /// `query` in the query syntax: every character that could read as syntax escaped.
  static func describe(_ query: ParsedQuery, rule: MatchRule) -> String {
    query.clauses.map { clause in clause.map { describe($0, rule: rule) }.joined(separator: " | ") }
      .joined(separator: " ")
  }

  private static func describe(_ term: QueryTerm, rule: MatchRule) -> String {
    var written = term.negated ? "!" : ""
    // Under `fuzzy` a plain contains term is the `'` form; elsewhere `'` is only text.
    let quoted =
      rule == .fuzzy && term.kind == .contains && !term.negated && !term.anchoredStart && !term.anchoredEnd
    if quoted { written += "'" }
    if term.anchoredStart { written += "^" }
    for character in term.text {
      if character.isWhitespace || "\\|!'^$".contains(character) { written += "\\" }
      written.append(character)
    }
    if term.anchoredEnd { written += "$" }
    return written
  }
}
