import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore

/// A schema placed before pg_catalog on the search path (`options=-csearch_path=…` here; a role's
/// or database's default works the same) never supplies a function or operator to anything the
/// shell runs: each of its look-alikes records its call, and none is ever called.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresSearchPathTests {
  /// The hostile schema, its call log, a table `path_rows` (the fixture's first 300 rows) and
  /// `pin_rows`, which the test that prepares and unprepares has to itself: tests run in
  /// parallel, and an `unprepare` under another test's session drops the column it searches.
  static let made: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    try PostgresFixture(count: 300).load(into: "path_rows", connection)
    try PostgresFixture(count: 30).load(into: "pin_rows", connection)
    let log = "INSERT INTO hostile.calls VALUES"
    var statements = [
      "DROP SCHEMA IF EXISTS hostile CASCADE", "CREATE SCHEMA hostile",
      "CREATE TABLE hostile.calls (what text)",
    ]
    // Look-alikes of every builtin the fold function and the searches use, each logging its call.
    let functions: [(name: String, arguments: String, result: String, body: String)] = [
      ("lower", "t text", "text", "pg_catalog.lower(t)"),
      ("translate", "a text, b text, c text", "text", "pg_catalog.translate(a, b, c)"),
      ("replace", "a text, b text, c text", "text", "pg_catalog.replace(a, b, c)"),
      ("regexp_replace", "a text, b text, c text, d text", "text", "pg_catalog.regexp_replace(a, b, c, d)"),
      ("normalize", "a text, b text", "text", "pg_catalog.normalize(a, 'NFD')"),
      ("octet_length", "t text", "integer", "pg_catalog.octet_length(t)"),
      ("char_length", "t text", "integer", "pg_catalog.char_length(t)"),
      ("to_regclass", "t text", "regclass", "pg_catalog.to_regclass(t)"),
      ("set_config", "a text, b text, c boolean", "text", "pg_catalog.set_config(a, b, c)"),
      ("like", "a text, b text", "boolean", "a OPERATOR(pg_catalog.~~) b"),
      ("notlike", "a text, b text", "boolean", "a OPERATOR(pg_catalog.!~~) b"),
      ("regex", "a text, b text", "boolean", "a OPERATOR(pg_catalog.~) b"),
      ("texteq", "a text, b text", "boolean", "a OPERATOR(pg_catalog.=) b"),
      ("intgt", "a integer, b integer", "boolean", "a OPERATOR(pg_catalog.>) b"),
      ("inteq", "a integer, b integer", "boolean", "a OPERATOR(pg_catalog.=) b"),
    ]
    for function in functions {
      statements.append(
        "CREATE FUNCTION hostile.\(function.name)(\(function.arguments)) RETURNS \(function.result) "
          + "LANGUAGE plpgsql AS $f$ BEGIN \(log) ('\(function.name)'); RETURN \(function.body); END $f$")
    }
    for (op, function, type) in [
      ("~~", "like", "text"), ("!~~", "notlike", "text"), ("~", "regex", "text"), ("=", "texteq", "text"),
      (">", "intgt", "integer"), ("=", "inteq", "integer"),
    ] {
      statements.append(
        "CREATE OPERATOR hostile.\(op) (LEFTARG = \(type), RIGHTARG = \(type), FUNCTION = hostile.\(function))"
      )
    }
    for sql in statements { try connection.run(PostgresStatement(sql), about: "setup") }
    return cluster
  }

  /// The functions the hostile schema saw called, with how often.
  static func calls(_ cluster: TestCluster) throws -> [String] {
    try cluster.connect().run(
      PostgresStatement("SELECT what || ' ' || count(*) FROM hostile.calls GROUP BY what ORDER BY what"),
      about: "calls"
    ).rows.compactMap { $0[0] }
  }

  @Test func aSchemaBeforePgCatalogIsNeverCalled() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    let url = cluster.url("table=public.path_rows&options=-csearch_path%3Dhostile,pg_catalog,public")
    let expected = PostgresFixture(count: 300).titles.filter {
      ReferenceMatcher.matches($0, query: "sta", rule: .fold)
    }
    #expect(fixture.run("load \(url)").errors.count == 1)
    #expect(fixture.session.screen.dataset.name == "public.path_rows")
    for line in [
      "search sta", "expect count \(expected.count)", "set match exact", "search sta", "set match fuzzy",
      "search cfe", "set match regex", "search st.r", "set match fold", "search x", "list all", "prepare",
      "search sta", "expect count \(expected.count)", "search ab", "list all", "prepare undo", "search sta",
      "expect count \(expected.count)",
    ] {
      // Other suites prepare in the same database meanwhile: a `prepare` may say it waits, for
      // their preparation or for their transactions' snapshots (its index build's progress line).
      let errors = fixture.run(line).errors.filter {
        !$0.hasPrefix("waiting for another prepare")
          && !($0.hasPrefix("prepare: ") && $0.contains(": waiting for "))
      }
      #expect(errors.isEmpty, "\(line)")
    }
    #expect(fixture.titlesOnScreen == expected)
    #expect(try Self.calls(cluster) == [])
  }

  /// The fold function and the forms' functions pin no search_path (a `SET` clause would keep the
  /// planner from inlining them): every function, operator and collation in them is pg_catalog's
  /// by name instead, and the shell's earlier design's trigger function is gone after `prepare`.
  @Test func theFoldFunctionNamesEveryBuiltInWithItsSchema() throws {
    let cluster = try Self.made.get()
    let backend = try PostgresBackend(url: cluster.url("table=pin_rows"))
    _ = try backend.prepare()
    defer { _ = try? backend.unprepare() }
    let settings = try backend.connection.run(
      PostgresStatement(
        "SELECT p.proname || ' ' || coalesce(array_to_string(p.proconfig, ','), 'none') FROM pg_proc p "
          + "JOIN pg_namespace n ON n.oid = p.pronamespace "
          + "WHERE p.proname LIKE 'searchshell%' AND n.nspname <> 'planted' "
          + "AND n.nspname NOT LIKE 'pg\\_temp\\_%' ORDER BY 1"),
      about: "t"
    ).rows.compactMap { $0[0] }
    #expect(
      Set(settings) == ["searchshell_case none", "searchshell_fold none", "searchshell_strip none"],
      "\(settings)")
    for body in [PostgresFold.body, PostgresForms.body(.lower), PostgresForms.body(.strip)] {
      let calls = body.ranges(of: /[A-Za-z_]+\(/)
      #expect(calls.count > 3)
      for call in calls where body[call] != "OPERATOR(" {
        #expect(body[..<call.lowerBound].hasSuffix("pg_catalog."), "\(body[call]) is not schema-qualified")
      }
      let operators = body.ranges(of: /OPERATOR\([^)]*\)/).map { String(body[$0]) }
      #expect(!operators.isEmpty && operators.allSatisfy { $0.hasPrefix("OPERATOR(pg_catalog.") })
      // No collation at all: postgres_fdw sends no expression naming one (ASCII is lowercased by
      // `lower()` without a capital I, else `translate()`, the same under every collation).
      #expect(!body.contains("COLLATE"))
    }
  }

  /// A role that may create in the table's schema plants a function under the fold function's
  /// name and comment: the shell folds with its own temporary one instead.
  @Test func aFoldFunctionOfAnotherOwnerIsNeverUsed() throws {
    let cluster = try Self.made.get()
    let admin = try cluster.connect()
    for sql in [
      "DROP SCHEMA IF EXISTS planted CASCADE", "DROP ROLE IF EXISTS searchshell_planter",
      "CREATE ROLE searchshell_planter LOGIN", "CREATE SCHEMA planted",
      "GRANT USAGE, CREATE ON SCHEMA planted TO searchshell_planter",
      "GRANT USAGE ON SCHEMA hostile TO searchshell_planter",
      "GRANT INSERT ON hostile.calls TO searchshell_planter",
      "CREATE TABLE planted.items (id int PRIMARY KEY, name text)",
      "INSERT INTO planted.items VALUES (1, 'Café'), (2, 'cafe'), (3, 'tea')",
    ] {
      try admin.run(PostgresStatement(sql), about: "setup")
    }
    let planter = try PostgresConnection(
      url: PostgresURL(
        parsing: cluster.url().replacingOccurrences(of: "user=postgres", with: "user=searchshell_planter")))
    try planter.run(
      PostgresStatement(
        "CREATE FUNCTION planted.searchshell_fold(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $f$ "
          + "BEGIN INSERT INTO hostile.calls VALUES ('planted'); RETURN pg_catalog.lower(t); END $f$"),
      about: "plant")
    try planter.run(
      PostgresStatement("COMMENT ON FUNCTION planted.searchshell_fold(text) IS '\(PostgresFold.comment)'"),
      about: "plant")
    let backend = try PostgresBackend(url: cluster.url("table=planted.items"))
    #expect(backend.table.names.folded.hasPrefix("pg_temp.searchshell_fold("))
    #expect(try backend.count("cafe", rule: .fold, scope: nil) == 2)
    #expect(try Self.calls(cluster).filter { $0.hasPrefix("planted") } == [])
  }
}
