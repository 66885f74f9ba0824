import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// gzip input, told by its magic number: inflated as it is read, under the same limit and errors.
@Suite struct GzipInputTests {
  /// `name;price\napple;1,20\npear;0,80\n`, gzipped.
  static let csv =
    Data(base64Encoded: "H4sIAAAAAAACA8tLzE21LijKTE7lSiwoyEm1NtQxMuAqSE0ssjbQsTDgAgDjuM7VIAAAAA==") ?? Data()
  /// 50,000 lines of `a` (100,000 bytes) in 135 bytes.
  static let bomb =
    Data(
      base64Encoded:
        "H4sIAAAAAAACA+3CMQ0AAAACoN+W9i9hDQ8GTQEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIBTA0dxW0mghgEA"
    ) ?? Data()
  /// Two members, `x\ny\n` and `z\n`, one after the other (`cat a.gz b.gz`).
  static let twoMembers =
    Data(base64Encoded: "H4sIAAAAAAACA6vgquQCABj5cJwEAAAAH4sIAAAAAAACA6viAgCdatx0AgAAAA==") ?? Data()

  /// What each input loads as, or the error it gives.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: Data
    let format: DataFormat?
    var limit = LoadLimit.unlimited
    let outcome: Outcome
    var testDescription: String { name }
  }

  /// Rows (of the first column) or an error.
  enum Outcome: Sendable, Equatable {
    case rows([String], columns: [String])
    case fails(TableError)
  }

  static let cases: [Case] = [
    Case(
      name: "a gzipped CSV, its delimiter sniffed", bytes: csv, format: .csv,
      outcome: .rows(["apple", "pear"], columns: ["name", "price"])),
    Case(
      name: "standard input, sniffed after inflating", bytes: csv, format: nil,
      outcome: .rows(["apple", "pear"], columns: ["name", "price"])),
    Case(
      name: "two members", bytes: twoMembers, format: .text,
      outcome: .rows(["x", "y", "z"], columns: ["title"])),
    Case(
      name: "a bomb stops at the limit", bytes: bomb, format: .text, limit: LoadLimit(bytes: 10_000),
      outcome: .fails(.loadTooLarge("gz", limit: 10_000))),
    Case(
      name: "truncated", bytes: csv.prefix(20), format: .csv,
      outcome: .fails(
        .malformedFile("gz", line: nil, column: nil, reason: "the gzip data ends early (a truncated file?)"))),
    Case(
      name: "truncated in its trailer", bytes: csv.dropLast(3), format: .csv,
      outcome: .fails(
        .malformedFile("gz", line: nil, column: nil, reason: "the gzip data ends early (a truncated file?)"))),
    Case(
      name: "a damaged checksum", bytes: damaged(csv, at: csv.count - 6), format: .csv,
      outcome: .fails(
        .malformedFile("gz", line: nil, column: nil, reason: "corrupt gzip data (incorrect data check)"))),
    Case(
      name: "a damaged header", bytes: damaged(csv, at: 2), format: .csv,
      outcome: .fails(
        .malformedFile("gz", line: nil, column: nil, reason: "corrupt gzip data (unknown compression method)")
      )),
  ]

  @Test(arguments: cases)
  func loads(_ testCase: Case) {
    var options = LoadOptions(
      name: "gz", source: .standardInput, presets: DatasetPresets(title: "gz"), format: testCase.format)
    options.limit = testCase.limit
    let outcome: Outcome
    do {
      let dataset = try DatasetLoader.load(.data(testCase.bytes, label: "gz"), options: options).dataset
      outcome = .rows(DataFixture.rows(dataset).map { $0[0] }, columns: dataset.columns)
    } catch {
      outcome = .fails(error)
    }
    #expect(outcome == testCase.outcome)
  }

  /// A file's format is the extension before `.gz`; a gzipped file read in small chunks too.
  @Test func fileByInnerExtension() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("prices.csv.gz").path
    try Self.csv.write(to: URL(fileURLWithPath: path))
    #expect(DataFormat.forPath(path) == .csv)
    #expect(DataFormat.forPath("/x/changelog.Debian.gz") == nil)
    let result = try DataFixture.loadFile(path)
    #expect(result.format == .csv)
    #expect(DataFixture.rows(result.dataset) == [["apple", "1,20"], ["pear", "0,80"]])
  }

  /// `bytes` with the byte at `index` flipped.
  static func damaged(_ bytes: Data, at index: Int) -> Data {
    var copy = bytes
    let position = copy.startIndex + index
    copy[position] ^= 0xFF
    return copy
  }
}
