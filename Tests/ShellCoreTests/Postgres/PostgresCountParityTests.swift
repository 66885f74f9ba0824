import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// `count COL` and `filter` on PostgreSQL against the in-memory engine on the same rows: the
/// same values, counts, order and totals, pushed down as one GROUP BY; a count that cannot
/// finish says so rather than show numbers.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresCountParityTests {
  /// The generated rows (with `PostgresRuleParityTests`' vocabulary), fewer of them.
  static let fixture = PostgresFixture(count: 5_000)

  /// The fixture loaded into a table, once; its URL.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    try fixture.load(into: "count_parity", try cluster.connect(statementTimeout: 120_000))
    return cluster.url("table=count_parity&title=name")
  }

  /// Each test's own connection and engine.
  struct Sides {
    let database: PostgresSearchBackend
    let memory = InMemoryBackend(dataset: PostgresCountParityTests.fixture.dataset())

    init() throws {
      let opened = try DatasetOpener.openDatabase(
        LoadRequest(target: try PostgresCountParityTests.loaded.get()))
      database = try #require(opened.backend as? PostgresSearchBackend)
    }
  }

  /// The in-memory dataset's columns (title, category) as the table's (id, name, category).
  static let tableColumn = [0: 1, 1: 2]

  static let cases: [(MatchRule, String, Int)] = [
    (.fold, "", 0), (.fold, "sta", 0), (.fold, "cafe", 2), (.fold, "stand !star", 0), (.fold, "zzqx", 0),
    (.fuzzy, "sta", 0), (.fuzzy, "kfe", 1), (.fold, "100%", 3),
    // Every rule's own test on the server: `count COL` groups the very matches.
    (.exact, "Sta", 0), (.exact, "cafe\u{301}", 0), (.ci, "STRASSE", 2), (.ci, "İ", 0), (.smart, "Ærø", 0),
    (.smart, "STRA !ss", 1), (.prefix, "sta", 0), (.prefix, "ᄒ", 0), (.fuzzy, "Stan", 0),
  ]

  @Test(arguments: cases) func theCountsEqualTheEngines(_ rule: MatchRule, _ text: String, _ scope: Int)
    throws
  {
    let sides = try Sides()
    for column in [0, 1] {
      for filter in [nil, ColumnFilter(column: 1, value: "Food")] {
        let request = SearchRequest(text: text, rule: rule, scope: scope, filter: filter)
        var pushed = request
        pushed.filter = filter.map { ColumnFilter(column: Self.tableColumn[$0.column] ?? 0, value: $0.value) }
        let label = "\(rule.rawValue) '\(text)' scope \(scope) column \(column) filter \(filter != nil)"
        for range in [0..<10, 10..<20, 0..<ValueCounts.distinctLimit] {
          let expected = try #require(
            try sides.memory.valueCounts(of: column, over: request, range: range, cancellation: nil))
          let found = try #require(
            try sides.database.valueCounts(
              of: Self.tableColumn[column] ?? 0, over: pushed, range: range, cancellation: nil))
          #expect(found == expected, "\(label) \(range)")
        }
        // The rows a filter keeps are the same rows, in the same order.
        let rows = try #require(try sides.memory.search(request, cancellation: nil))
        let pushedRows = try #require(try sides.database.search(pushed, cancellation: nil))
        #expect(try pushedRows.exactCount() == rows.exactCount(), "\(label)")
        let orders = pushedRows.rows(in: 0..<30).map { sides.database.ids.order(of: $0.id) }
        #expect(orders == rows.rows(in: 0..<30).map { String($0.id) }, "\(label)")
      }
    }
  }

  /// A filter under a sort: the database's sorted pages keep only the filtered rows, in the
  /// engine's order, across page boundaries.
  @Test(arguments: ["", "sta"]) func aFilterUnderASortKeepsTheSameRowsInOrder(_ text: String) throws {
    let sides = try Sides()
    let request = SearchRequest(
      text: text, rule: .fold, scope: 0, order: SortOrder(column: 0, descending: true),
      filter: ColumnFilter(column: 1, value: "Food"))
    var pushed = request
    pushed.order = SortOrder(column: 1, descending: true)
    pushed.filter = ColumnFilter(column: 2, value: "Food")
    let rows = try #require(try sides.memory.search(request, cancellation: nil))
    let pushedRows = try #require(try sides.database.search(pushed, cancellation: nil))
    let count = try rows.exactCount()
    #expect(count > 60)
    #expect(try pushedRows.exactCount() == count)
    for range in [0..<25, 25..<50, (count - 10)..<count] {
      let orders = pushedRows.rows(in: range).map { sides.database.ids.order(of: $0.id) }
      #expect(orders == rows.rows(in: range).map { String($0.id) }, "'\(text)' \(range)")
    }
  }

  @Test func theCountIsOneGroupByWithItsValuesAsParameters() throws {
    var names = PostgresSearchSQL.Names(
      table: "\"t\"", title: "\"name\"", order: "\"id\"", scope: "\"category\"", folded: "\"f\"")
    names.tiebreak = nil
    let statement = try #require(
      PostgresValueCounts.statement(
        column: "\"kind\"", filter: ParsedQuery("o'k", rule: .fold), scope: "Food",
        equality: .init(column: "\"colour\"", value: "red'); DROP TABLE t; --"), range: 20..<30, names: names)
    )
    #expect(
      statement.sql
        == "SELECT COALESCE(\"kind\"::pg_catalog.text, '') AS value, pg_catalog.count(*) AS rows, "
        + "pg_catalog.count(*) OVER () AS distinct_values, pg_catalog.sum(pg_catalog.count(*)) OVER () AS total "
        + "FROM \"t\" WHERE \"f\" OPERATOR(pg_catalog.~~) $1 AND \"category\"::pg_catalog.text OPERATOR(pg_catalog.=) $2 "
        + "AND COALESCE(\"colour\"::pg_catalog.text, '') OPERATOR(pg_catalog.=) $3 "
        + "GROUP BY COALESCE(\"kind\"::pg_catalog.text, '') ORDER BY pg_catalog.count(*) DESC, "
        + "COALESCE(\"kind\"::pg_catalog.text, '') COLLATE pg_catalog.\"C\" LIMIT $4 OFFSET $5")
    #expect(statement.parameters == ["%o'k%", "Food", "red'); DROP TABLE t; --", "10", "20"])
  }

  /// NULL and '' are both the empty value, as the shell shows both as an empty cell.
  @Test func nullAndEmptyAreOneEmptyValue() throws {
    let cluster = try TestCluster.started()
    let setup = try cluster.connect()
    try setup.run(PostgresStatement("DROP TABLE IF EXISTS count_empty"), about: "setup")
    try setup.run(
      PostgresStatement("CREATE TABLE count_empty (id int PRIMARY KEY, name text, kind text)"), about: "setup"
    )
    try setup.run(
      PostgresStatement(
        "INSERT INTO count_empty VALUES (1, 'a', NULL), (2, 'b', ''), (3, 'c', 'x'), (4, 'd', NULL)"),
      about: "setup")
    let opened = try DatasetOpener.openDatabase(
      LoadRequest(target: cluster.url("table=count_empty&title=name")))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    let request = SearchRequest(text: "", rule: .fold, scope: 0)
    let counts = try #require(
      try database.valueCounts(of: 2, over: request, range: 0..<10, cancellation: nil))
    #expect(counts.entries == [.init(value: "", count: 3), .init(value: "x", count: 1)])
    #expect((counts.distinct, counts.rows) == (2, 4))
    var filtered = request
    filtered.filter = ColumnFilter(column: 2, value: "")
    #expect(try database.search(filtered, cancellation: nil)?.exactCount() == 3)
  }

  /// A NULL title is the empty text, as in memory: the fold takes the bare column (so a shard can
  /// run it) and folds NULL to NULL, so terms the empty text matches (negated ones) add those rows.
  @Test func aNullTitleCountsAsTheEmptyText() throws {
    let cluster = try TestCluster.started()
    let setup = try cluster.connect()
    try setup.run(PostgresStatement("DROP TABLE IF EXISTS null_titles"), about: "setup")
    try setup.run(
      PostgresStatement("CREATE TABLE null_titles (id int PRIMARY KEY, name text)"), about: "setup")
    try setup.run(
      PostgresStatement(
        "INSERT INTO null_titles VALUES (1, 'Café'), (2, NULL), (3, ''), (4, 'zebra'), (5, NULL)"),
      about: "setup")
    let backend = try PostgresBackend(url: cluster.url("table=null_titles&title=name"))
    let titles = ["Café", "", "", "zebra", ""]
    for rule in [MatchRule.fold, .exact, .ci, .smart, .prefix] {
      for query in ["caf", "!caf", "!zeb !caf", "zeb | !Café", "^ze", "!^ze"] {
        let expected = titles.filter { ReferenceMatcher.matches($0, query: query, rule: rule) }.count
        #expect(try backend.count(query, rule: rule, scope: nil) == expected, "\(rule.rawValue) \(query)")
      }
    }
  }

  /// A search PostgreSQL cannot answer exactly (a regex with an inline flag, which ARE reads
  /// otherwise) is refused in
  /// one line, not counted wrong; a regex that translates is grouped on the server.
  @Test func aRuleCheckedOnTheClientIsRefused() throws {
    let sides = try Sides()
    let translated = SearchRequest(text: "S[t]a", rule: .regex, scope: 0)
    #expect(try sides.database.valueCounts(of: 2, over: translated, range: 0..<10, cancellation: nil) != nil)
    let request = SearchRequest(text: "(?i)sta", rule: .regex, scope: 0)
    #expect {
      _ = try sides.database.valueCounts(of: 2, over: request, range: 0..<10, cancellation: nil)
    } throws: { error in
      guard case .notAvailable(let command, let reason) = error as? BackendError else { return false }
      return command == "count" && reason.contains("regex rule")
    }
  }

  /// A count held up past the statement timeout (here by a lock) fails, with no numbers.
  @Test func aCountPastTheStatementTimeoutFailsInOneLine() throws {
    let cluster = try TestCluster.started()
    let url = try PostgresURL(parsing: try Self.loaded.get())
    let backend = try PostgresBackend(url: url, statementTimeout: 200)
    let database = PostgresSearchBackend(
      backend: backend,
      dataset: try PostgresOpening.shell(
        of: backend, url: url, titles: try PostgresOpening.firstScopeValues(of: backend)),
      rowCount: Self.fixture.titles.count)
    let holder = try cluster.connect()
    try holder.run(PostgresStatement("BEGIN"), about: "lock")
    try holder.run(PostgresStatement("LOCK TABLE count_parity IN ACCESS EXCLUSIVE MODE"), about: "lock")
    defer { _ = try? holder.run(PostgresStatement("ROLLBACK"), about: "lock") }
    let request = SearchRequest(text: "", rule: .fold, scope: 0)
    do {
      _ = try database.valueCounts(of: 2, over: request, range: 0..<10, cancellation: nil)
      Issue.record("the count finished under the lock")
    } catch {
      let line = ShellError(error).description
      #expect(line.contains("statement timeout"), "\(line)")
      #expect(!line.contains("\n"))
    }
  }
}
