import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import ShellCore

/// A PostgreSQL table with no column named like a title shows the column that names its rows,
/// judged on its first rows as a file's columns are: not the id, a number, a date or a code.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresTitleTests {
  /// `title_rows`: an id, a short code, a price, a date, the text a person calls the row, and a
  /// category; `named_rows` has a `name` column, which stays the title.
  static let made: Result<TestCluster, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 60_000)
    let statements = [
      "DROP TABLE IF EXISTS title_rows, named_rows",
      "CREATE TABLE title_rows (id int PRIMARY KEY, code text, price numeric, added date, "
        + "description text, category text)",
      "INSERT INTO title_rows SELECT i, 'C' || (i % 7), i * 1.5, DATE '2024-01-01' + i, "
        + "'Hand-made wooden item number ' || i || ' for the kitchen', (ARRAY['home','garden'])[1 + i % 2] "
        + "FROM generate_series(1, 500) AS i",
      "CREATE TABLE named_rows (id int PRIMARY KEY, name text, description text)",
      "INSERT INTO named_rows VALUES (1, 'x', 'a long description of the row')",
    ]
    for sql in statements { try connection.run(PostgresStatement(sql), about: "setup") }
    return cluster
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let url: String
    let title: String
    var testDescription: String { url }
  }

  static let cases = [
    Case(url: "table=title_rows", title: "description"),
    Case(url: "table=title_rows&title=code", title: "code"),
    Case(url: "table=named_rows", title: "name"),
  ]

  @Test(arguments: cases)
  func theTitleIsTheColumnThatNamesTheRows(_ example: Case) throws {
    let cluster = try Self.made.get()
    let fixture = try SessionFixture()
    let printed = fixture.run("load \(cluster.url(example.url))")
    #expect(printed.errors.filter { $0.hasPrefix("error") } == [])
    let dataset = fixture.session.screen.dataset
    #expect(dataset.columns[dataset.titleColumn] == example.title)
    // The search looks in that column: a word only the descriptions hold finds rows.
    if example.title == "description" {
      fixture.run("search wooden 137")
      #expect(fixture.titlesOnScreen == ["Hand-made wooden item number 137 for the kitchen"])
      #expect(fixture.session.screen.dataset.scopeColumn.map { dataset.columns[$0] } == "category")
    }
  }
}
