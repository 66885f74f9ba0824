import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore

/// `load` with options, `set fields`, `set format`, `list` in each format and `export`, in a session.
struct DataCommandsTests {
  /// A session on a small CSV file in a fresh folder.
  struct Fixture {
    let folder: URL
    let csv: String
    let session: SessionFixture

    init() throws {
      folder = try DataFixture.temporaryDirectory()
      csv = folder.appendingPathComponent("people.csv").path
      let text = "id,name,team,note\n1,Ann,Red,likes jam\n2,Bob,Blue,\"red, white\"\n3,Cy,Red,\u{1B}[2Jwipe\n"
      try Data(text.utf8).write(to: URL(fileURLWithPath: csv))
      session = try SessionFixture()
    }
  }

  @Test func loadDetectsColumnsAndPrintsTheTable() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let printed = fixture.session.run("load \(fixture.csv)")
    #expect(printed.errors == [])
    #expect(
      printed.output == [
        "Read as CSV: header row (sniffed)", "Loaded 'people': 3 rows, flavor controller, match fold",
        "[ Search ]",
        "people · main table · 3 of 3", "     name  team  note", "  1  Ann   Red   likes jam",
        "  2  Bob   Blue  red, white", "  3  Cy    Red   \\e[2Jwipe",
      ])
    let dataset = fixture.session.session.screen.dataset
    #expect(dataset.title(0) == "Ann")
    #expect(dataset.scopeTitles == ["All"])
  }

  @Test func loadOptionsChooseTitleAndScope() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("load \(fixture.csv) --title note --scope team")
    let dataset = fixture.session.session.screen.dataset
    #expect(dataset.title(1) == "red, white")
    #expect(dataset.scopeTitles == ["All", "Red", "Blue"])
    let printed = fixture.session.run("search e", "scope Blue")
    #expect(fixture.session.titlesOnScreen == ["red, white"])
    #expect(printed.errors == [])
  }

  @Test func failedLoadKeepsThePreviousDataset() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let printed = fixture.session.run(
      "load \(fixture.csv) --scope colour", "load \(fixture.csv) --format xml")
    #expect(
      printed.errors == [
        "error: Unknown column 'colour'. Columns: id, name, team, note",
        "error: Invalid value 'xml' for '--format'. Expected 'text', 'csv', 'tsv', 'json' or 'jsonl'",
      ])
    #expect(fixture.session.session.screen.dataset.name == "countries")
  }

  @Test func loadMinusNeedsStandardInputToBeFree() throws {
    let fixture = try SessionFixture()
    let printed = fixture.run("load -")
    #expect(
      printed.errors == [
        "error: Cannot load '-': the commands come from standard input. Pass them with -c instead"
      ])
  }

  @Test func setFieldsSearchesOtherColumns() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    // A load searches every text column: the title, the team and the note, not the id.
    fixture.session.run("load \(fixture.csv)", "search red")
    #expect(fixture.session.titlesOnScreen == ["Ann", "Bob", "Cy"])
    #expect(
      fixture.session.run("set fields").output == ["fields: name,team,note  [default]  (COL,COL,...|*)"])
    fixture.session.run("set fields name")
    #expect(fixture.session.titlesOnScreen == [])
    let printed = fixture.session.run("set fields name,note")
    #expect(printed.errors == [])
    #expect(fixture.session.titlesOnScreen == ["Bob"])
    #expect(fixture.session.run("set fields").output == ["fields: name,note  [yours]  (COL,COL,...|*)"])
    #expect(
      fixture.session.run("set fields nope").errors == [
        "error: Unknown column 'nope'. Columns: id, name, team, note"
      ])
  }

  struct FormatCase: Sendable, CustomTestStringConvertible {
    let format: String
    let output: [String]
    var testDescription: String { format }
  }

  @Test(arguments: [
    FormatCase(format: "plain", output: ["Ann", "Cy"]),
    FormatCase(format: "csv", output: ["id,name,team,note", "1,Ann,Red,likes jam", "3,Cy,Red,\\e[2Jwipe"]),
    FormatCase(
      format: "tsv", output: ["id\tname\tteam\tnote", "1\tAnn\tRed\tlikes jam", "3\tCy\tRed\t\\\\e[2Jwipe"]),
    FormatCase(
      format: "json",
      output: [
        "[", "  {\"id\": \"1\", \"name\": \"Ann\", \"team\": \"Red\", \"note\": \"likes jam\"},",
        "  {\"id\": \"3\", \"name\": \"Cy\", \"team\": \"Red\", \"note\": \"\\u001b[2Jwipe\"}", "]",
      ]),
    FormatCase(
      format: "markdown",
      output: [
        "| id | name | team | note |", "| --- | --- | --- | --- |", "| 1 | Ann | Red | likes jam |",
        "| 3 | Cy | Red | \\\\e[2Jwipe |",
      ]),
  ])
  func listPrintsTheRowsOnScreenInTheFormat(_ testCase: FormatCase) throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run(
      "load \(fixture.csv) --scope team", "set rule text", "scope Red", "set format \(testCase.format)")
    let printed = fixture.session.run("list")
    #expect(printed.errors == [])
    #expect(printed.output == testCase.output)
    #expect(!printed.output.joined().unicodeScalars.contains("\u{1B}"))
  }

  @Test func setFormatRejectsUnknownFormats() throws {
    let fixture = try SessionFixture()
    let printed = fixture.run("set format yaml")
    #expect(
      printed.errors == [
        "error: Invalid value 'yaml' for 'format'. Expected 'table', 'plain', 'csv', 'tsv', 'json', 'jsonl' or 'markdown'"
      ])
  }

  @Test func exportWritesTheFilteredRowsAndReloads() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let out = fixture.folder.appendingPathComponent("red.json").path
    let printed = fixture.session.run(
      "load \(fixture.csv) --scope team", "set rule text", "scope Red", "export \(out)")
    #expect(printed.errors == [])
    #expect(printed.output.last == "Exported 2 rows to '\(out)' (json)")
    fixture.session.run("load \(out)")
    let reloaded = fixture.session.session.screen.dataset
    #expect(
      DataFixture.rows(reloaded) == [["1", "Ann", "Red", "likes jam"], ["3", "Cy", "Red", "\u{1B}[2Jwipe"]])
  }

  @Test func exportNeverWritesOverADataset() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("load \(fixture.csv)")
    #expect(
      fixture.session.run("export \(fixture.csv)").errors == [
        "error: Refusing to overwrite '\(fixture.csv)': it is a dataset's own file"
      ])
    let bundled = SessionFixture.catalog.directory.appendingPathComponent("fruits.txt").path
    #expect(
      fixture.session.run("export \(bundled)").errors == [
        "error: Refusing to overwrite '\(bundled)': it is a dataset's own file"
      ])
    #expect(fixture.session.run("export out.xlsx").errors.count == 1)
  }

  /// A search of a file that finds nothing says which skipped columns would match, with their
  /// exact counts; one that matches nowhere, and a bundled dataset's, say nothing more.
  @Test func aSearchThatFindsNothingNamesTheColumnsThatWould() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let printed = fixture.session.run("load \(fixture.csv)", "search 3")
    #expect(
      printed.output.suffix(3) == [
        "results table · 0 of 3",
        "0 rows in 'name, team, note'; 'id' has 1: set fields * to search every column",
        "     name  team  note",
      ])
    #expect(!fixture.session.run("search 7").output.contains { $0.hasPrefix("0 rows in") })
    fixture.session.run("set fields *", "search 3")
    #expect(fixture.session.titlesOnScreen == ["Cy"])
    fixture.session.run("load languages", "search zzz")
    #expect(!fixture.session.run("search 1990").output.contains { $0.hasPrefix("0 rows in") })
  }

  @Test func cellsPrintEscapedInTheTableAndTheDetailView() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let printed = fixture.session.run("load \(fixture.csv) --title note", "detail 3")
    #expect(printed.output.contains { $0.hasPrefix("  3  \\e[2Jwipe ") })
    #expect(printed.output.contains("< Back   \\e[2Jwipe"))
    #expect(!printed.output.joined().unicodeScalars.contains("\u{1B}"))
  }
}
