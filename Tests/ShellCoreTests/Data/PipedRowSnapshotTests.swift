import Foundation
import Testing

@testable import Tables

/// The picker's reader while rows arrive: the table so far as a copy, in either order, the
/// header's rows apart, and the rows kept whole when the load limit stops the input.
struct PipedRowSnapshotTests {
  private let options = LoadOptions(
    name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"))

  private func reader(_ text: [UInt8], limit: Int = 1 << 20, headerRows: Int = 0) throws -> PipedRowReader {
    var reader = try PipedRowReader(label: "stdin", limit: limit, rows: PipedRows(), headerRows: headerRows)
    try text.withUnsafeBufferPointer { (bytes) throws(TableError) in try reader.feed(bytes) }
    return reader
  }

  /// Each row printed: its kept bytes, else its title's.
  private func printed(_ loaded: LoadResult, _ rows: PipedRows) -> [String] {
    (0..<loaded.dataset.rowCount).map { row in
      rows.originalBytes(ofRow: row).map { String(decoding: $0, as: UTF8.self) } ?? loaded.dataset.title(row)
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let input: String
    let headerRows: Int
    let reversed: Bool
    /// The rows of the snapshot taken before the input ends (the unfinished row left out).
    let rows: [String]
    let header: [String]
    /// The last row once `more` arrives and the input ends.
    let last: String?
    var testDescription: String { "\(input.debugDescription) header \(headerRows) reversed \(reversed)" }
  }

  static let cases: [Case] = [
    Case(input: "a\nb\nc", headerRows: 0, reversed: false, rows: ["a", "b"], header: [], last: "cmore"),
    Case(input: "a\nb\nc", headerRows: 0, reversed: true, rows: ["b", "a"], header: [], last: "cmore"),
    Case(input: "h\na\nb\n", headerRows: 1, reversed: true, rows: ["b", "a"], header: ["h"], last: "more"),
    // The third row to come is the header's too.
    Case(input: "h1\nh2\n", headerRows: 3, reversed: false, rows: [], header: ["h1", "h2"], last: nil),
    // Rows kept as they came (invalid UTF-8, NUL) move with their rows when reversed.
    Case(
      input: "x\u{0}y\nok\nz\u{0}\n", headerRows: 0, reversed: true, rows: ["z\u{0}", "ok", "x\u{0}y"],
      header: [],
      last: "more"),
  ]

  @Test(arguments: cases)
  func aSnapshotHoldsTheWholeRowsSoFar(_ example: Case) throws {
    var reader = try reader(Array(example.input.utf8), headerRows: example.headerRows)
    let (loaded, rows) = try reader.snapshot(options: options, reversed: example.reversed)
    #expect(printed(loaded, rows) == example.rows)
    #expect(reader.header.map { String(decoding: $0, as: UTF8.self) } == example.header)
    loaded.dataset.checkInvariants()
    // The reader goes on: more rows, and the snapshot taken before keeps its own.
    try Array("more\n".utf8).withUnsafeBufferPointer { (bytes) throws(TableError) in try reader.feed(bytes) }
    #expect(loaded.dataset.rowCount == example.rows.count)
    let (final, finalRows) = try reader.finish(options: options)
    #expect(final.dataset.rowCount == reader.rowCount)
    #expect(printed(final, finalRows).last == example.last)
  }

  /// At the limit the rows added whole stay, every one as it came (invalid UTF-8 too), and the
  /// table is sound.
  @Test(arguments: [1, 3, 7, 64])
  func theLoadLimitKeepsTheWholeRowsBeforeIt(_ chunk: Int) throws {
    let row = { (index: Int) -> [UInt8] in Array("row \(index) ".utf8) + [index % 3 == 0 ? 0xFF : 0x61] }
    let input: [UInt8] = (0..<400).flatMap { row($0) + [0x0A] }
    var reader = try PipedRowReader(label: "stdin", limit: 4_096, rows: PipedRows(), headerRows: 0)
    var stopped = false
    var start = 0
    while start < input.count, !stopped {
      let end = min(start + chunk, input.count)
      do throws(TableError) {
        try input[start..<end].withUnsafeBufferPointer { (bytes) throws(TableError) in try reader.feed(bytes)
        }
      } catch {
        #expect(error == .loadTooLarge("stdin", limit: 4_096))
        reader.keepWholeRows()
        stopped = true
      }
      start = end
    }
    #expect(stopped)
    let (loaded, rows) = try reader.snapshot(options: options, reversed: false)
    loaded.dataset.checkInvariants()
    #expect(loaded.dataset.rowCount > 10 && rows.rowCount == loaded.dataset.rowCount)
    let printed = (0..<loaded.dataset.rowCount).map {
      rows.originalBytes(ofRow: $0) ?? Array(loaded.dataset.title($0).utf8)
    }
    #expect(printed == (0..<loaded.dataset.rowCount).map(row))
  }
}
