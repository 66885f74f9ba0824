@testable import Engine
@testable import Tables

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
      let written = describe(parsed, rule: rule)
      precondition(ParsedQuery(written, rule: rule) == parsed, "describe does not parse back under \(rule)")
    }
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
    for scalar in term.text.unicodeScalars {
      if scalar.properties.isWhitespace || "\\|!'^$".unicodeScalars.contains(scalar) { written += "\\" }
      written.unicodeScalars.append(scalar)
    }
    if term.anchoredEnd { written += "$" }
    return written
  }
}
