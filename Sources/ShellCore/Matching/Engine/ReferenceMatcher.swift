import Foundation

/// The obviously-correct, `String`-based matcher: slow, and the yardstick the fast engine is tested against.
///
/// It applies the definitions directly: `TextFolding` forms compared scalar by scalar, the
/// `ParsedQuery` syntax, and the fuzzy score by plain dynamic programming over all gap lengths.
enum ReferenceMatcher {
  /// Whether `text` matches `query` under `rule`, read in `syntax` (a blank query matches every
  /// row: an empty one, or in `extended` or for `regex` one of only spaces).
  static func matches(_ text: String, query: String, rule: MatchRule, syntax: QuerySyntax = .extended) -> Bool
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
  static func score(_ text: String, _ parsed: ParsedQuery) -> Int32 {
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

  /// The best alignment: its score and the matched positions, trying every predecessor.
  static func fuzzyAlignment(text: [UInt32], pattern: [UInt32]) -> (score: Int32, positions: [Int])? {
    if pattern.isEmpty { return (0, []) }
    let count = text.count
    let bonus = (0..<count).map { index in
      index == 0 || !TextFolding.isWordScalar(text[index - 1]) ? FuzzyScorer.boundary : 0
    }
    // best[j][i]: the best score with pattern[0...j] matched and pattern[j] at text[i].
    var best = [[Int32?]](repeating: [Int32?](repeating: nil, count: count), count: pattern.count)
    var from = [[Int]](repeating: [Int](repeating: -1, count: count), count: pattern.count)
    for index in 0..<count where text[index] == pattern[0] {
      best[0][index] = FuzzyScorer.match + 2 * bonus[index]
    }
    for step in 1..<max(1, pattern.count) {
      for index in 0..<count where text[index] == pattern[step] {
        for earlier in 0..<index {
          guard let previous = best[step - 1][earlier] else { continue }
          let gap = index - earlier - 1
          let transition = gap == 0 ? FuzzyScorer.consecutive : -Int32(3 + (gap - 1))
          let candidate = previous + transition + FuzzyScorer.match + bonus[index]
          if best[step][index].map({ candidate > $0 }) ?? true {
            best[step][index] = candidate
            from[step][index] = earlier
          }
        }
      }
    }
    var end = -1
    for index in 0..<count {
      guard let value = best[pattern.count - 1][index] else { continue }
      if end < 0 || value > (best[pattern.count - 1][end] ?? 0) { end = index }
    }
    guard end >= 0, let score = best[pattern.count - 1][end] else { return nil }
    var positions = [end]
    var step = pattern.count - 1
    while step > 0 {
      positions.append(from[step][positions[positions.count - 1]])
      step -= 1
    }
    return (score, positions.reversed())
  }

  private static func isSubsequence(_ needle: [Unicode.Scalar], of text: [Unicode.Scalar]) -> Bool {
    var remaining = needle[...]
    for scalar in text where scalar == remaining.first {
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
  }
}
