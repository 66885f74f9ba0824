import Foundation
import TablesTestSupport
import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore
@testable import Tables

/// `set fields *`, `set columns` and `sort`: a table that shows why a row matched, in the order
/// asked for, through every step of the lifecycle.
struct TableViewTests {
  /// A session on a CSV whose first column is not the one the table titles by.
  struct Fixture {
    let folder: URL
    let session: SessionFixture

    init() throws {
      folder = try DataFixture.temporaryDirectory()
      let path = folder.appendingPathComponent("countries.csv").path
      let text = """
        code,name,population,region
        DE,Germany,83200000,Europe
        NO,Norway,5400000,Europe
        NG,Nigeria,206000000,Africa
        FR,France,67000000,Europe
        XX,Nowhere,,none
        us,United States,331000000,Americas

        """
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      session = try SessionFixture()
      // From the title column alone (a load searches every text column), widened by the tests.
      session.run("load \(path)", "set fields name")
    }

    /// Runs commands in order and returns what they printed.
    @discardableResult
    func run(_ lines: String...) -> (output: [String], errors: [String]) {
      var all: (output: [String], errors: [String]) = ([], [])
      for line in lines {
        let printed = session.run(line)
        all.output += printed.output
        all.errors += printed.errors
      }
      return all
    }
  }

  @Test func fieldsStarFindsARowByAnyColumnAndTheTableShowsIt() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    #expect(fixture.run("search nor").output.last == "  1  Norway")
    fixture.run("search africa")
    #expect(fixture.session.titlesOnScreen == [])
    let printed = fixture.run("set fields *")
    #expect(printed.errors == [])
    #expect(fixture.session.titlesOnScreen == ["Nigeria"])
    #expect(
      printed.output == [
        "[ africa| ] Cancel", "results table · 1 of 6", "     name     code  population  region",
        "  1  Nigeria  NG    206000000   Africa",
      ])
    #expect(
      fixture.run("set fields").output == ["fields: code,name,population,region  [yours]  (COL,COL,...|*)"])
  }

  @Test func columnsChooseWhatTheTableShows() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    #expect(fixture.run("set columns code,name").errors == [])
    fixture.run("set page 2")
    let listed = fixture.run("list 1").output
    #expect(
      listed == [
        "countries · main table · 6 of 6", "     code  name", "  1  DE    Germany", "  2  NO    Norway",
        "  … 4 more (list 2, or list all)",
      ])
    #expect(fixture.run("set columns").output == ["columns: code,name  [yours]  (COL,COL,...|*|auto)"])
    #expect(
      fixture.run("set columns nope").errors == [
        "error: Unknown column 'nope'. Columns: code, name, population, region"
      ])
    #expect(fixture.run("set columns").output == ["columns: code,name  [yours]  (COL,COL,...|*|auto)"])
    fixture.run("set columns auto")
    #expect(fixture.run("list 1").output.dropFirst().first == "  1  Germany")
  }

  /// Widths follow the terminal (40 columns, the narrowest output fits): the names and cells
  /// share what fits, cut with `…`.
  @Test func widthsFitTheTerminal() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.session.hooks.terminalSize = { (width: 40, height: 24) }
    let lines = fixture.run("set columns *", "list").output
    let table = lines.filter { $0.hasPrefix("  ") }
    #expect(table.count == 14)
    #expect(table.allSatisfy { RowWriter.displayWidth($0) <= 40 }, "\(lines)")
    #expect(table.contains("     code  name       populat…  region"))
    #expect(table.contains("  6  us    United S…  3310000…  Americas"))
  }

  @Test(arguments: [
    ([4, 6], 20, [4, 6]), ([4, 30, 30], 40, [4, 18, 18]), ([2, 2, 40], 10, [2, 2, 6]),
    ([10, 10, 10], 7, [3, 3, 3]), ([5, 9], 11, [5, 6]), ([8, 8, 8], 20, [7, 7, 6]),
  ])
  func fitSharesTheRoom(_ example: ([Int], Int, [Int])) {
    #expect(ColumnTable.fit(example.0, into: example.1) == example.2)
  }

  /// The table shows what orders and filters it: a sort key or filter column that the search
  /// does not look in joins the title and the searched columns, and leaves with them.
  @Test func theColumnsThatOrderAndFilterTheTableAreShown() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    #expect(fixture.session.session.screen.shownColumns == [1])
    fixture.run("sort region, population desc")
    #expect(fixture.session.session.screen.shownColumns == [1, 3, 2])
    fixture.run("filter code = NO")
    #expect(fixture.session.session.screen.shownColumns == [1, 3, 2, 0])
    fixture.run("sort none", "filter off")
    #expect(fixture.session.session.screen.shownColumns == [1])
    fixture.run("set columns code", "sort region")
    #expect(fixture.session.session.screen.shownColumns == [0])
  }

  @Test func sortOrdersNumbersAsNumbersAndEmptyCellsLast() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.run("sort population")
    #expect(
      fixture.session.titlesOnScreen == [
        "Norway", "France", "Germany", "Nigeria", "United States", "Nowhere",
      ])
    fixture.run("sort population desc")
    #expect(
      fixture.session.titlesOnScreen == [
        "United States", "Nigeria", "Germany", "France", "Norway", "Nowhere",
      ])
    // Text ignores ASCII case: `us` sorts among the capitals.
    fixture.run("sort code")
    #expect(fixture.session.titlesOnScreen.first == "Germany")
    #expect(fixture.session.titlesOnScreen.last == "Nowhere")
    #expect(fixture.run("sort").output == ["sort: code asc"])
    #expect(fixture.run("set sort").output == ["sort: code asc  [this table]  (COL [asc|desc], ...|none)"])
    fixture.run("sort none")
    #expect(fixture.session.titlesOnScreen.first == "Germany")
    #expect(fixture.session.titlesOnScreen[1] == "Norway")
  }

  /// The table on screen stays sorted: the results of each search, the main table after
  /// Cancel, the row a tap selects, live mode's rows; a bad sort changes nothing.
  @Test func theSortHoldsThroughTheLifecycle() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.run("sort population desc", "type n")
    #expect(
      fixture.session.titlesOnScreen == [
        "United States", "Nigeria", "Germany", "France", "Norway", "Nowhere",
      ])
    fixture.run("type o")
    #expect(fixture.session.titlesOnScreen == ["Norway", "Nowhere"])
    #expect(fixture.run("select 1").output.last == "Selected row 1: Norway")
    fixture.run("set match fuzzy", "search gy")
    #expect(fixture.session.titlesOnScreen == ["Germany"])
    fixture.run("search ny", "cancel")
    #expect(fixture.session.session.tableRowIDs(in: 0..<2) == [5, 2])
    let before = fixture.session.titlesOnScreen
    #expect(
      fixture.run("sort nope").errors == [
        "error: Unknown column 'nope'. Columns: code, name, population, region"
      ])
    #expect(
      fixture.run("sort name sideways").errors == [
        "error: Invalid value 'sideways' for 'sort'. Expected 'asc' or 'desc'"
      ])
    #expect(fixture.session.titlesOnScreen == before)
  }

  @Test func aNewDatasetStartsUnsortedWithItsTitle() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let loaded = fixture.run("sort population", "set columns code,name", "load fruits")
    #expect(fixture.run("sort").output == ["sort: none"])
    // The choice of columns is the user's: fruits has none of them, so it waits for a file that does.
    #expect(loaded.errors.contains { $0.hasPrefix("note: your 'set columns code,name' does not apply") })
    #expect(
      fixture.run("set columns").output.first
        == "columns: auto  [default*; yours, code,name, does not apply here]")
  }

  /// Every kind of result the engine returns comes out in the order's rows, and the same as a
  /// plain stable sort of those rows would give.
  @Test func everyKindOfResultIsOrderedLikeAPlainSort() throws {
    var generator = SystemRandomNumberGenerator()
    let cells = (0..<3000).map { _ -> String in
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: return ""
      case 1: return String(Int.random(in: -50...50, using: &generator))
      case 2: return String(Double.random(in: -5...5, using: &generator))
      default: return ["apple", "Banana", "cherry", "b", "ä"][Int.random(in: 0..<5, using: &generator)]
      }
    }
    let dataset = try DataFixture.load(
      "v\n" + cells.map { "\"\($0)\"" }.joined(separator: "\n") + "\n", format: .csv
    ).dataset
    for descending in [false, true] {
      let order = RowOrder(dataset: dataset, column: 0, descending: descending)
      var keys = SortKeys(capacity: dataset.rowCount)
      for row in 0..<dataset.rowCount { Self.append(dataset.cell(row: row, column: 0), to: &keys) }
      func reference(_ ids: [Int]) -> [Int32] {
        ids.sorted { left, right in
          let result = keys.order(left, right, descending: descending)
          return result == 0 ? left < right : result < 0
        }.map(Int32.init)
      }
      let subset = (0..<dataset.rowCount).filter { _ in Bool.random(using: &generator) }
      let small = Array(subset.prefix(50))
      let bits = RowBitmap(subset.map(Int32.init), rowCount: dataset.rowCount)
      for (rows, ids) in [
        (TableRows.all(count: dataset.rowCount), Array(0..<dataset.rowCount)),
        (.subset(subset.map(Int32.init)), subset),
        (.subset(small.map(Int32.init)), small), (.bits(bits), subset),
      ] {
        let ordered = order.apply(rows)
        #expect((0..<ordered.count).map { Int32(ordered[$0]) } == reference(ids))
      }
    }
  }

  @Test(arguments: [
    ("42", 0), (" -1.5 ", 0), ("2e3", 0), ("inf", 1), ("nan", 1), ("0x10", 1), ("1_000", 1), ("-", 1),
    ("", 2),
    ("  ", 2), ("12 kg", 1),
  ])
  func cellsSortAsNumbersTextOrEmpty(_ example: (String, UInt8)) {
    var keys = SortKeys(capacity: 1)
    Self.append(example.0, to: &keys)
    #expect(keys.groups == [example.1])
  }

  private static func append(_ cell: String, to keys: inout SortKeys) {
    Array(cell.utf8).withUnsafeBufferPointer { keys.append($0) }
  }
}
