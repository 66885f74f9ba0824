import Foundation
import TablesTestSupport
import Testing

@testable import ShellCore

/// `set columns` and `set fields` read a `QuotedList` (a name with a space or a comma in double
/// quotes, `""` a quote in it), and `set`, recordings and completion write it back that way.
struct ColumnListTests {
  /// A CSV header whose names need quotes: a space, a comma, quotes.
  static let header = "name,kind,unit price,\"x,y\",\"say \"\"hi\"\"\",unit"

  /// A session on a small CSV with those columns.
  private static func session() throws -> (SessionFixture, URL) {
    let folder = try DataFixture.temporaryDirectory()
    let path = folder.appendingPathComponent("stock.csv")
    let text = header + "\nb,tool,3,1,q,p\nA,fruit,3,2,r,p\na,fruit,10,3,s,p\n"
    try Data(text.utf8).write(to: path)
    let fixture = try SessionFixture()
    fixture.run("load \(path.path)")
    return (fixture, folder)
  }

  /// The names of the columns the table shows, or the error `set columns` printed.
  private static func shown(_ fixture: SessionFixture, after value: String) -> [String] {
    let errors = fixture.run("set columns \(value)").errors
    guard errors.isEmpty else { return errors }
    let screen = fixture.session.screen
    return (screen.view.columns ?? []).map { screen.dataset.columns[$0] }
  }

  @Test(arguments: [
    ("name,\"unit price\"", ["name", "unit price"]),
    ("\"unit price\" , kind", ["unit price", "kind"]),
    ("'unit price'", ["unit price"]),
    // As before quotes: an item without them is its text, spaces and all.
    ("name, unit price", ["name", "unit price"]),
    ("\"x,y\",kind", ["x,y", "kind"]),
    ("x\\,y", ["x,y"]),
    ("\"say \"\"hi\"\"\",name", ["say \"hi\"", "name"]),
    ("\"say \\\"hi\\\"\"", ["say \"hi\""]),
    ("NAME,Kind", ["name", "kind"]),
    ("name,\"unit", ["error: Unterminated quote in '\"unit'"]),
    (
      "\"unit price\" name",
      [
        "error: Invalid value 'name' for 'columns'. Expected one column between commas "
          + "(quote a name with a space: \"unit price\")"
      ]
    ),
    (
      "name,,kind",
      [
        "error: Invalid value 'name,,kind' for 'columns'. Expected comma-separated column names, or '*' for all"
      ]
    ),
    ("\"x\"", ["error: Unknown column 'x'. Columns: name, kind, unit price, x,y, say \"hi\", unit"]),
  ])
  func setColumnsReadsQuotedNames(_ example: (String, [String])) throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.shown(fixture, after: example.0) == example.1, "set columns \(example.0)")
  }

  /// A header written with a space after each comma keeps it in the names; a name typed
  /// without it still finds the column, in every command that takes one.
  @Test(arguments: [
    ("set columns name, unit price", ""), ("set columns \"unit price\",id", ""), ("set fields name", ""),
    ("sort \"unit price\" desc", ""), ("count name", ""),
    ("set columns cost", "error: Unknown column 'cost'. Columns: id,  name,  unit price"),
  ])
  func aHeaderWithSpacesAfterItsCommasIsTypedWithout(_ example: (String, String)) throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("spaced.csv")
    try Data("id, name, unit price\n1, apple, 3\n2, pear, 4\n".utf8).write(to: path)
    let fixture = try SessionFixture()
    #expect(fixture.run("load \(path.path)").errors == [])
    #expect(fixture.run(example.0).errors == (example.1.isEmpty ? [] : [example.1]), "\(example.0)")
  }

  /// What `set columns` and `set fields` print reads back to the same columns.
  @Test func whatSetPrintsReadsBack() throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    fixture.run("set columns *")
    let printed = "name,kind,\"unit price\",\"x,y\",\"say \"\"hi\"\"\",unit"
    #expect(fixture.run("set columns").output.first == "columns: \(printed)  [yours]")
    #expect(Self.shown(fixture, after: "auto") == [])
    #expect(
      Self.shown(fixture, after: printed) == ["name", "kind", "unit price", "x,y", "say \"hi\"", "unit"])
    #expect(fixture.run("set fields \"say \"\"hi\"\"\",\"x,y\"").errors == [])
    #expect(
      fixture.run("set fields").output.first?.hasPrefix("fields: \"say \"\"hi\"\"\",\"x,y\"  [") == true)
  }

  /// A recording writes the columns and the sort in their grammar, and a replay restores them.
  @Test func aRecordingReplaysTheQuotedColumns() throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("replay.txt").path
    let printed = fixture.run(
      "set columns name,\"say \"\"hi\"\"\", \"x,y\"", "sort \"unit price\" desc, name", "record \(path)",
      "record stop")
    #expect(printed.errors == [])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("\nquiet set columns name,\"say \"\"hi\"\"\",\"x,y\"\n"), "\(text)")
    #expect(text.contains("\nquiet set sort \"unit price\" desc, name asc\n"), "\(text)")
    let replay = try SessionFixture(dataset: "fruits")
    _ = replay.session.run(try Script.load(path: path, parameters: [:]))
    #expect(replay.console.errors == [])
    let screen = replay.session.screen
    #expect((screen.view.columns ?? []).map { screen.dataset.columns[$0] } == ["name", "say \"hi\"", "x,y"])
    #expect(replay.titlesOnScreen == ["a", "A", "b"])
  }

  /// Tab offers each name as the list reads it, and only what replaces readline's word (which
  /// ends at a quote and a space, not at a comma).
  @Test(arguments: [
    (
      "set columns ", "",
      ["auto", "*", "default", "name", "kind", "\"unit price\"", "\"x,y\"", "\"say \"\"hi\"\"\"", "unit"]
    ),
    ("set columns un", "un", ["\"unit price\"", "\"unit\""]),
    ("set columns unit ", "", []),
    ("set columns name,unit p", "p", []),
    ("set columns name,x", "name,x", ["name,\"x,y\""]),
    ("set columns \"unit", "unit", ["unit price\"", "unit\""]),
    ("set columns name, \"u", "u", ["unit price\"", "unit\""]),
    ("set columns \"unit p", "p", ["price\""]),
    ("set columns \"s", "s", ["say \"\"hi\"\"\""]),
    ("set columns \"unit price\"", "", []),
    ("set fields k", "k", ["kind"]),
    ("sort u", "u", ["\"unit price\"", "\"unit\""]),
    ("sort \"unit p", "p", ["price\""]),
    ("sort \"unit price\" ", "", ["asc", "desc"]),
    ("sort \"unit price\" desc, x", "x", ["\"x,y\""]),
    ("set sort k", "k", ["kind"]),
    ("set sort \"unit price\" d", "d", ["desc"]),
  ])
  func completionQuotesTheNames(_ example: (String, String, [String])) throws {
    let (fixture, folder) = try Self.session()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(fixture.session.completions(line: example.0, word: example.1) == example.2, "\(example.0)")
  }
}
