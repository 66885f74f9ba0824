import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// One clear line for each way opening or preparing a table can fail.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresBackendErrorTests {
  /// Tables for these tests, made once: one without a primary key, one the locked role may read
  /// in a database where it may create nothing.
  static let made: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect()
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS errors_no_key"), about: "setup")
    try connection.run(
      PostgresStatement("CREATE TABLE errors_no_key (name text UNIQUE, kind text)"), about: "setup")
    try connection.run(PostgresStatement("CREATE DATABASE errors_locked"), about: "setup")
    let locked = try PostgresConnection(
      url: PostgresURL(parsing: cluster.url().replacingOccurrences(of: "/postgres?", with: "/errors_locked?"))
    )
    try locked.run(PostgresStatement("CREATE TABLE items (id int PRIMARY KEY, title text)"), about: "setup")
    try locked.run(PostgresStatement("INSERT INTO items VALUES (1, 'Café'), (2, 'Cafe')"), about: "setup")
    try locked.run(PostgresStatement("GRANT SELECT ON items TO \(TestCluster.lockedRole)"), about: "setup")
    return cluster
  }

  @Test func aMissingTableNamesTheTable() throws {
    let cluster = try Self.made.get()
    let error = #expect(throws: BackendError.self) {
      try PostgresBackend(url: cluster.url("table=public.nope"))
    }
    #expect(
      error.map(ShellError.init)?.description
        == "No table 'public.nope' in database 'postgres' at '\(cluster.folder):5432'")
  }

  @Test func aURLWithoutATableSaysHowToNameOne() throws {
    let cluster = try Self.made.get()
    let error = #expect(throws: BackendError.self) { try PostgresBackend(url: cluster.url()) }
    #expect(
      error.map(ShellError.init)?.description.hasSuffix("': it names no table: add ?table=NAME") == true)
  }

  @Test func aMissingColumnListsTheColumns() throws {
    let cluster = try Self.made.get()
    let error = #expect(throws: BackendError.self) {
      try PostgresBackend(url: cluster.url("table=errors_no_key&title=nope&order=name"))
    }
    #expect(
      error.map(ShellError.init)?.description
        == "Cannot search the table 'errors_no_key' at '\(cluster.folder):5432/postgres': it has no column 'nope' "
        + "(columns: name, kind)")
    let order = #expect(throws: BackendError.self) {
      try PostgresBackend(url: cluster.url("table=errors_no_key&order=id"))
    }
    #expect(
      order.map(ShellError.init)?.description.hasSuffix("it has no column 'id' (columns: name, kind)") == true
    )
  }

  /// No primary key: its uniquely indexed column orders it (PostgresKeyTests has the rest).
  @Test func aTableWithoutAKeyIsOrderedByItsUniqueColumn() throws {
    let cluster = try Self.made.get()
    let opened = try PostgresBackend(url: cluster.url("table=errors_no_key"))
    #expect(opened.table.order == "name")
    let named = try PostgresBackend(url: cluster.url("table=errors_no_key&order=name"))
    #expect(named.table.title == "name")
    #expect(named.table.scope == "kind")
    #expect(
      try PostgresBackend(url: cluster.url("table=errors_no_key&order=name&scope=none")).table.scope == nil)
  }

  @Test func aRoleThatMayCreateNothingGetsTheExtensionLineAndStillSearches() throws {
    let cluster = try Self.made.get()
    let url =
      "postgres://\(TestCluster.lockedRole):\(TestCluster.lockedPassword)@/errors_locked?host=\(cluster.folder)&table=items"
    let backend = try PostgresBackend(url: url)
    #expect(backend.warning?.hasPrefix("items has no trigram index") == true)
    #expect(try backend.count("cafe", rule: .fold, scope: nil) == 2)
    let error = #expect(throws: BackendError.self) { try backend.prepare() }
    #expect(
      error.map(ShellError.init)?.description
        == "The database 'errors_locked' lacks the extension 'pg_trgm': permission denied to create extension \"pg_trgm\""
    )
    #expect(!(error.map(ShellError.init)?.description.contains(TestCluster.lockedPassword) ?? true))
    #expect(try backend.page("cafe", rule: .fold, scope: nil, limit: 10).map(\.title) == ["Café", "Cafe"])
  }

  /// A folded column made from one title column is not read under another title column.
  ///
  /// Opened with another `title=`, its rows would be the wrong ones; `prepare` then folds the new
  /// title.
  @Test func aFoldedColumnOfAnotherTitleIsNotSearched() throws {
    let cluster = try Self.made.get()
    let connection = try cluster.connect()
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS two_titles"), about: "setup")
    try connection.run(
      PostgresStatement("CREATE TABLE two_titles (id int PRIMARY KEY, name text, other text)"), about: "setup"
    )
    try connection.run(
      PostgresStatement("INSERT INTO two_titles VALUES (1, 'apple', 'zebra'), (2, 'pear', 'Äpple')"),
      about: "setup")
    let byName = try PostgresBackend(url: cluster.url("table=two_titles&title=name"))
    _ = try byName.prepare()
    #expect(byName.table.isPrepared)
    #expect(try byName.page("apple", rule: .fold, scope: nil, limit: 5).map(\.order) == ["1"])
    let byOther = try PostgresBackend(url: cluster.url("table=two_titles&title=other"))
    #expect(!byOther.table.isPrepared)
    // The index of the other title is there: its fold is the temporary function, never the index's.
    #expect(byOther.table.names.folded.hasPrefix("pg_temp."))
    #expect(try byOther.page("apple", rule: .fold, scope: nil, limit: 5).map(\.order) == ["2"])
    #expect(try byOther.count("zebra", rule: .fold, scope: nil) == 1)
    _ = try byOther.prepare()
    #expect(byOther.table.isPrepared)
    #expect(try byOther.page("apple", rule: .fold, scope: nil, limit: 5).map(\.order) == ["2"])
    let again = try PostgresBackend(url: cluster.url("table=two_titles&title=name"))
    #expect(!again.table.isPrepared)
    #expect(try again.count("apple", rule: .fold, scope: nil) == 1)
    #expect(try again.page("apple", rule: .fold, scope: nil, limit: 5).map(\.order) == ["1"])
  }

  @Test func prepareAndUnprepareRoundTrip() throws {
    let cluster = try Self.made.get()
    let connection = try cluster.connect()
    try PostgresFixture(count: 300).load(into: "prepare_round_trip", connection)
    let backend = try PostgresBackend(url: cluster.url("table=prepare_round_trip"))
    let before = try backend.count("stand", rule: .fold, scope: nil)
    #expect(!backend.table.isPrepared)
    let index = "searchshell_trgm_\(backend.table.oid)"
    let done = try backend.prepare()
    #expect(done.contains("built the trigram index \(index) on public.searchshell_fold(name)"), "\(done)")
    #expect(backend.table.isPrepared)
    #expect(
      backend.table.names.folded == "\"public\".searchshell_fold(\"name\"::pg_catalog.text)")
    #expect(try backend.count("stand", rule: .fold, scope: nil) == before)
    // Prepared already: only the statistics are gathered again.
    #expect(try backend.prepare() == ["analyzed prepare_round_trip"])
    let undone = try backend.unprepare()
    #expect(undone.contains("dropped the trigram index \(index)"), "\(undone)")
    // Other tests' tables in this cluster may keep the shared function.
    #expect(undone.last?.contains("the fold function public.searchshell_fold(text)") == true, "\(undone)")
    let left = try connection.run(
      PostgresStatement("SELECT to_regclass($1) IS NULL", [index]), about: "check")
    #expect(left.scalar == "t")
    #expect(!backend.table.isPrepared)
    #expect(try backend.count("stand", rule: .fold, scope: nil) == before)
    #expect(try backend.unprepare() == ["nothing to undo: prepare_round_trip was not prepared"])
  }
}
