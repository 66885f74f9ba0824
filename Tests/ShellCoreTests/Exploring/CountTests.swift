import Foundation
import TablesTestSupport
import Testing

@testable import Backends
@testable import ShellCore
@testable import Tables

/// `count COL` and `filter`: a column's values counted over the rows on screen, checked against
/// counts made here from the cells, and the filter a value narrows the table to.
struct CountTests {
  /// A session on a CSV with a repeated, sometimes empty column.
  struct Fixture {
    let folder: URL
    let session: SessionFixture

    init() throws {
      folder = try DataFixture.temporaryDirectory()
      let path = folder.appendingPathComponent("fruit.csv").path
      let text = """
        name,kind,colour
        apple,pome,red
        pear,pome,green
        quince,pome,
        cherry,drupe,red
        plum,drupe,
        peach,drupe,orange
        banana,berry,
        grape,berry,green
        Kiwi,berry,brown
        lemon,,yellow

        """
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      session = try SessionFixture()
      session.run("load \(path)")
    }

    /// The counts made here from the cells of the rows on screen: (value, rows), most first,
    /// ties by value's bytes.
    func reference(_ column: Int) throws -> [(String, Int)] {
      let rows = session.session.screen.tableRows
      let ids = rows.ids(in: 0..<(try rows.exactCount()))
      var counts: [String: Int] = [:]
      for id in ids { counts[session.session.screen.dataset.cell(row: id, column: column), default: 0] += 1 }
      return counts.sorted {
        $0.value != $1.value
          ? $0.value > $1.value : Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8))
      }
      .map { ($0.key, $0.value) }
    }

    /// The counts `count` writes as data (CSV), parsed.
    func counted(_ column: String) -> [(String, Int)] {
      let printed = session.run("set format csv", "count \(column)", "set format table")
      return printed.output.dropFirst().map { line in
        let cells = line.split(separator: ",", omittingEmptySubsequences: false)
        return (String(cells[0]), Int(cells[1]) ?? -1)
      }
    }
  }

  @Test(arguments: [
    (setup: [String](), column: 1),
    (setup: ["search e"], column: 1),
    (setup: ["search e"], column: 2),
    (setup: ["search an"], column: 2),
    (setup: ["filter kind = berry"], column: 2),
    (setup: ["search e", "filter kind = pome"], column: 2),
  ])
  func theCountsAreTheRowsOnScreensValues(setup: [String], column: Int) throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    #expect(fixture.session.run(setup).errors == [])
    let name = fixture.session.session.screen.dataset.columns[column]
    let expected = try fixture.reference(column)
    let counted = fixture.counted(name)
    #expect(counted.map(\.0) == expected.map(\.0))
    #expect(counted.map(\.1) == expected.map(\.1))
  }

  @Test func theTableShowsRowsPercentAndEmptyCellsAsAValue() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let printed = fixture.session.run("count colour")
    #expect(printed.errors == [])
    #expect(
      printed.output == [
        "6 values over 10 rows",
        "     rows       %  colour",
        "  1     3   30.0%  (empty)",
        "  2     2   20.0%  green",
        "  3     2   20.0%  red",
        "  4     1   10.0%  brown",
        "  5     1   10.0%  orange",
        "  6     1   10.0%  yellow",
        "'filter N' narrows the table to value N's rows; 'filter off' clears it",
      ])
  }

  @Test func pagesFollowThePageSize() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("set page 4")
    let first = fixture.session.run("count name").output
    #expect(first.first == "10 values over 10 rows")
    #expect(first.contains("  … 6 more values (count name 2, or count name all)"))
    let third = fixture.session.run("count name 3").output
    #expect(third.dropFirst(2).first == "   9     1   10.0%  plum")
    #expect(fixture.session.run("count name all").output.count == 1 + 1 + 10 + 1)
    #expect(
      fixture.session.run("count name 4").errors == [
        "error: Invalid value '4' for 'count'. Expected 'all' or a page from 1 to 3"
      ])
  }

  @Test func choosingAValueFiltersWithoutADelegateCallback() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("trace json", "count kind")
    let before = fixture.session.session.screen.lastCallbacks
    let printed = fixture.session.run("filter 2")
    #expect(printed.errors == [])
    #expect(!printed.output.contains { $0.contains("didSelectRowAt") || $0.hasPrefix("{") })
    #expect(fixture.session.session.screen.lastCallbacks == before)
    #expect(fixture.session.titlesOnScreen == ["cherry", "plum", "peach"])
    #expect(printed.output.contains("filter: kind = drupe ('filter off' clears it)"))
    #expect(fixture.session.run("status").output.last == "filter: kind = drupe")
    #expect(fixture.session.run("explain").output.contains { $0.contains("where kind = drupe") })
    // A search is narrowed too, and clearing brings every row back.
    fixture.session.run("search p")
    #expect(fixture.session.titlesOnScreen == ["plum", "peach"])
    fixture.session.run("filter off")
    #expect(fixture.session.titlesOnScreen == ["apple", "pear", "plum", "peach", "grape"])
    #expect(fixture.session.run("filter").output == ["filter: none"])
  }

  @Test func theEmptyValueIsChosenAndTypedAsAnEmptyString() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("count colour", "filter 1")
    #expect(fixture.session.titlesOnScreen == ["quince", "plum", "banana"])
    #expect(fixture.session.run("filter").output == ["filter: colour = \"\""])
    fixture.session.run("filter off", "filter colour = \"\"")
    #expect(fixture.session.titlesOnScreen == ["quince", "plum", "banana"])
  }

  @Test(arguments: [
    ("count", "error: Missing argument for 'count'. Usage: count COL [PAGE|all]"),
    ("count nope", "error: Unknown column 'nope'. Columns: name, kind, colour"),
    ("count kind 0", "error: Invalid value '0' for 'count'. Expected 'all' or a page number from 1"),
    ("filter 1", "error: Cannot run 'filter 1': no count table is shown: 'count COL' first"),
    ("filter nope = x", "error: Unknown column 'nope'. Columns: name, kind, colour"),
    (
      "filter kind",
      "error: Invalid value 'kind' for 'filter'. Expected COL = VALUE, a count's value number, or 'off'"
    ),
  ])
  func badInputIsOneLineNamingTheToken(line: String, error: String) throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let printed = fixture.session.run(line)
    #expect(printed.errors.count == 1)
    #expect(printed.errors.first?.hasPrefix(error) == true, "\(printed.errors)")
    #expect(fixture.session.session.screen.view.filter == nil)
  }

  @Test func aLoadForgetsTheFilterAndTheCountTable() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("count kind", "filter 1", "load countries")
    #expect(fixture.session.session.screen.view.filter == nil)
    #expect(fixture.session.run("filter 1").errors.count == 1)
  }

  @Test func columnNamesCompleteAfterCountAndFreq() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    #expect(fixture.session.session.completions(line: "count co", word: "co") == ["colour"])
    #expect(fixture.session.session.completions(line: "freq k", word: "k") == ["kind"])
    #expect(fixture.session.session.completions(line: "filter o", word: "o") == ["off"])
  }

  @Test(arguments: [(10, 1_000, "1.0%"), (1, 10_000, "<0.1%"), (9_999, 10_000, ">99.9%"), (5, 5, "100.0%")])
  func aPercentIsTrueOrMarked(count: Int, rows: Int, shown: String) {
    let table = CountTable(
      counts: ValueCounts(entries: [], first: 0, distinct: 1, rows: rows), column: "c", width: 80)
    #expect(table.percent(count) == shown)
  }
}
