import Tables

/// A query: clauses that must all match, each a list of alternatives.
///
/// In the `literal` syntax the whole text is one term. The extended syntax (every rule but
/// `regex`): terms separated by spaces must all match; `a | b` matches
/// either; `!term` excludes; `^term` anchors at the start and `term$` at the end; `'term` is an
/// exact substring inside `fuzzy` (and a plain term elsewhere); a backslash makes the next
/// character literal, so `\ ` is a space inside a term and `\!` a literal `!`. A marker that
/// would leave an empty term is literal text (`!` alone searches for "!").
package struct ParsedQuery: Equatable, Sendable {
  /// Clauses joined by AND; each clause's terms are joined by OR.
  package var clauses: [[QueryTerm]]

  /// Whether the query selects every row (no terms).
  package var isEmpty: Bool { clauses.isEmpty }

  /// Parses `query` for `rule` (not `regex`, whose query is the pattern itself) in `syntax`:
  /// `literal` makes the whole text one term, with no markers and no escapes.
  package init(_ query: String, rule: MatchRule, syntax: QuerySyntax = .extended) {
    clauses = []
    if syntax == .literal {
      if !query.isEmpty { clauses = [[Self.term(query, rule: rule)]] }
      return
    }
    var pendingOr = false
    for token in Self.tokens(query) {
      if token.count == 1, token[0].scalar == "|", !token[0].escaped {
        pendingOr = !clauses.isEmpty
        continue
      }
      let term = Self.term(token, rule: rule)
      if pendingOr, !clauses.isEmpty {
        clauses[clauses.count - 1].append(term)
      } else {
        clauses.append([term])
      }
      pendingOr = false
    }
  }

  /// One Unicode scalar of a token and whether a backslash made it literal.
  ///
  /// Scalars, not Characters: a space or a marker followed by a combining mark is one Character,
  /// which would hide the separator (the command tokenizer splits scalars for the same reason).
  private struct Unit {
    var scalar: Unicode.Scalar
    var escaped: Bool
  }

  /// Splits on unescaped whitespace, resolving backslash escapes.
  private static func tokens(_ query: String) -> [[Unit]] {
    var tokens: [[Unit]] = []
    var current: [Unit] = []
    var escaping = false
    for scalar in query.unicodeScalars {
      if escaping {
        current.append(Unit(scalar: scalar, escaped: true))
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar.properties.isWhitespace {
        if !current.isEmpty { tokens.append(current) }
        current = []
      } else {
        current.append(Unit(scalar: scalar, escaped: false))
      }
    }
    // A trailing backslash has nothing to escape: it is literal.
    if escaping { current.append(Unit(scalar: "\\", escaped: true)) }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// Strips a token's markers and builds its term.
  private static func term(_ token: [Unit], rule: MatchRule) -> QueryTerm {
    var units = token[...]
    var negated = false
    var exact = false
    var anchoredStart = false
    var anchoredEnd = false
    func marker(_ scalar: Unicode.Scalar, at unit: Unit?) -> Bool {
      guard let unit, units.count > 1 else { return false }
      return unit.scalar == scalar && !unit.escaped
    }
    if marker("!", at: units.first) {
      negated = true
      units = units.dropFirst()
    }
    if marker("'", at: units.first) {
      exact = true
      units = units.dropFirst()
    } else if marker("^", at: units.first) {
      anchoredStart = true
      units = units.dropFirst()
    }
    if marker("$", at: units.last) {
      anchoredEnd = true
      units = units.dropLast()
    }
    let text = String(String.UnicodeScalarView(units.map(\.scalar)))
    return term(
      text, rule: rule, exact: exact, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd, negated: negated
    )
  }

  /// The term for `text` as it stands, its markers already read.
  private static func term(
    _ text: String, rule: MatchRule, exact: Bool = false, anchoredStart: Bool = false,
    anchoredEnd: Bool = false,
    negated: Bool = false
  ) -> QueryTerm {
    let variant = TextVariant.forTerm(text, rule: rule)
    let kind: QueryTerm.Kind
    switch rule {
    case .prefix: kind = .wordStart
    case .fuzzy: kind = exact || negated || anchoredStart || anchoredEnd ? .contains : .fuzzy
    default: kind = .contains
    }
    return QueryTerm(
      text: text, needle: TextFolding.form(text, variant), variant: variant, kind: kind,
      anchoredStart: anchoredStart, anchoredEnd: anchoredEnd, negated: negated)
  }
}
