import BackendsTestSupport
import EngineTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// The `ci` and `strip` forms' functions live beside the fold: `prepare` installs them in the
/// table's schema, `prepare undo` drops them, a table prepared without them still searches right
/// (with temporary ones), and a title under a nondeterministic collation is searched under "C".
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason), .serialized)
struct PostgresFormsPrepareTests {
  static let fixture = PostgresFixture(count: 400)

  /// The queries whose counts are compared, per rule (`regex` its own patterns).
  static let queries: [(MatchRule, [String])] = [
    (.fold, ["cafe", "!stand"]), (.exact, ["Café", "!CAFÉ"]),
    (.ci, ["straße", "İ", "σας", "!crème", "ẞ", "ÆRØ"]),
    (.smart, ["Crème", "STRA", "Ærø", "!Stand", "é"]), (.prefix, ["sta", "!st"]),
    (.regex, ["^St", "é$", "x?"]),
  ]

  /// The fixture in `schema.table`, with two NULL titles, the title column under `collation`
  /// (a qualified name) if given; the URL and the engine over the same rows (NULL as empty).
  static func load(_ schema: String, _ table: String, collation: String? = nil) throws
    -> (url: String, memory: InMemoryBackend)
  {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 120_000)
    try fixture.load(into: table, connection)
    var setup = [
      "DROP SCHEMA IF EXISTS \(schema) CASCADE", "CREATE SCHEMA \(schema)",
      "INSERT INTO \(table) (id, name, category) VALUES (9001, NULL, 'Toys'), (9002, NULL, 'Food')",
      "ALTER TABLE \(table) SET SCHEMA \(schema)",
    ]
    if let collation {
      setup.insert(
        "CREATE COLLATION \(schema).nd (provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
        at: 2)
      setup.append("ALTER TABLE \(schema).\(table) ALTER COLUMN name TYPE text COLLATE \(collation)")
    }
    for sql in setup { try connection.run(PostgresStatement(sql), about: "setup") }
    let memory = InMemoryBackend(
      dataset: MatchingFixtures.dataset(
        fixture.titles + ["", ""], categories: fixture.rowCategories + ["Toys", "Food"]))
    return (cluster.url("table=\(schema).\(table)"), memory)
  }

  /// Every query's count on the server equals the engine's.
  static func expectEnginesCounts(_ backend: PostgresBackend, _ memory: InMemoryBackend, _ label: String)
    throws
  {
    for (rule, texts) in queries {
      for text in texts {
        let request = SearchRequest(text: text, rule: rule, scope: 0)
        let expected = try #require(try memory.search(request, cancellation: nil)).exactCount()
        #expect(
          try backend.count(text, rule: rule, scope: nil) == expected, "\(label): \(rule.rawValue) \(text)")
      }
    }
  }

  @Test func aTablePreparedWithoutTheFormsGetsThemFromPrepare() throws {
    let (url, memory) = try Self.load("forms_older", "forms_older_t")
    let backend = try PostgresBackend(url: url, statementTimeout: 120_000)
    let prepared = try backend.prepare()
    let forms = "forms_older.searchshell_case(text) and forms_older.searchshell_strip(text)"
    #expect(prepared.contains("installed the ci and smart form functions \(forms)"), "\(prepared)")
    #expect(backend.table.names.forms.lower == "\"forms_older\".searchshell_case")
    try Self.expectEnginesCounts(backend, memory, "prepared")
    // What a version before the forms left: the fold and its index, no forms.
    try backend.connection.run(
      PostgresStatement(
        "DROP FUNCTION forms_older.searchshell_case(text), forms_older.searchshell_strip(text)"),
      about: "setup")
    let older = try DatasetOpener.openDatabase(LoadRequest(target: url))
    let database = try #require(older.backend as? PostgresSearchBackend)
    #expect(database.backend.table.isPrepared && database.backend.table.formsAreTemporary)
    #expect(database.backend.table.names.forms.lower == "pg_temp.searchshell_case")
    try Self.expectEnginesCounts(database.backend, memory, "prepared by an older version")
    let request = SearchRequest(text: "STRA", rule: .smart, scope: 0)
    _ = try #require(try database.search(request, cancellation: nil)).rows(in: 0..<5)
    #expect(database.lastAnswer?.contains("prepare installs them") == true, "\(database.lastAnswer ?? "")")
    let again = try database.backend.prepare()
    #expect(again.contains("installed the ci and smart form functions \(forms)"), "\(again)")
    #expect(!database.backend.table.formsAreTemporary)
    try Self.expectEnginesCounts(database.backend, memory, "prepared again")
    let undone = try database.backend.unprepare()
    #expect(undone.contains("dropped the ci and smart form functions \(forms)"), "\(undone)")
    let left = try backend.connection.run(
      PostgresStatement(
        "SELECT count(*) FROM pg_proc WHERE pronamespace = 'forms_older'::regnamespace "
          + "AND proname LIKE 'searchshell%'"),
      about: "check")
    #expect(left.scalar == "0")
    try Self.expectEnginesCounts(database.backend, memory, "undone")
  }

  /// A title column under a nondeterministic ICU collation (where `LIKE`, `strpos()` and regular
  /// expressions fail) is read under "C": every rule still counts as the engine does, before and
  /// after `prepare`, whose index is built on that same expression.
  @Test func aNondeterministicTitleIsSearchedUnderC() throws {
    let icu = try TestCluster.started().connect().run(
      PostgresStatement("SELECT count(*) FROM pg_collation WHERE collprovider = 'i'"), about: "check")
    guard icu.scalar != "0" else { return }
    let (url, memory) = try Self.load("forms_nd", "forms_nd_t", collation: "forms_nd.nd")
    let backend = try PostgresBackend(url: url, statementTimeout: 120_000)
    #expect(backend.table.names.forms.underC)
    try Self.expectEnginesCounts(backend, memory, "not prepared")
    _ = try backend.prepare()
    #expect(backend.table.isPrepared)
    #expect(backend.table.names.folded.hasSuffix("::pg_catalog.text COLLATE pg_catalog.\"C\")"))
    try Self.expectEnginesCounts(backend, memory, "prepared")
  }
}
