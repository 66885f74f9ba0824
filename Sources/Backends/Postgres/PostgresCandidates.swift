import Engine

/// What of a search PostgreSQL can answer: a filter every match passes, and whether the rows it
/// selects are the matches themselves or candidates the client checks again.
///
/// Where the server has the forms' functions (`PostgresForms`), every term of every rule but
/// `regex` is the filter itself, exact: the SQL keeps the fold `LIKE` as the prefilter and tests
/// each term in its own form beside it. Without them (a read-only session cannot create its
/// temporary functions), the older split below applies. A `regex` keeps its literals' prefilter
/// and is tested on the server as an ARE (`PostgresRegexTranslation`), or, when it does not
/// translate, checked on the client.
///
/// The rows are folded by the shell's fold on both sides, and every form of the text folds to the
/// fold form (fold is a per-scalar map), so a term in any form implies its fold-form term:
/// `exact`, `ci` and `smart` terms become their folded `LIKE` plus a recheck of the original
/// text; `prefix` terms a contains test plus the word-start check; `fuzzy` terms the subsequence
/// `LIKE '%s%t%a%'`, which is the match set itself; a `regex` the literals every match contains
/// (`RegexLiterals`), folded, with the pattern checked on the client. A negated term is exact
/// only in the fold form; in another it selects no fewer rows and is left to the recheck.
struct PostgresCandidates: Equatable, Sendable {
  /// The filter PostgreSQL runs: fold-form terms only (`contains` or `fuzzy`).
  var filter: ParsedQuery
  /// Whether the filter's rows are exactly the matches (otherwise each is checked by `matches`).
  var isExact: Bool
  /// Whether the rows are ranked best first (a `fuzzy` query with a term).
  var isRanked: Bool
  /// A `regex` as an ARE the server tests on the title beside `filter` (nil: none, or refused).
  var pattern: String?
  /// Why a `regex` is checked on the client: the construct that does not translate.
  var refusal: String?

  /// Whether `request`'s terms need the `ci` or `strip` form's function on the server.
  static func needsFunctions(_ request: SearchRequest) -> Bool {
    guard request.rule != .regex, request.rule != .fold else { return false }
    let parsed = ParsedQuery(request.text, rule: request.rule, syntax: request.syntax)
    return parsed.clauses.joined().contains { $0.variant == .ci || $0.variant == .strip }
  }

  /// The candidates for `request`'s text under its rule and syntax; `functions` says whether the
  /// server has the forms' functions (then every term is tested there).
  init(_ request: SearchRequest, functions: Bool = false) {
    guard request.rule != .regex else {
      self = Self.regex(request.text)
      return
    }
    let parsed = ParsedQuery(request.text, rule: request.rule, syntax: request.syntax)
    if functions || !Self.needsFunctions(request) {
      self = PostgresCandidates(
        filter: parsed, isExact: true, isRanked: request.rule == .fuzzy && !parsed.isEmpty)
      return
    }
    var filter = ParsedQuery("", rule: .fold)
    var isExact = true
    for clause in parsed.clauses {
      let terms = clause.map(Self.candidate)
      if terms.contains(where: { !$0.exact }) { isExact = false }
      // An alternative that cannot be filtered lets every row through: so does its clause.
      if terms.contains(where: { $0.term == nil }) { continue }
      filter.clauses.append(terms.compactMap(\.term))
    }
    self.filter = filter
    self.isExact = isExact
    // The engine ranks every non-empty fuzzy query, even one of exact or anchored terms only.
    isRanked = request.rule == .fuzzy && !parsed.isEmpty
  }

  /// A regex's candidates: each set of required literals as an OR clause of folded terms, and
  /// the pattern as an ARE when it translates (then the rows are the matches).
  private static func regex(_ pattern: String) -> PostgresCandidates {
    var filter = ParsedQuery("", rule: .fold)
    if let parsed = RegexSyntax.parse(pattern, approximate: true) {
      // Any cost will do: every set is required, so each narrows the candidates.
      for set in RegexLiterals.requiredSets(parsed.syntax, cost: { _ in 1 }).prefix(4) {
        let terms = set.map { literal in
          let text = String(decoding: literal, as: UTF8.self)
          return QueryTerm(text: text, needle: TextFolding.foldForm(text), variant: .fold, kind: .contains)
        }
        if terms.contains(where: { $0.needle.isEmpty }) { continue }
        filter.clauses.append(terms)
      }
    }
    var candidates = PostgresCandidates(filter: filter, isExact: true, isRanked: false)
    if pattern.allSatisfy(\.isWhitespace) { return candidates }
    switch PostgresRegexTranslation.translate(pattern) {
    case .translated(let translated): candidates.pattern = translated
    case .refused(let construct): candidates.checkOnClient(because: construct)
    }
    return candidates
  }

  /// Leaves a `regex` to the client's check, saying why.
  mutating func checkOnClient(because refusal: String) {
    pattern = nil
    isExact = false
    self.refusal = refusal
  }

  private init(filter: ParsedQuery, isExact: Bool, isRanked: Bool) {
    self.filter = filter
    self.isExact = isExact
    self.isRanked = isRanked
  }

  /// A term's fold-form filter (nil: it cannot narrow the rows) and whether it is exact.
  private static func candidate(_ term: QueryTerm) -> (term: QueryTerm?, exact: Bool) {
    let isFold = term.variant == .fold
    if term.negated {
      return isFold && term.kind == .contains ? (term, true) : (nil, false)
    }
    var folded = term
    folded.variant = .fold
    folded.needle = isFold ? term.needle : TextFolding.foldForm(term.needle)
    switch term.kind {
    case .contains: return (folded, isFold)
    case .fuzzy: return (folded, isFold)
    case .wordStart:
      folded.kind = .contains
      return (folded, false)
    }
  }

  /// Whether `title` matches the request (the client's check of a candidate).
  static func matches(_ title: String, request: SearchRequest) -> Bool {
    ReferenceMatcher.matches(title, query: request.text, rule: request.rule, syntax: request.syntax)
  }
}
