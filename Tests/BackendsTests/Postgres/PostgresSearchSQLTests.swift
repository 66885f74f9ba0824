import Testing

@testable import Backends
@testable import Engine
@testable import Tables

/// The query syntax as SQL: the text never holds the user's terms, only `$n` placeholders.
struct PostgresSearchSQLTests {
  static let names = PostgresSearchSQL.Names(
    table: "\"s\".\"items\"", title: "\"name\"", order: "\"id\"", scope: "\"category\"",
    folded: "\"searchshell_folded\"")

  /// A query, the condition it must give and the parameters it must bind.
  static let conditions: [(query: String, condition: String, parameters: [String])] = [
    ("", "TRUE", []),
    ("Café", "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1", ["%cafe%"]),
    (
      "ab cd",
      "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 AND \"searchshell_folded\" OPERATOR(pg_catalog.~~) $2",
      ["%ab%", "%cd%"]
    ),
    (
      "ab | cd !ef",
      "(\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 OR \"searchshell_folded\" OPERATOR(pg_catalog.~~) $2) AND "
        + "\"searchshell_folded\" OPERATOR(pg_catalog.!~~) $3", ["%ab%", "%cd%", "%ef%"]
    ),
    ("^Straße", "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1", ["strasse%"]),
    ("end$", "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1", ["%end"]),
    ("^whole$", "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1", ["whole"]),
    (
      "100% a_b c\\\\d",
      "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 AND \"searchshell_folded\" OPERATOR(pg_catalog.~~) $2 AND "
        + "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $3", ["%100\\%%", "%a\\_b%", "%c\\\\d%"]
    ),
    (
      "한국 Й",
      "\"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 AND \"searchshell_folded\" OPERATOR(pg_catalog.~~) $2",
      ["%\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}%", "%и%"]
    ),
    ("a\u{0}b", "FALSE", []),
    ("!a\u{0}b", "TRUE", []),
  ]

  @Test(arguments: conditions) func translatesTheSyntax(
    _ query: String, _ condition: String, _ parameters: [String]
  ) {
    var statement = PostgresStatement("")
    let translated = PostgresSearchSQL.condition(
      ParsedQuery(query, rule: .fold), folded: Self.names.folded, into: &statement)
    #expect(translated == condition)
    #expect(statement.parameters == parameters)
  }

  @Test func aFuzzyTermIsItsSubsequenceWithWildcardsEscaped() {
    var statement = PostgresStatement("")
    let condition = PostgresSearchSQL.condition(
      ParsedQuery("s%_t", rule: .fuzzy), folded: "f", into: &statement)
    #expect(condition == "f OPERATOR(pg_catalog.~~) $1")
    #expect(statement.parameters == ["%s%\\%%\\_%t%"])
  }

  @Test func otherFormsAndKindsDoNotTranslate() {
    var statement = PostgresStatement("")
    for (query, rule) in [
      ("Abc", MatchRule.exact), ("abc", .ci), ("Abc", .smart), ("abc", .prefix),
    ] {
      #expect(
        PostgresSearchSQL.condition(ParsedQuery(query, rule: rule), folded: "f", into: &statement) == nil)
    }
    #expect(
      PostgresSearchSQL.condition(ParsedQuery("abc", rule: .smart), folded: "f", into: &statement) != nil)
  }

  /// Given the title, every rule's term translates: the fold prefilter and the term's own test.
  @Test func givenTheTitleEveryFormTranslatesBesideTheFoldPrefilter() throws {
    let cases: [(String, MatchRule, String, [String])] = [
      (
        "Café", .exact,
        "(f OPERATOR(pg_catalog.~~) $1 AND pg_catalog.normalize(t::pg_catalog.text, 'NFC') "
          + "OPERATOR(pg_catalog.~~) $2)", ["%cafe%", "%Café%"]
      ),
      (
        "!é", .ci,
        "(NOT (pg_temp.searchshell_case(t::pg_catalog.text) OPERATOR(pg_catalog.~~) $1) OR t IS NULL)",
        ["%é%"]
      ),
      (
        "^Stra", .smart,
        "(f OPERATOR(pg_catalog.~~) $1 AND pg_temp.searchshell_strip(t::pg_catalog.text) "
          + "OPERATOR(pg_catalog.~~) $2)", ["%stra%", "Stra%"]
      ),
    ]
    for (query, rule, condition, parameters) in cases {
      var statement = PostgresStatement("")
      #expect(
        PostgresSearchSQL.condition(ParsedQuery(query, rule: rule), folded: "f", title: "t", into: &statement)
          == condition, "\(rule.rawValue) \(query)")
      #expect(statement.parameters == parameters, "\(rule.rawValue) \(query)")
    }
    var statement = PostgresStatement("")
    let prefix = PostgresSearchSQL.condition(
      ParsedQuery("a.b$", rule: .prefix), folded: "f", title: "t", into: &statement)
    #expect(
      prefix == "(f OPERATOR(pg_catalog.~~) $1 AND f OPERATOR(pg_catalog.~) $2)")
    let pattern = try #require(statement.parameters.last)
    #expect(pattern.hasPrefix("(^|[^0-9A-Za-z"))
    #expect(pattern.hasSuffix("])a\\u002Eb$"))
  }

  /// Hostile queries: whatever the terms hold, the SQL is the same as for plain letters.
  static let hostile = [
    "'; DROP TABLE items; --", "\" OR 1=1 --", "$1 $2", "Robert'); DELETE", "\\' \\\" %_", "é'\u{301}",
    "x' || pg_sleep(10) || '", "!'; ^'$", "a | 'b",
  ]

  @Test(arguments: hostile) func theSQLTextNeverHoldsTheUsersText(_ query: String) throws {
    let parsed = ParsedQuery(query, rule: .fold)
    let plain = ParsedQuery(query, rule: .fold).replacingNeedles()
    let scope = "Toys'; --"
    let builders: [(ParsedQuery) -> PostgresStatement?] = [
      { PostgresSearchSQL.count($0, scope: scope, names: Self.names) },
      { PostgresSearchSQL.estimate($0, scope: scope, names: Self.names) },
      {
        PostgresSearchSQL.page($0, scope: scope, names: Self.names, after: "42'", limit: 10, plan: .walkOrder)
      },
      {
        PostgresSearchSQL.page($0, scope: scope, names: Self.names, after: nil, limit: 10, plan: .sortMatches)
      },
    ]
    for build in builders {
      let statement = try #require(build(parsed))
      #expect(statement.sql == build(plain)?.sql)
      // Terms of a letter or two occur in any SQL ("a", a quote); the equal shapes above prove those.
      for term in parsed.clauses.joined() where term.needle.unicodeScalars.count >= 3 {
        #expect(!statement.sql.contains(term.needle))
        #expect(!statement.sql.contains(term.text))
      }
      #expect(!statement.sql.contains(scope))
      #expect(statement.parameters.contains(scope))
    }
  }

  @Test func pagesWalkTheKeyOrSortTheMatches() throws {
    let parsed = ParsedQuery("ab", rule: .fold)
    let walk = try #require(
      PostgresSearchSQL.page(
        parsed, scope: "Toys", names: Self.names, after: "7", limit: 10, plan: .walkOrder))
    #expect(
      walk.sql
        == "SELECT \"id\"::pg_catalog.text AS order_text, \"name\"::pg_catalog.text AS title_text, "
        + "\"category\"::pg_catalog.text AS scope_text, NULL::pg_catalog.text AS tiebreak_text "
        + "FROM \"s\".\"items\" WHERE \"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 AND "
        + "\"category\"::pg_catalog.text OPERATOR(pg_catalog.=) $2 AND \"id\" OPERATOR(pg_catalog.>) $3 "
        + "ORDER BY \"id\" LIMIT $4")
    #expect(walk.parameters == ["%ab%", "Toys", "7", "10"])
    let sort = try #require(
      PostgresSearchSQL.page(parsed, scope: nil, names: Self.names, after: nil, limit: 5, plan: .sortMatches))
    #expect(sort.sql.hasPrefix("SELECT \"id\"::pg_catalog.text AS order_text, "))
    #expect(
      sort.sql.hasSuffix(
        "WHERE \"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 ORDER BY \"id\" IS NULL, \"id\" LIMIT $2"))
    #expect(sort.parameters == ["%ab%", "5"])
    let bounded = try #require(
      PostgresSearchSQL.page(
        parsed, scope: nil, names: Self.names, after: "7", limit: 10, plan: .walkOrder, walkEnd: "407"))
    #expect(
      bounded.sql.hasSuffix(
        "WHERE \"searchshell_folded\" OPERATOR(pg_catalog.~~) $1 AND \"id\" OPERATOR(pg_catalog.>) $2 "
          + "AND NOT (\"id\" OPERATOR(pg_catalog.>) $3) ORDER BY \"id\" LIMIT $4"))
    #expect(bounded.parameters == ["%ab%", "7", "407", "10"])
    let end = PostgresSearchSQL.walkEnd(names: Self.names, after: "7", walkLimit: 400)
    #expect(
      end.sql
        == "SELECT \"id\"::pg_catalog.text AS walk_end FROM \"s\".\"items\" WHERE \"id\" OPERATOR(pg_catalog.>) $1 "
        + "ORDER BY \"id\" OFFSET $2 LIMIT 1")
    #expect(end.parameters == ["7", "399"])
    let count = try #require(PostgresSearchSQL.count(parsed, scope: nil, names: Self.names))
    #expect(
      count.sql
        == "SELECT pg_catalog.count(*) FROM \"s\".\"items\" WHERE \"searchshell_folded\" OPERATOR(pg_catalog.~~) $1"
    )
  }

  /// What Citus would run on its coordinator, pulling the rows there, is never on the search
  /// path: no subquery with `LIMIT`, no CTE (materialized or not), for any plan or rule.
  @Test(arguments: [MatchRule.fold, .exact, .prefix]) func noStatementHasALimitSubqueryOrACTE(
    _ rule: MatchRule
  ) throws {
    let parsed = ParsedQuery("ab !cd", rule: rule)
    let statements = [
      PostgresSearchSQL.page(
        parsed, scope: "x", names: Self.names, after: "7", limit: 9, plan: .walkOrder, walkEnd: "99"),
      PostgresSearchSQL.page(parsed, scope: nil, names: Self.names, after: nil, limit: 9, plan: .walkOrder),
      PostgresSearchSQL.page(parsed, scope: "x", names: Self.names, after: "7", limit: 9, plan: .sortMatches),
      PostgresSearchSQL.count(parsed, scope: "x", names: Self.names),
      PostgresSearchSQL.estimate(parsed, scope: nil, names: Self.names),
      PostgresSearchSQL.walkEnd(names: Self.names, after: "7", walkLimit: 400),
    ]
    for statement in statements {
      let sql = try #require(statement).sql
      #expect(!sql.contains("LIMIT ("), "\(sql)")
      #expect(!sql.contains("MATERIALIZED"), "\(sql)")
      #expect(!sql.hasPrefix("WITH"), "\(sql)")
      #expect(!sql.contains("(SELECT"), "\(sql)")
    }
  }

  /// The fold of a NULL title is NULL (the fold takes the bare column, so postgres_fdw can send
  /// it); the engine reads NULL as empty text, so a term the empty text matches adds the NULL rows.
  @Test func aTermTheEmptyTextMatchesAlsoTakesNullTitles() {
    let cases: [(String, MatchRule, String)] = [
      ("ab", .fold, "f OPERATOR(pg_catalog.~~) $1"),
      ("!ab", .fold, "(f OPERATOR(pg_catalog.!~~) $1 OR t IS NULL)"),
      ("ab | !cd", .fold, "(f OPERATOR(pg_catalog.~~) $1 OR (f OPERATOR(pg_catalog.!~~) $2 OR t IS NULL))"),
      ("!ab", .prefix, "(NOT (f OPERATOR(pg_catalog.~) $1) OR t IS NULL)"),
    ]
    for (query, rule, condition) in cases {
      var statement = PostgresStatement("")
      #expect(
        PostgresSearchSQL.condition(ParsedQuery(query, rule: rule), folded: "f", title: "t", into: &statement)
          == condition, "\(rule.rawValue) \(query)")
    }
  }

  /// A prepared table's forms are its schema's functions, and a title under a nondeterministic
  /// collation is read under "C" (LIKE fails under one); no other test names a collation.
  @Test func theFormsAreTheTablesFunctionsOnItsTitlesText() {
    let forms = PostgresForms.Context(
      lower: "\"s\".searchshell_case", strip: "\"s\".searchshell_strip", underC: true)
    var statement = PostgresStatement("")
    let condition = PostgresSearchSQL.condition(
      ParsedQuery("!é", rule: .ci), folded: "f", title: "t", forms: forms, into: &statement)
    #expect(
      condition
        == "(NOT (\"s\".searchshell_case(t::pg_catalog.text COLLATE pg_catalog.\"C\") OPERATOR(pg_catalog.~~) $1) "
        + "OR t IS NULL)")
    var regex = PostgresStatement("")
    #expect(
      PostgresSearchSQL.regexTest("a", title: "t", into: &regex)
        == "(t::pg_catalog.text OPERATOR(pg_catalog.~) $1 OR (t IS NULL AND ''::pg_catalog.text "
        + "OPERATOR(pg_catalog.~) $1))")
    #expect(regex.parameters == ["a"])
  }

  /// The plan: walk the key for terms matching more than about √(limit · rows / 25) rows.
  static let plans: [(estimate: Int, rows: Int, plan: PostgresSearchSQL.PagePlan)] = [
    (1_000_000, 10_000_000, .walkOrder), (2_000, 10_000_000, .walkOrder), (1_999, 10_000_000, .sortMatches),
    (0, 10_000_000, .sortMatches), (5, 0, .walkOrder), (1, -1, .walkOrder), (20, 1000, .walkOrder),
    (19, 1000, .sortMatches),
  ]

  @Test(arguments: plans) func choosesThePagePlanFromTheEstimate(
    _ estimate: Int, _ rows: Int, _ plan: PostgresSearchSQL.PagePlan
  ) {
    #expect(PostgresBackend.pagePlan(estimate: estimate, rows: rows, limit: 10) == plan)
  }

  @Test func readsThePlannersRows() {
    #expect(
      PostgresBackend.planRows(#"[{"Plan": {"Node Type": "Seq Scan", "Plan Rows": 870764}}]"#) == 870_764)
    #expect(PostgresBackend.planRows("not json") == nil)
  }
}

extension ParsedQuery {
  /// The same query with every needle replaced by letters of the same length: the same SQL shape.
  fileprivate func replacingNeedles() -> ParsedQuery {
    var copy = self
    copy.clauses = clauses.map { clause in
      clause.map { term in
        var plain = term
        plain.needle =
          term.needle.unicodeScalars.contains("\u{0}")
          ? term.needle : String(repeating: "x", count: term.needle.unicodeScalars.count)
        plain.text = plain.needle
        return plain
      }
    }
    return copy
  }
}
