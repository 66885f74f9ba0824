import Engine

/// The query syntax translated to SQL: the text is fixed fragments, quoted names and `$n`; the
/// user's terms, the scope and the page bounds travel only as parameters.
///
/// Each term is a `LIKE` on the folded column (or expression) with `%`, `_` and `\` escaped; an
/// OR clause is parenthesised, `!term` is `NOT LIKE`, `^`/`$` drop the leading/trailing `%`. The
/// terms are folded by the shell (`ParsedQuery` through `TextFolding`), the rows by the fold
/// function the shell installs, so both sides agree. Only fold-form terms that match anywhere or
/// as a subsequence translate; `PostgresCandidates` turns every rule's query into such terms.
enum PostgresSearchSQL {
  /// The SQL names a search uses, each already quoted by libpq (or an expression of them).
  struct Names: Equatable, Sendable {
    /// The table (`"schema"."table"`).
    var table: String
    /// The title column.
    var title: String
    /// The unique column giving the rows' order (keyset paging walks it).
    var order: String
    /// The scope column, if the table has a scope bar.
    var scope: String?
    /// The folded text: the stored column, or the fold function applied to the title.
    var folded: String
    /// The order column's `>` and `=`, schema-qualified (`OPERATOR(pg_catalog.>)`): those of its
    /// type's default btree operator class, so the keyset agrees with `ORDER BY` for any type.
    var greater = "OPERATOR(pg_catalog.>)"
    /// The order column's `=` (see `greater`).
    var equal = "OPERATOR(pg_catalog.=)"
    /// What orders the rows whose order value is NULL (listed last), when the column may hold NULL.
    var tiebreak: Tiebreak?
    /// The forms' functions and how the title is read as text (`PostgresForms.Context`).
    var forms = PostgresForms.Context()
  }

  /// The column (or `ctid`) that orders rows sharing a NULL order value, with its operators; or,
  /// for an order column that is not unique, the primary key ordering rows sharing any value.
  struct Tiebreak: Equatable, Sendable {
    /// The quoted column, or `ctid`.
    var column: String
    /// Its `>`, schema-qualified.
    var greater: String
    /// Its `=`, schema-qualified.
    var equal: String
    /// Whether it orders every row sharing an order value (the order column is not unique), not
    /// only those whose order value is NULL.
    var coversAll = false
    /// Whether the order column may hold NULL (rows listed last).
    var orderMayBeNull = true
  }

  /// A column filter (`filter COL = VALUE`): the column's text, NULL as empty, equal to a value.
  struct Equality: Equatable, Sendable {
    /// The column, quoted by libpq.
    var column: String
    /// The value, sent as a parameter.
    var value: String

    /// The cell as the shell reads it: the column as text, NULL as the empty text.
    static func cell(_ column: String) -> String {
      "COALESCE(\(column)::pg_catalog.text, '')"
    }
  }

  /// `LIKE` and `NOT LIKE` as pg_catalog's operators: a schema before pg_catalog on the search
  /// path cannot supply its own (the GIN trigram class indexes these same operators).
  static let like = "OPERATOR(pg_catalog.~~)"
  /// See `like`.
  static let notLike = "OPERATOR(pg_catalog.!~~)"

  /// The `ORDER BY` list: the order column, then the tiebreak (NULL order values sort last).
  static func orderBy(_ names: Names) -> String {
    names.order + (names.tiebreak.map { ", " + $0.column } ?? "")
  }

  /// The keyset bound: rows after the one whose key is `after` (see `PostgresRowKey`).
  static func keyset(after: String, names: Names, into statement: inout PostgresStatement) -> String {
    guard let tiebreak = names.tiebreak else {
      return "\(names.order) \(names.greater) \(statement.bind(after))"
    }
    if let nullRow = PostgresRowKey.tiebreak(of: after) {
      return "(\(names.order) IS NULL AND \(tiebreak.column) \(tiebreak.greater) \(statement.bind(nullRow)))"
    }
    let nulls = tiebreak.orderMayBeNull ? " OR \(names.order) IS NULL" : ""
    if tiebreak.coversAll, let (order, next) = PostgresRowKey.parts(of: after) {
      let value = statement.bind(order)
      return "(\(names.order) \(names.greater) \(value) OR (\(names.order) \(names.equal) \(value) AND "
        + "\(tiebreak.column) \(tiebreak.greater) \(statement.bind(next)))\(nulls))"
    }
    return "(\(names.order) \(names.greater) \(statement.bind(after))\(nulls))"
  }

  /// How the first page is found.
  enum PagePlan: Equatable, Sendable {
    /// Walk the order column's index and stop at the page's last match: fast for frequent terms.
    case walkOrder
    /// Find every match first (trigram index), then sort the page out: fast for rare terms.
    case sortMatches
  }

  /// The WHERE condition for `query` (binding its patterns), or nil when a term does not translate.
  ///
  /// With `title` (the quoted title column), a term in another form than fold, or a word-start
  /// term, translates too: the fold `LIKE` stays as the prefilter the trigram index serves, and
  /// the term's own test (`PostgresForms`) is a predicate beside it, so the rows are the matches.
  static func condition(
    _ query: ParsedQuery, folded: String, title: String? = nil, forms: PostgresForms.Context = .init(),
    into statement: inout PostgresStatement
  )
    -> String?
  {
    var clauses: [String] = []
    for clause in query.clauses {
      var alternatives: [String] = []
      for term in clause {
        guard let test = termCondition(term, folded: folded, title: title, forms: forms, into: &statement)
        else {
          return nil
        }
        alternatives.append(test)
      }
      clauses.append(
        alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " OR ") + ")")
    }
    return clauses.isEmpty ? "TRUE" : clauses.joined(separator: " AND ")
  }

  /// One term as `LIKE`/`NOT LIKE` (a fuzzy term as its subsequence) on the folded text, or, given
  /// the title, as the fold prefilter and the test in the term's own form; nil for a term that
  /// needs the title when none is given.
  private static func termCondition(
    _ term: QueryTerm, folded: String, title: String?, forms: PostgresForms.Context,
    into statement: inout PostgresStatement
  ) -> String? {
    // PostgreSQL text cannot hold NUL, so no row contains such a needle.
    if term.needle.unicodeScalars.contains("\u{0}") { return term.negated ? "TRUE" : "FALSE" }
    if term.variant == .fold, term.kind != .wordStart {
      let test =
        "\(folded) \(term.negated ? notLike : like) \(statement.bind(likePattern(term, needle: term.needle)))"
      return orNullTitle(test, term, title: title)
    }
    guard let title else { return nil }
    if term.negated {
      return orNullTitle(
        "NOT (\(ownTest(term, folded: folded, title: title, forms: forms, into: &statement)))", term,
        title: title)
    }
    let prefilter = foldPrefilter(term)
    let filter = "\(folded) \(like) \(statement.bind(likePattern(prefilter, needle: prefilter.needle)))"
    return orNullTitle(
      "(\(filter) AND \(ownTest(term, folded: folded, title: title, forms: forms, into: &statement)))", term,
      title: title)
  }

  /// `test`, or it OR the title is NULL when the engine's term matches the empty text: the fold
  /// is applied to the bare column (postgres_fdw sends no `COALESCE`), so a NULL title folds to
  /// NULL, which the engine reads as the empty text.
  private static func orNullTitle(_ test: String, _ term: QueryTerm, title: String?) -> String {
    guard let title, ReferenceMatcher.termMatches(term, text: "") != term.negated else { return test }
    return "(\(test) OR \(title) IS NULL)"
  }

  /// A term's test in its own form: a word start as a regular expression on the folded text,
  /// any other term as `LIKE` on the title in the term's form (`PostgresForms`).
  ///
  /// No `COLLATE`: `LIKE` under a deterministic collation compares scalar by scalar, and the
  /// pattern's brackets are explicit code-point ranges, which ARE reads whatever the collation
  /// (only its classes and the case-insensitive flag, neither used, consult it); postgres_fdw
  /// sends no explicit collation. A nondeterministic title is read under "C" (`forms`), so the
  /// folded text and the forms are then under "C" already.
  private static func ownTest(
    _ term: QueryTerm, folded: String, title: String, forms: PostgresForms.Context,
    into statement: inout PostgresStatement
  ) -> String {
    if term.kind == .wordStart {
      let pattern = PostgresForms.wordStartPattern(
        term.needle, anchoredStart: term.anchoredStart, anchoredEnd: term.anchoredEnd)
      return "\(folded) OPERATOR(pg_catalog.~) \(statement.bind(pattern))"
    }
    let form = PostgresForms.expression(term.variant, title: title, folded: folded, context: forms)
    return "\(form) \(like) \(statement.bind(likePattern(term, needle: term.needle)))"
  }

  /// The `LIKE` pattern of a contains or fuzzy term for `needle`.
  private static func likePattern(_ term: QueryTerm, needle: String) -> String {
    let body =
      term.kind == .fuzzy
      ? needle.unicodeScalars.map { likeEscaped(String($0)) }.joined(separator: "%")
      : likeEscaped(needle)
    return (term.anchoredStart ? "" : "%") + body + (term.anchoredEnd ? "" : "%")
  }

  /// A `regex` rule's test: the ARE `pattern` (`PostgresRegexTranslation`) on the title as it
  /// is; a NULL title, which the engine reads as the empty text, matches when the ARE matches ''.
  ///
  /// The translation spells every set as explicit code-point ranges and has no case flag, so no
  /// collation changes its answer: the title keeps its own (`forms.text`: "C" only where it is
  /// nondeterministic) and postgres_fdw can send the test. `'' ~ $n` is a constant the planner
  /// folds once the pattern is bound, as no `COALESCE` (which postgres_fdw does not send) would be.
  static func regexTest(
    _ pattern: String, title: String, forms: PostgresForms.Context = .init(),
    into statement: inout PostgresStatement
  ) -> String {
    let bound = statement.bind(pattern)
    return "(\(forms.text(title)) OPERATOR(pg_catalog.~) \(bound) OR (\(title) IS NULL AND "
      + "''::pg_catalog.text OPERATOR(pg_catalog.~) \(bound)))"
  }

  /// `text` with LIKE's wildcards and its escape character escaped (backslash, LIKE's default).
  static func likeEscaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "%" || scalar == "_" { result.append("\\") }
      result.append(scalar)
    }
    return String(result)
  }

  /// The full condition: the query, a `regex` rule's ARE `pattern` on the title, the scope
  /// equality and the keyset bound, or nil (see `condition`).
  static func whereClause(
    _ query: ParsedQuery, scope: String?, after: String?, names: Names, equality: Equality? = nil,
    pattern: String? = nil, into statement: inout PostgresStatement
  ) -> String? {
    guard
      var condition = condition(
        query, folded: names.folded, title: names.title, forms: names.forms, into: &statement)
    else {
      return nil
    }
    if let pattern {
      condition += " AND " + regexTest(pattern, title: names.title, forms: names.forms, into: &statement)
    }
    if let scope, let column = names.scope {
      condition += " AND \(column)::pg_catalog.text OPERATOR(pg_catalog.=) \(statement.bind(scope))"
    }
    if let equality {
      condition +=
        " AND \(Equality.cell(equality.column)) OPERATOR(pg_catalog.=) \(statement.bind(equality.value))"
    }
    if let after {
      condition += " AND " + keyset(after: after, names: names, into: &statement)
    }
    return condition
  }

  /// `count(*)` of the rows matching `query` (and `pattern`, see `whereClause`) in `scope` (nil: all scopes).
  static func count(
    _ query: ParsedQuery, scope: String?, names: Names, equality: Equality? = nil, pattern: String? = nil
  )
    -> PostgresStatement?
  {
    filtered(
      "SELECT pg_catalog.count(*) FROM", query, scope: scope, names: names, equality: equality,
      pattern: pattern)
  }

  /// The planner's estimate of that count (`EXPLAIN (FORMAT JSON)`'s top "Plan Rows").
  static func estimate(
    _ query: ParsedQuery, scope: String?, names: Names, equality: Equality? = nil, pattern: String? = nil
  )
    -> PostgresStatement?
  {
    filtered(
      "EXPLAIN (FORMAT JSON) SELECT 1 FROM", prefiltered(query), scope: scope, names: names,
      equality: equality,
      pattern: pattern)
  }

  /// `query` with each positive term of another form as its fold prefilter, for the estimate.
  ///
  /// The planner has no statistics on the forms' expressions and takes a default selectivity
  /// (255 rows estimated where 59,824 matched), which sends a frequent term to the sorting plan.
  /// The prefilter's estimate is of a superset, as close as the planner can know.
  static func prefiltered(_ query: ParsedQuery) -> ParsedQuery {
    var loose = query
    loose.clauses = query.clauses.map { clause in
      clause.map { term in
        guard term.variant != .fold || term.kind == .wordStart, !term.negated else { return term }
        return foldPrefilter(term)
      }
    }
    return loose
  }

  /// The fold-form term every match of `term` passes: every form folds to the fold form scalar
  /// by scalar, so a match's folded text holds the folded needle (unanchored, a word start as a
  /// contains: the prefilter only has to let every match through).
  static func foldPrefilter(_ term: QueryTerm) -> QueryTerm {
    var prefilter = term
    prefilter.variant = .fold
    prefilter.needle = TextFolding.foldForm(term.needle)
    prefilter.anchoredStart = false
    prefilter.anchoredEnd = false
    if prefilter.kind == .wordStart { prefilter.kind = .contains }
    return prefilter
  }

  /// `head` (a statement up to its FROM), the table and the condition.
  private static func filtered(
    _ head: String, _ query: ParsedQuery, scope: String?, names: Names, equality: Equality?, pattern: String?
  ) -> PostgresStatement? {
    var statement = PostgresStatement("")
    guard
      let condition = whereClause(
        query, scope: scope, after: nil, names: names, equality: equality, pattern: pattern, into: &statement)
    else {
      return nil
    }
    statement.sql = "\(head) \(names.table) WHERE \(condition)"
    return statement
  }

  /// Up to `limit` matching rows in order (order value, title, scope as text), after `after`.
  ///
  /// `walkEnd` bounds the walk of `.walkOrder` to the rows up to that order value (`walkEnd`'s
  /// statement finds it): fewer than `limit` rows back then say only that the walked rows hold
  /// no more matches. No subquery and no CTE: Citus runs a `LIMIT` subquery or a materialized CTE
  /// on its coordinator, pulling the rows there.
  static func page(
    _ query: ParsedQuery, scope: String?, names: Names, after: String?, limit: Int, plan: PagePlan,
    walkEnd: String? = nil, equality: Equality? = nil, pattern: String? = nil
  ) -> PostgresStatement? {
    var statement = PostgresStatement("")
    guard
      var condition = whereClause(
        query, scope: scope, after: after, names: names, equality: equality, pattern: pattern,
        into: &statement)
    else {
      return nil
    }
    // A column with NULLs is walked whole: its keyset is an OR the order index cannot bound.
    if plan == .walkOrder, let walkEnd, names.tiebreak == nil {
      condition += " AND NOT (\(names.order) \(names.greater) \(statement.bind(walkEnd)))"
    }
    let limitValue = statement.bind(String(max(0, limit)))
    // For a rare term, a first key no index gives (false for every row a key orders) keeps the
    // planner from walking the order index (what a materialized CTE did): it sorts the matches.
    let keys = plan == .sortMatches ? "\(names.order) IS NULL, \(orderBy(names))" : orderBy(names)
    statement.sql =
      "SELECT \(pageColumns(names)) FROM \(names.table) WHERE \(condition) ORDER BY \(keys) LIMIT \(limitValue)"
    return statement
  }

  /// The order value of the `walkLimit`th row after `after` (nil: from the first), where a
  /// bounded walk stops; no row back means fewer rows are left (the walk needs no bound).
  static func walkEnd(names: Names, after: String?, walkLimit: Int) -> PostgresStatement {
    var statement = PostgresStatement("")
    let bound = after.map { " WHERE " + keyset(after: $0, names: names, into: &statement) } ?? ""
    // Named apart: `ORDER BY` a name of the output (the cast keeps the column's) sorts the text.
    statement.sql =
      "SELECT \(names.order)::pg_catalog.text AS walk_end FROM \(names.table)\(bound) ORDER BY \(names.order) "
      + "OFFSET \(statement.bind(String(max(0, walkLimit - 1)))) LIMIT 1"
    return statement
  }

  /// The page's columns: order value, title, scope and tiebreak, as text.
  static func pageColumns(_ names: Names) -> String {
    "\(names.order)::pg_catalog.text AS order_text, \(names.title)::pg_catalog.text AS title_text, "
      + "\(names.scope.map { "\($0)::pg_catalog.text" } ?? "NULL::pg_catalog.text") AS scope_text, "
      + "\(names.tiebreak.map { "\($0.column)::pg_catalog.text" } ?? "NULL::pg_catalog.text") AS tiebreak_text"
  }
}
