import EngineTestSupport
import Foundation
import TablesTestSupport
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// `sort COL [desc], COL …`: the keys as typed, the order they give (against a reference sort
/// and GNU sort), and the session's errors and displays.
struct MultiKeySortTests {
  /// What `sort` reads from each line: its keys (name, descending), or the error message.
  @Test(arguments: [
    ("a", "a asc"), ("a desc", "a desc"), ("a DESC, b", "a desc, b asc"), ("a,b desc", "a asc, b desc"),
    ("a desc ,b asc", "a desc, b asc"), ("\"unit price\" desc, a", "unit price desc, a asc"),
    ("'x,y', z desc", "x,y asc, z desc"), ("a\\,b", "a,b asc"), ("none", ""), ("off", ""),
    ("a,,b", "error: Empty sort key in 'a,,b'. Expected COL [asc|desc], COL [asc|desc], ..."),
    ("a,", "error: Empty sort key in 'a,'. Expected COL [asc|desc], COL [asc|desc], ..."),
    (", a", "error: Empty sort key in ', a'. Expected COL [asc|desc], COL [asc|desc], ..."),
    ("a up", "error: Invalid value 'up' for 'sort'. Expected 'asc' or 'desc'"),
    ("a desc b", "error: Invalid value 'b' for 'sort'. Expected one column and 'asc' or 'desc' per key"),
    ("\"a", "error: Unterminated quote in '\"a'"),
  ])
  func keysAreReadAsTyped(_ example: (String, String)) {
    let read: String
    do throws(ShellError) {
      read = try SortKeyList.parse(example.0).map { "\($0.name) \($0.descending ? "desc" : "asc")" }
        .joined(separator: ", ")
    } catch {
      read = "error: " + error.description
    }
    #expect(read == example.1, "sort \(example.0)")
  }

  /// A cell as the reference reads it: 0 a number, 1 text, 2 empty; written without `SortKeys`.
  private static func reference(_ cell: String) -> (group: Int, number: Double, text: [UInt8]) {
    let trimmed = String(
      cell.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    if trimmed.isEmpty { return (2, 0, []) }
    if trimmed.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
      let number = Double(trimmed), number.isFinite
    {
      return (0, number == 0 ? 0 : number, [])
    }
    return (1, 0, trimmed.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
  }

  /// Negative, zero or positive as `left` sorts before, with or after `right` under one key.
  private static func compare(_ left: String, _ right: String, descending: Bool) -> Int {
    let (a, b) = (reference(left), reference(right))
    if a.group == 2 || b.group == 2 { return a.group == b.group ? 0 : (a.group == 2 ? 1 : -1) }
    var result: Int
    if a.group != b.group {
      result = a.group < b.group ? -1 : 1
    } else if a.group == 0 {
      result = a.number == b.number ? 0 : (a.number < b.number ? -1 : 1)
    } else {
      result = a.text.lexicographicallyPrecedes(b.text) ? -1 : (a.text == b.text ? 0 : 1)
    }
    return descending ? -result : result
  }

  static let orders: [[(Int, Bool)]] = [
    [(0, false), (1, false)], [(1, true), (0, false)], [(2, false), (0, true), (1, false)],
    [(0, true), (1, true), (2, true)], [(2, true)], [(1, false), (2, false)],
  ]

  /// Random cells with many ties; each order equals Swift's sort of the rows on the same keys,
  /// ties by row, for every kind of table the engine hands the order.
  @Test(arguments: orders.indices) func theOrderIsAReferenceSortOnTheKeys(_ index: Int) throws {
    var generator = SeededGenerator(seed: UInt64(index) + 7)
    let pool = [
      "", " ", "3", "10", "-2.5", "1e2", "apple", "Apple", "b", "B ", "ä", "zz", "0x1", "nan", "007",
    ]
    let rows = (0..<2_000).map { _ in (0..<3).map { _ in pool[Int(generator.next() % UInt64(pool.count))] } }
    let csv =
      "k1,k2,k3\n" + rows.map { $0.map { "\"\($0)\"" }.joined(separator: ",") }.joined(separator: "\n") + "\n"
    let dataset = try DataFixture.load(Array(csv.utf8), format: .csv).dataset
    let keys = Self.orders[index].map { SortOrder.Key(column: $0, descending: $1) }
    let order = RowOrder(dataset: dataset, order: try #require(SortOrder(keys: keys)))
    func expected(_ ids: [Int]) -> [Int] {
      ids.sorted { left, right in
        for key in keys {
          let result = Self.compare(
            rows[left][key.column], rows[right][key.column], descending: key.descending)
          if result != 0 { return result < 0 }
        }
        return left < right
      }
    }
    let subset = (0..<rows.count).filter { _ in generator.next() % 3 == 0 }
    for (table, ids) in [
      (TableRows.all(count: rows.count), Array(0..<rows.count)), (.subset(subset.map(Int32.init)), subset),
      (.subset(subset.prefix(40).map(Int32.init)), Array(subset.prefix(40))),
    ] {
      let ordered = order.apply(table)
      #expect(RowOrderDifference.of((0..<ordered.count).map { ordered[$0] }, expected(ids)) == nil)
    }
  }

  /// Where GNU sort's semantics agree (integers, lower-case ASCII words, no empty cells, the C
  /// locale), `sort -s -t, -k…` gives the same rows in the same order.
  @Test(arguments: [
    ("sort -s -t, -k2,2n -k3,3", [(1, false), (2, false)]),
    ("sort -s -t, -k3,3r -k2,2nr", [(2, true), (1, true)]),
    ("sort -s -t, -k4,4n -k3,3r -k2,2n", [(3, false), (2, true), (1, false)]),
  ])
  func gnuSortAgrees(_ example: (String, [(Int, Bool)])) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sort") else { return }
    var generator = SeededGenerator(seed: 39)
    let words = ["kiwi", "fig", "apple", "date", "lime", "pear"]
    let lines = (0..<500).map { id in
      "\(id),\(Int(generator.next() % 7) - 3),\(words[Int(generator.next() % 6)]),\(generator.next() % 5)"
    }
    let dataset = try DataFixture.load(
      Array(("id,n,w,m\n" + lines.joined(separator: "\n") + "\n").utf8), format: .csv
    )
    .dataset
    let keys = example.1.map { SortOrder.Key(column: $0, descending: $1) }
    let order = RowOrder(dataset: dataset, order: try #require(SortOrder(keys: keys)))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", example.0]
    process.environment = ["LC_ALL": "C"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let sorted = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let gnu = sorted.split(separator: "\n").compactMap { $0.split(separator: ",").first.flatMap { Int($0) } }
    #expect(RowOrderDifference.of(order.rows.map(Int.init), gnu) == nil, "\(example.0)")
  }

  /// A session on a small CSV with a column whose name has a space.
  private static func session() throws -> (SessionFixture, URL) {
    let folder = try DataFixture.temporaryDirectory()
    let path = folder.appendingPathComponent("stock.csv")
    let text = "name,kind,unit price\nb,tool,3\nA,fruit,3\na,fruit,10\nc,tool,\nB,fruit,2.5\n"
    try Data(text.utf8).write(to: path)
    let fixture = try SessionFixture()
    fixture.run("load \(path.path)", "set fields name")
    return (fixture, folder)
  }

  @Test(arguments: [
    ("sort kind, \"unit price\" desc", ["a", "A", "B", "b", "c"]),
    ("sort kind desc, name", ["b", "c", "A", "a", "B"]),
    ("sort 'unit price', name desc", ["B", "b", "A", "a", "c"]),
    ("set sort kind, name desc", ["B", "A", "a", "c", "b"]),
    // `set` hands the option its words as typed: the quotes group a name with a space.
    ("set sort \"unit price\" desc, name", ["a", "A", "b", "B", "c"]),
    ("set sort 'unit price', name desc", ["B", "b", "A", "a", "c"]),
  ])
  func theSessionSortsByEveryKey(_ example: (String, [String])) throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(fixture.run(example.0).errors.isEmpty)
    #expect(fixture.titlesOnScreen == example.1, "\(example.0)")
  }

  @Test(arguments: [
    (
      "sort kind,,name", "error: Empty sort key in 'kind,,name'. Expected COL [asc|desc], COL [asc|desc], ..."
    ),
    ("sort kind, name, kind desc", "error: Column 'kind' is a sort key twice. Name each column once"),
    ("sort kind, price", "error: Unknown column 'price'. Columns: name, kind, unit price"),
    ("sort kind, name sideways", "error: Invalid value 'sideways' for 'sort'. Expected 'asc' or 'desc'"),
  ])
  func aBadKeyIsOneLineAndChangesNothing(_ example: (String, String)) throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    fixture.run("sort name desc")
    let before = fixture.titlesOnScreen
    #expect(fixture.run(example.0).errors == [example.1])
    #expect(fixture.titlesOnScreen == before)
    #expect(fixture.run("sort").output == ["sort: name desc"])
  }

  @Test func theOrderIsShownWhereTheTableIs() throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shown = fixture.run("sort kind, \"unit price\" desc")
    #expect(shown.output.contains { $0.hasSuffix(" · sorted by kind asc, \"unit price\" desc") })
    #expect(fixture.run("sort").output == ["sort: kind asc, \"unit price\" desc"])
    #expect(fixture.run("status").output.contains("sort: kind asc, \"unit price\" desc"))
    #expect(
      fixture.run("explain").output.joined(separator: " ").contains("sorted by kind asc, \"unit price\""))
    // What `sort` shows reads back as the same order.
    fixture.run("sort off", "sort kind asc, \"unit price\" desc")
    #expect(fixture.titlesOnScreen == ["a", "A", "B", "b", "c"])
    fixture.run("sort none")
    #expect(fixture.run("status").output.allSatisfy { !$0.hasPrefix("sort:") })
    #expect(!fixture.run("list").output.contains { $0.contains("sorted by") })
  }
}
