import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore

/// Any order column pages exactly: NULL order values (listed last), floats whatever
/// `extra_float_digits` the role sets, a uuid key with a scope column; errors name the table and
/// the server; `prepare undo` says what it dropped.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresKeyTests {
  /// The tables, made once.
  static let made: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    for sql in [
      "DROP TABLE IF EXISTS keys_nullable, keys_nullable_nokey, keys_float, keys_uuid, keys_undo, keys_repeats, "
        + "keys_repeats_nokey, keys_repeats_text, keys_plain CASCADE",
      // Runs of one value longer than a page, NULLs among them, and a value '' beside NULL.
      "CREATE TABLE keys_repeats (id int PRIMARY KEY, k int, name text)",
      "INSERT INTO keys_repeats SELECT i, CASE WHEN i % 11 = 0 THEN NULL ELSE i % 9 END, 'row ' || i "
        + "FROM generate_series(1, 230) i",
      "CREATE TABLE keys_repeats_text (id text PRIMARY KEY, k text NOT NULL, name text)",
      "INSERT INTO keys_repeats_text SELECT 'id' || i, CASE WHEN i % 3 = 0 THEN '' ELSE 'v' || (i % 4) END, "
        + "'row ' || i FROM generate_series(1, 230) i",
      "CREATE TABLE keys_repeats_nokey (k int, u int UNIQUE, name text)",
      "INSERT INTO keys_repeats_nokey SELECT CASE WHEN i % 13 = 0 THEN NULL ELSE i % 4 END, 500 - i, 'row ' || i "
        + "FROM generate_series(1, 230) i",
      // No key and no index at all, as a `\copy` into a new table leaves it; rows updated so
      // their place in the table is not their insertion order.
      "CREATE TABLE keys_plain (k text, name text)",
      "INSERT INTO keys_plain SELECT 'v' || (i % 6), 'row ' || i FROM generate_series(1, 230) i",
      "UPDATE keys_plain SET k = 'v9' WHERE name LIKE 'row 1%'",
      "CREATE VIEW keys_repeats_view AS SELECT k, name FROM keys_repeats WHERE k IS NOT NULL",
      "CREATE TABLE keys_nullable (id int PRIMARY KEY, k int UNIQUE, name text)",
      "INSERT INTO keys_nullable SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE 1000 - i END, 'row ' || i "
        + "FROM generate_series(1, 230) i",
      "CREATE TABLE keys_nullable_nokey (k text UNIQUE, name text)",
      "INSERT INTO keys_nullable_nokey SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE 'k' || i END, 'row ' || i "
        + "FROM generate_series(1, 230) i",
      // Keys one unit in the last place apart: rounded to 15 digits they collide.
      "CREATE TABLE keys_float (k float8 PRIMARY KEY, name text)",
      "INSERT INTO keys_float SELECT 1 + i * 2.220446049250313e-16, 'row ' || i FROM generate_series(1, 230) i",
      "CREATE TABLE keys_uuid (id uuid PRIMARY KEY, name text, category text)",
      "INSERT INTO keys_uuid SELECT md5(i::text)::uuid, 'row ' || i, CASE WHEN i % 3 = 0 THEN 'three' "
        + "ELSE 'other' END FROM generate_series(1, 230) i",
      "DROP SCHEMA IF EXISTS keys_readonly CASCADE", "CREATE SCHEMA keys_readonly",
      "CREATE TABLE keys_readonly.items (id int PRIMARY KEY, name text)",
      "CREATE TABLE keys_undo (id int PRIMARY KEY, name text)",
      "INSERT INTO keys_undo SELECT i, 'row ' || i FROM generate_series(1, 20) i",
    ] {
      try connection.run(PostgresStatement(sql), about: "setup")
    }
    return cluster
  }

  /// Every row's title by keyset pages of `limit` rows, as the shell reads them.
  static func paged(_ backend: PostgresBackend, limit: Int) throws -> [String] {
    var titles: [String] = []
    var after: String? = nil
    while true {
      let page = try backend.page(
        ParsedQuery("", rule: .fold), scope: nil, after: after, limit: limit, plan: .walkOrder)
      titles += page.map(\.title)
      guard page.count == limit, titles.count <= 10_000 else { break }
      after = page.last?.order
    }
    return titles
  }

  /// Every title of `table` in the order `orderBy` gives, straight from the server.
  static func ordered(_ cluster: TestCluster, _ table: String, _ orderBy: String) throws -> [String] {
    try cluster.connect().run(
      PostgresStatement("SELECT name FROM \(table) ORDER BY \(orderBy)"), about: table
    ).rows.map { $0[0] ?? "" }
  }

  @Test(arguments: [
    ("keys_nullable", "order=k", "k NULLS LAST, id"),
    ("keys_nullable_nokey", "order=k&title=name", "k NULLS LAST, ctid"),
    ("keys_float", "options=-cextra_float_digits%3D-3", "k"),
    ("keys_uuid", "", "id"),
    ("keys_repeats", "order=k", "k NULLS LAST, id"),
    ("keys_repeats_text", "order=k&title=name", "k, id"),
    ("keys_repeats_nokey", "order=k&title=name", "k NULLS LAST, ctid"),
    ("keys_repeats_nokey", "title=name", "u"),
    ("keys_plain", "title=name", "k, ctid"),
  ])
  func everyRowIsListedOnceInOrder(table: String, parameters: String, orderBy: String) throws {
    let cluster = try Self.made.get()
    let url = cluster.url("table=\(table)" + (parameters.isEmpty ? "" : "&" + parameters))
    let backend = try PostgresBackend(url: url)
    let expected = try Self.ordered(cluster, table, orderBy)
    #expect(expected.count == 230)
    for limit in [1, 7, 100] {
      #expect(try Self.paged(backend, limit: limit) == expected, "pages of \(limit)")
    }
    let fixture = try SessionFixture()
    fixture.run("load \(url)")
    #expect(fixture.run("list all").errors.isEmpty)
    #expect(fixture.session.screen.tableRows.rows(in: 0..<1_000).map(\.title) == expected)
    #expect(fixture.run("expect count 230").errors.isEmpty)
    // Every row's detail and export read it back by its key, NULL order values too.
    let database = try #require(fixture.session.screen.backend as? PostgresSearchBackend)
    let ids = fixture.session.screen.tableRows.rows(in: 0..<1_000).map(\.id)
    let exported = try database.exportable(ids)
    #expect(exported.rows.count == 230)
    let titleColumn = fixture.session.screen.dataset.titleColumn
    #expect(ids.allSatisfy { database.cells(of: $0, columns: [titleColumn]) == [database.title(of: $0)] })
    database.ids.checkInvariants()
  }

  @Test func aRepeatedOrderColumnWithoutAKeyIsTiedByTheRowsPlace() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    let tied = fixture.run("load \(cluster.url("table=keys_repeats_nokey&order=k&title=name"))").errors
    #expect(
      tied.first
        == "warning: keys_repeats_nokey has no primary key and its order column 'k' is not unique: rows sharing a "
        + "value follow their place in the table (ctid, which an UPDATE changes); 'u' has a unique index: order=u"
    )
    let plain = fixture.run("load \(cluster.url("table=keys_plain"))").errors
    #expect(plain.first?.hasPrefix("warning: keys_plain has no primary key and its order column 'k'") == true)
    // A view has no row address and no index to say its rows apart: a key must be named.
    let unnamed = fixture.run("load \(cluster.url("table=keys_repeats_view"))").errors
    #expect(
      unnamed.first?.hasSuffix("it has no single-column primary key: name a unique column with order=COLUMN")
        == true)
    let repeated = fixture.run("load \(cluster.url("table=keys_repeats&order=k"))").errors
    #expect(
      repeated.first
        == "warning: keys_repeats's order column 'k' is not unique: rows sharing a value follow its primary key 'id'"
    )
    let view = fixture.run("load \(cluster.url("table=keys_repeats_view&order=k"))").errors
    #expect(
      view.first?.hasPrefix(
        "warning: keys_repeats_view is a view, a foreign or a partitioned table: its order column 'k'")
        == true)
  }

  @Test(
    arguments: [
      (nil, "7", false, "\u{0}7"), ("", "7", false, ""), ("", "7", true, "\u{0}\u{0}\u{0}7"),
      ("a", "b", true, "\u{0}\u{0}a\u{0}b"), (nil, "b", true, "\u{0}b"),
    ] as [(String?, String, Bool, String)])
  func aRowKeyTellsNullsEmptyValuesAndTiesApart(
    order: String?, tiebreak: String, coversAll: Bool, key: String
  ) {
    #expect(PostgresRowKey.key(order: order, tiebreak: tiebreak, coversAll: coversAll) == key)
    #expect(PostgresRowKey.tiebreak(of: key) == (order == nil ? tiebreak : nil))
    let parts = PostgresRowKey.parts(of: key)
    #expect(parts?.order == (coversAll ? order : nil))
    #expect(parts?.tiebreak == (coversAll && order != nil ? tiebreak : nil))
  }

  @Test func aUUIDKeyWithAScopeColumnLoadsAndSearches() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    let (_, errors) = fixture.run("load \(cluster.url("table=keys_uuid"))")
    #expect(errors.count == 1 && errors[0].hasPrefix("warning:"), "\(errors)")
    let firsts = try cluster.connect().run(
      PostgresStatement("SELECT category FROM keys_uuid ORDER BY id LIMIT 1"), about: "t"
    ).scalar
    #expect(fixture.session.screen.dataset.scopeTitles.count == 3)
    #expect(fixture.session.screen.dataset.scopeTitles[1] == firsts)
    let matching =
      try cluster.connect().run(
        PostgresStatement("SELECT count(*) FROM keys_uuid WHERE name LIKE '%1%'"), about: "t"
      ).scalar ?? ""
    #expect(fixture.run("search row 1", "expect count \(matching)").errors.isEmpty)
    #expect(fixture.run("scope three", "search row", "expect count 76").errors.isEmpty)
  }

  @Test func aReadOnlySessionNamesTheTableAndTheServer() throws {
    let cluster = try Self.made.get()
    let error = #expect(throws: BackendError.self) {
      try PostgresBackend(
        url: cluster.url("table=keys_readonly.items&options=-cdefault_transaction_read_only%3Don"))
    }
    #expect(
      error.map(ShellError.init)?.description
        == "Cannot search the table 'keys_readonly.items' at '\(cluster.folder):5432/postgres': the session is read-only "
        + "and the table is not prepared, so the shell cannot create its temporary fold function "
        + "(run prepare from a writable session)")
  }

  @Test func prepareUndoSaysWhatItDropped() throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    fixture.run("load \(cluster.url("table=keys_undo"))")
    #expect(fixture.run("prepare undo").output == ["nothing to undo: keys_undo was not prepared"])
    // Other suites' sessions in the database can make a step wait: its progress line says so.
    let progress = { (line: String) in
      line.hasPrefix("prepare: ") || line.hasPrefix("waiting for another prepare")
    }
    #expect(fixture.run("prepare").errors.allSatisfy(progress))
    let undone = fixture.run("prepare undo")
    #expect(undone.errors.allSatisfy(progress), "\(undone)")
    #expect(
      undone.output.contains { $0.hasPrefix("dropped the trigram index searchshell_trgm_") }, "\(undone)")
    #expect(fixture.run("prepare undo").output == ["nothing to undo: keys_undo was not prepared"])
    #expect(fixture.run("search row 1", "expect count 11").errors.isEmpty)
  }
}
