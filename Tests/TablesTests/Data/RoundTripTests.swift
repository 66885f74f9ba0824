import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// Load → export in each format → load again gives the same columns and cells.
struct RoundTripTests {
  /// Awkward cells: separators, quotes, line breaks, tabs, backslashes, accents, emoji, empties.
  static let table: [[String]] = [
    ["name", "category", "note"],
    ["Smith, J", "People", "said \"hi\""],
    ["two\nlines", "Odd", "tab\there"],
    ["back\\slash \\t", "Odd", ""],
    ["Åland 😀 | pipe", "Places", "crlf\r\nend"],
    ["", "People", " spaced "],
  ]

  /// The table as a CSV source file.
  static var csvSource: String {
    table.map { $0.map { RowWriter.csvField($0, alone: false) }.joined(separator: ",") + "\r\n" }.joined()
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let fileExtension: String
    let format: DataFormat
    var testDescription: String { fileExtension }
  }

  @Test(arguments: [
    Case(fileExtension: "csv", format: .csv), Case(fileExtension: "tsv", format: .tsv),
    Case(fileExtension: "json", format: .json), Case(fileExtension: "jsonl", format: .jsonl),
  ])
  func tablesSurviveTheTrip(_ testCase: Case) throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try DataFixture.load(Self.csvSource, format: .csv).dataset
    #expect(DataFixture.rows(original) == Array(Self.table.dropFirst()))

    let path = directory.appendingPathComponent("out.\(testCase.fileExtension)").path
    let written = try DatasetExporter.export(original, rows: 0..<original.rowCount, to: path)
    #expect(written == original.rowCount)
    let reloaded = try DataFixture.loadFile(path)
    #expect(reloaded.format == testCase.format)
    #expect(reloaded.warnings == [])
    #expect(reloaded.dataset.columns == original.columns)
    #expect(DataFixture.rows(reloaded.dataset) == DataFixture.rows(original))
    #expect(reloaded.dataset.scopeTitles == ["All", "People", "Odd", "Places"])
  }

  @Test func textSurvivesAsPlain() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try DataFixture.load("\u{FEFF}Åland\r\n\nback\\slash\t tab\nlast", format: .text).dataset
    let path = directory.appendingPathComponent("out.txt").path
    try DatasetExporter.export(original, rows: 0..<original.rowCount, to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "Åland\n\nback\\slash\t tab\nlast\n")
    let reloaded = try DataFixture.loadFile(path).dataset
    #expect(DataFixture.rows(reloaded) == DataFixture.rows(original))
  }

  @Test(arguments: ["csv", "tsv", "json", "jsonl", "txt"])
  func oneColumnTablesKeepEmptyRows(_ fileExtension: String) throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try DataFixture.load("a\n\nb\n", format: .text).dataset
    let path = directory.appendingPathComponent("out.\(fileExtension)").path
    try DatasetExporter.export(original, rows: 0..<original.rowCount, to: path)
    let reloaded = try DataFixture.loadFile(path).dataset
    #expect(DataFixture.rows(reloaded) == [["a"], [""], ["b"]])
  }

  @Test func exportsOnlyTheGivenRowsInTheirOrder() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try DataFixture.load(Self.csvSource, format: .csv).dataset
    let path = directory.appendingPathComponent("some.csv").path
    try DatasetExporter.export(original, rows: [4, 0], to: path)
    let reloaded = try DataFixture.loadFile(path).dataset
    #expect(DataFixture.rows(reloaded) == [Self.table[5], Self.table[1]])
  }
}
