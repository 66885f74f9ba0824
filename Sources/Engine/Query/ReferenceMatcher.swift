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
  /// `fuzzy` by score, then shorter title (UTF-8 bytes), then row.
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
      (row: row, score: score(texts[row], parsed), length: titles[row].utf8.count)
    }
    return scored.sorted { a, b in
      if a.score != b.score { return a.score > b.score }
      if a.length != b.length { return a.length < b.length }
      return a.row < b.row
    }.map(\.row)
  }

  /// Whether the text (in the term's form) contains the term's needle as the term's kind requires.
  static func termMatches(_ term: QueryTerm, text: String) -> Bool {
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

  /// A matching row's fuzzy score: per clause, the best score among its matching fuzzy terms.
  package static func score(_ text: String, _ parsed: ParsedQuery) -> Int32 {
    var total: Int32 = 0
    for clause in parsed.clauses {
      let scores = clause.filter { $0.kind == .fuzzy && termMatches($0, text: text) }.compactMap { term in
        fuzzyScore(
          text: TextFolding.form(text, term.variant).unicodeScalars.map(\.value),
          pattern: term.needle.unicodeScalars.map(\.value))
      }
      total += scores.max() ?? 0
    }
    return total
  }

  /// The best alignment score of `pattern` in `text` (see `FuzzyScorer`), or nil if none.
  static func fuzzyScore(text: [UInt32], pattern: [UInt32]) -> Int32? {
    fuzzyAlignment(text: text, pattern: pattern)?.score
  }

  /// The best alignment: its score and the matched positions (the first best predecessor of each).
  ///
  /// A predecessor `earlier` of a match at `index` adds the consecutive bonus when adjacent, else
  /// `-(index - earlier + 1)`: past the adjacent one, the best is the first maximum of
  /// `best + earlier`, a running maximum, so a step costs one pass over the text, not one per
  /// match (highlighting a long row in sight took the square of its length).
  static func fuzzyAlignment(text: [UInt32], pattern: [UInt32]) -> (score: Int32, positions: [Int])? {
    if pattern.isEmpty { return (0, []) }
    let count = text.count
    let none = Int32.min
    let bonus = (0..<count).map { index in
      index == 0 || !TextFolding.isWordScalar(text[index - 1]) ? FuzzyScorer.boundary : 0
    }
    // best[step * count + i]: the best score with pattern[0...step] matched and pattern[step] at
    // text[i] (`none` if there is none); from: the predecessor it came from.
    var best = [Int32](repeating: none, count: pattern.count * count)
    var from = [Int32](repeating: -1, count: pattern.count * count)
    for index in 0..<count where text[index] == pattern[0] {
      best[index] = FuzzyScorer.match + 2 * bonus[index]
    }
    for step in 1..<max(1, pattern.count) {
      let row = step * count
      let previous = row - count
      // The first maximum of `best + earlier` over predecessors at least two before `index`.
      var lead: (value: Int, earlier: Int)? = nil
      for index in 0..<count {
        if index >= 2, best[previous + index - 2] != none {
          let value = Int(best[previous + index - 2]) + index - 2
          if lead.map({ value > $0.value }) ?? true { lead = (value, index - 2) }
        }
        guard text[index] == pattern[step] else { continue }
        var chosen: (score: Int32, earlier: Int)? = nil
        if let lead {
          // `previous - (gap + 2)` with `gap = index - earlier - 1`.
          let score = Int32(lead.value - index - 1) + FuzzyScorer.match + bonus[index]
          chosen = (score, lead.earlier)
        }
        if index >= 1, best[previous + index - 1] != none {
          let score = best[previous + index - 1] + FuzzyScorer.consecutive + FuzzyScorer.match + bonus[index]
          if chosen.map({ score > $0.score }) ?? true { chosen = (score, index - 1) }
        }
        if let chosen {
          best[row + index] = chosen.score
          from[row + index] = Int32(chosen.earlier)
        }
      }
    }
    let last = (pattern.count - 1) * count
    var end = -1
    for index in 0..<count where best[last + index] != none {
      if end < 0 || best[last + index] > best[last + end] { end = index }
    }
    guard end >= 0 else { return nil }
    var positions = [end]
    var step = pattern.count - 1
    while step > 0 {
      positions.append(Int(from[step * count + positions[positions.count - 1]]))
      step -= 1
    }
    return (best[last + end], positions.reversed())
  }

  private static func isSubsequence(_ needle: [Unicode.Scalar], of text: [Unicode.Scalar]) -> Bool {
    var remaining = needle[...]
    for scalar in text where scalar == remaining.first {
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
  }
}
