import BackendsTestSupport
import EngineTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// `sort` pushed down to PostgreSQL against the in-memory order on the same rows: every row, in
/// the same order, read across many pages (keyset paging), for several multi-key orders.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresSortParityTests {
  /// Cells that test the order's edges: numbers of every form, text in cases and scripts,
  /// blanks, NULL (nil), numbers out of `Double`'s range, and ties.
  static let cells: [String?] = [
    "10", "9", "2.5", " 3 ", "-1", "-0", "0", "1e3", "+4", ".5", "5.", "1e999", "1e", "-", "apple", "Apple",
    "APPLE", "banana", "Banana split", "b", "ä", "Zebra", "zebra ", "", "  ", nil, "\t7", "0x10", "12 kg",
    "nan",
    "inf", "a_b", "100%", "éclair", "Éclair", "ß",
  ]

  /// The rows: an id (the table's order), then three columns drawn from `cells` with many ties.
  static let rows: [[String?]] = {
    var generator = SeededGenerator(seed: 39)
    return (0..<1_500).map { id in
      let pick = { (count: Int) -> String? in cells[Int(generator.next() % UInt64(count))] }
      return [String(id), pick(cells.count), pick(8), pick(cells.count)]
    }
  }()

  /// The table in the test cluster, loaded once; its URL.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 120_000)
    let columns = (1...3).map { index in PostgresBackend.arrayLiteral(rows.map { $0[index] ?? "\u{1}" }) }
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS sort_parity"), about: "sort_parity")
    try connection.run(
      PostgresStatement(
        "CREATE TABLE sort_parity (id int PRIMARY KEY, name text, kind text, \"unit price\" text)"),
      about: "sort_parity")
    // U+0001 stands for NULL in the arrays: NULLIF turns it back.
    try connection.run(
      PostgresStatement(
        "INSERT INTO sort_parity SELECT i - 1, NULLIF(a, E'\\x01'), NULLIF(b, E'\\x01'), NULLIF(c, E'\\x01') "
          + "FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(a, b, c, i)",
        columns),
      about: "sort_parity")
    return cluster.url("table=sort_parity&title=name")
  }

  /// The same rows in memory, NULL read as an empty cell (as the shell shows it).
  static func memory() -> InMemoryBackend {
    var builder = DatasetBuilder(columns: ["id", "name", "kind", "unit price"])
    for row in rows { builder.appendRow(row.map { $0 ?? "" }) }
    let dataset = builder.build(
      name: "sort_parity", source: .standardInput, titleColumn: 1, presets: DatasetPresets(title: "t"))
    return InMemoryBackend(dataset: dataset)
  }

  /// Multi-key orders (columns 1 name, 2 kind, 3 unit price), mixed directions.
  static let orders: [[(Int, Bool)]] = [
    [(2, false), (1, false)], [(2, true), (3, false)], [(3, true), (2, false), (1, true)], [(1, false)],
    [(1, true)], [(2, false), (3, true), (1, false)],
  ]

  @Test(arguments: orders.indices) func everyRowComesInTheSameOrderAcrossPages(_ index: Int) throws {
    let opened = try DatasetOpener.openDatabase(LoadRequest(target: try Self.loaded.get()))
    let database = try #require(opened.backend as? PostgresSearchBackend)
    #expect(opened.dataset.columns == ["id", "name", "kind", "unit price"])
    let order = try #require(
      SortOrder(keys: Self.orders[index].map { SortOrder.Key(column: $0, descending: $1) }))
    let memory = Self.memory()
    for text in ["", "a", "an"] {
      let request = SearchRequest(text: text, rule: .fold, scope: 0, order: order)
      let expected = try #require(
        text.isEmpty ? memory.allRows(order: order) : try memory.search(request, cancellation: nil))
      let found = try #require(
        text.isEmpty ? database.allRows(order: order) : try database.search(request, cancellation: nil))
      let count = try expected.exactCount()
      #expect(try found.exactCount() == count, "count of \(text) by \(Self.orders[index])")
      // Read in slices, as the screen does: each later batch is a keyset page after the last row.
      var foundIDs: [Int] = []
      var expectedIDs: [Int] = []
      for start in stride(from: 0, to: count, by: 70) {
        let range = start..<min(start + 70, count)
        foundIDs += found.rows(in: range).map { database.ids.order(of: $0.id).flatMap { Int($0) } ?? -1 }
        expectedIDs += expected.rows(in: range).map(\.id)
      }
      #expect(
        RowOrderDifference.of(foundIDs, expectedIDs) == nil, "rows of '\(text)' by \(Self.orders[index])")
    }
  }
}
