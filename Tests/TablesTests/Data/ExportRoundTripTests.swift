import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// Cells that formats write with care (NUL, a quote carrying a combining mark, a leading
/// U+FEFF, lone CRs), exported to every format and loaded back, compared byte for byte.
struct ExportRoundTripTests {
  /// Rows of a two-column table, loaded from JSON Lines (which can hold all of them).
  static let cells: [[String]] = [
    ["\u{FEFF}starts with a mark", "nul \u{0} inside"],
    ["\"\u{305} quote and macron", "x\"\u{301}\"y"],
    ["cr\ronly", "crlf\r\nand lf\n"],
    ["back\\0slash", "tab\tand \\t"],
    ["", "\u{0}"],
  ]

  /// The table as JSON Lines with the columns `a` and `b`.
  static var source: String {
    cells.map { "{\"a\": \(JSONText.string($0[0])), \"b\": \(JSONText.string($0[1]))}\n" }.joined()
  }

  static func bytes(_ rows: [[String]]) -> [[[UInt8]]] { rows.map { $0.map { Array($0.utf8) } } }

  /// What CSV, Markdown and plain text write for a NUL.
  static func withoutNUL(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
  }

  @Test(arguments: ["csv", "tsv", "json", "jsonl"])
  func everyCellComesBack(_ fileExtension: String) throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try DataFixture.load(Self.source, format: .jsonl).dataset
    #expect(Self.bytes(DataFixture.rows(original)) == Self.bytes(Self.cells))
    let path = folder.appendingPathComponent("out.\(fileExtension)").path
    try DatasetExporter.export(original, rows: 0..<original.rowCount, to: path)
    let reloaded = try DataFixture.loadFile(path)
    #expect(reloaded.warnings == [])
    #expect(reloaded.dataset.columns == ["a", "b"])
    let expected = fileExtension == "csv" ? Self.cells.map { $0.map(Self.withoutNUL) } : Self.cells
    #expect(Self.bytes(DataFixture.rows(reloaded.dataset)) == Self.bytes(expected))
  }

  @Test func csvDoublesAQuoteThatCarriesACombiningMark() {
    #expect(RowWriter.csvField("\"\u{305}", alone: false) == "\"\"\"\u{305}\"")
    #expect(Array(RowWriter.csvField("a\u{0}b", alone: false).utf8) == Array("a\u{FFFD}b".utf8))
    #expect(RowWriter.csvField("\u{FEFF}x", alone: false) == "\"\u{FEFF}x\"")
    #expect(RowWriter.tsvField("a\u{0}b\\0") == "a\\0b\\\\0")
    #expect(RowWriter.markdownCell("a\r\nb\rc|\u{0}") == "a<br>b<br>c\\|\u{FFFD}")
    #expect(RowWriter.oneLine("a\r\nb\n\rc\u{0}") == "a b  c\u{FFFD}")
  }

  @Test func plainTextKeepsTheTitlesOnePerLine() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try DataFixture.load(Self.source, format: .jsonl).dataset
    let path = folder.appendingPathComponent("out.txt").path
    try DatasetExporter.export(original, rows: 0..<original.rowCount, to: path)
    let reloaded = try DataFixture.loadFile(path).dataset
    let titles = Self.cells.map { [Self.withoutNUL(RowWriter.oneLine($0[0]))] }
    #expect(Self.bytes(DataFixture.rows(reloaded)) == Self.bytes(titles))
  }

  @Test func markdownWritesOneLinePerRowWithoutNUL() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try DataFixture.load(Self.source, format: .jsonl).dataset
    let path = folder.appendingPathComponent("out.md").path
    try DatasetExporter.export(original, rows: 0..<original.rowCount, to: path)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(!bytes.contains(0))
    #expect(bytes.filter { $0 == 0x0A }.count == Self.cells.count + 2)
    #expect(!bytes.contains(0x0D))
  }
}
