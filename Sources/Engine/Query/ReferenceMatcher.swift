import Foundation
import Tables

/// The obviously-correct, `String`-based matcher: slow, and the yardstick the fast engine is tested against.
///
/// It applies the definitions directly: `TextFolding` forms compared scalar by scalar, the
/// `ParsedQuery` syntax, and the fuzzy score by plain dynamic programming over all gap lengths.
package enum ReferenceMatcher {
  /// Whether `text` matches `query` under `rule`, read in `syntax` (a blank query matches every
  /// row: an empty one, or in `extended` or for `regex` one of only spaces).
  package static func matches(_ text: String, query: String, rule: MatchRule, syntax: QuerySyntax = .extended)
    -> Bool
  {
    if rule == .regex {
      if query.allSatisfy(\.isWhitespace) { return true }
      guard let matcher = try? RegexMatcher(pattern: query) else { return false }
      return matcher.matches(text)
    }
    if syntax.isBlank(query) { return true }
    return matches(text, parsed: ParsedQuery(query, rule: rule, syntax: syntax))
  }

  /// `matches` for a query parsed once (any rule but `regex`, the query not all whitespace).
  static func matches(_ text: String, parsed: ParsedQuery) -> Bool {
    parsed.clauses.allSatisfy { clause in
      clause.contains { term in termMatches(term, text: text) != term.negated }
    }
  }

  /// The rows of `texts` (searched text per row) that match, in table order: ascending, or for
  /// `fuzzy` by score, then shorter title (`TitleLengths.length(of:)`), then row.
  static func search(
    texts: [String], titles: [String], scopes: [UInt16], query: String, rule: MatchRule,
    syntax: QuerySyntax = .extended, scope: Int
  ) -> [Int] {
    // Parsed (or compiled) once for every row.
    let blank = rule == .regex ? query.allSatisfy(\.isWhitespace) : syntax.isBlank(query)
    let parsed = blank || rule == .regex ? nil : ParsedQuery(query, rule: rule, syntax: syntax)
    let pattern = blank || rule != .regex ? nil : try? RegexMatcher(pattern: query)
    let rows = texts.indices.filter { row in
      guard scope == 0 || (row < scopes.count && Int(scopes[row]) == scope) else { return false }
      if blank { return true }
      if let parsed { return matches(texts[row], parsed: parsed) }
      return pattern?.matches(texts[row]) ?? false
    }
    guard rule == .fuzzy, let parsed, !parsed.isEmpty else { return rows }
    let scored = rows.map { row in
      (row: row, score: score(texts[row], parsed), length: TitleLengths.length(of: titles[row]))
    }
    return scored.sorted { a, b in
      if a.score != b.score { return a.score > b.score }
      if a.length != b.length { return a.length < b.length }
      return a.row < b.row
    }.map(\.row)
  }

  /// Whether the text (in the term's form) contains the term's needle as the term's kind requires.
  package static func termMatches(_ term: QueryTerm, text: String) -> Bool {
    let needle = Array(term.needle.unicodeScalars)
    if needle.isEmpty { return true }
    let form = Array(TextFolding.form(text, term.variant).unicodeScalars)
    if term.kind == .fuzzy { return isSubsequence(needle, of: form) }
    guard needle.count <= form.count else { return false }
    for start in 0...(form.count - needle.count)
    where form[start..<start + needle.count].elementsEqual(needle) {
      if term.anchoredStart && start != 0 { continue }
      if term.anchoredEnd && start + needle.count != form.count { continue }
      if term.kind == .wordStart && start > 0 && TextFolding.isWordScalar(form[start - 1].value) { continue }
      return true
    }
    return false
  }

  private static func isSubsequence(_ needle: [Unicode.Scalar], of text: [Unicode.Scalar]) -> Bool {
    var remaining = needle[...]
    for scalar in text where scalar == remaining.first {
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
  }
}
