import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The rows piped into `--pick` and `--filter`: split as fzf splits them, each printed back as
/// the bytes that came in (issue 37).
struct PipedRowReaderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let input: [UInt8]
    let separator: PipedRows.Separator
    /// Each row's bytes.
    let rows: [[UInt8]]
    /// Each row's title in the dataset (what is searched and shown).
    let titles: [String]
    var testDescription: String { "\(input) split at \(separator)" }
  }

  static let cases: [Case] = [
    Case(input: [], separator: .lineFeed, rows: [], titles: []),
    Case(input: Array("a\nb\n".utf8), separator: .lineFeed, rows: [[0x61], [0x62]], titles: ["a", "b"]),
    // No LF at the end: still a row. An empty row in the middle is one; none after the last LF.
    Case(
      input: Array("a\n\nb".utf8), separator: .lineFeed, rows: [[0x61], [], [0x62]], titles: ["a", "", "b"]),
    // A CR is a byte of its row, alone or before LF.
    Case(
      input: Array("c\rd\ne\r\n".utf8), separator: .lineFeed, rows: [[0x63, 0x0D, 0x64], [0x65, 0x0D]],
      titles: ["c\rd", "e\r"]),
    // Invalid UTF-8 is searched repaired; NUL shows as ␀.
    Case(
      input: [0x61, 0xFF, 0x62, 0x0A, 0x65, 0x00, 0x66, 0x0A], separator: .lineFeed,
      rows: [[0x61, 0xFF, 0x62], [0x65, 0x00, 0x66]], titles: ["a\u{FFFD}b", "e\u{2400}f"]),
    // --read0: an LF belongs to its row (shown as ␊), a NUL ends it.
    Case(
      input: [0x61, 0x0A, 0x62, 0x00, 0x63, 0x00], separator: .nul, rows: [[0x61, 0x0A, 0x62], [0x63]],
      titles: ["a\u{240A}b", "c"]),
    // A byte-order mark is a row's bytes like any other.
    Case(
      input: [0xEF, 0xBB, 0xBF, 0x61, 0x0A], separator: .lineFeed, rows: [[0xEF, 0xBB, 0xBF, 0x61]],
      titles: ["\u{FEFF}a"]),
  ]

  /// Reads `input` fed in chunks of `chunk` bytes.
  private func read(_ input: [UInt8], separator: PipedRows.Separator, chunk: Int, limit: Int = 1 << 20)
    throws(TableError) -> (Dataset, PipedRows)
  {
    var reader = try PipedRowReader(
      label: "standard input", limit: limit, rows: PipedRows(separator: separator))
    var start = 0
    while start < input.count {
      let end = min(start + chunk, input.count)
      try input[start..<end].withUnsafeBufferPointer { (bytes) throws(TableError) in try reader.feed(bytes) }
      start = end
    }
    let options = LoadOptions(name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"))
    let (loaded, rows) = try reader.finish(options: options)
    return (loaded.dataset, rows)
  }

  /// Each row's printed bytes: its own when kept, else its title's.
  private func printed(_ dataset: Dataset, _ rows: PipedRows) -> [[UInt8]] {
    (0..<dataset.rowCount).map { rows.originalBytes(ofRow: $0) ?? Array(dataset.title($0).utf8) }
  }

  @Test(arguments: cases)
  func rowsAreSplitAtTheSeparatorAndKeepTheirBytes(_ example: Case) throws {
    for chunk in [1, 2, 3, 7, 1 << 16] {
      let (dataset, rows) = try read(example.input, separator: example.separator, chunk: chunk)
      #expect(dataset.rowCount == example.rows.count && rows.rowCount == example.rows.count)
      #expect((0..<dataset.rowCount).map { dataset.title($0) } == example.titles)
      #expect(printed(dataset, rows) == example.rows)
    }
  }

  /// Whatever the bytes, the rows printed are the input's rows: nothing lost, added or changed.
  @Test(arguments: [PipedRows.Separator.lineFeed, .nul])
  func randomBytesComeBackExactly(_ separator: PipedRows.Separator) throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x00, 0x0A, 0x0D, 0x61, 0x62, 0x80, 0xC3, 0xA9, 0xE2, 0xED, 0xA0, 0xF4, 0xFF, 0x1B,
    ]
    for _ in 0..<200 {
      let input = (0..<Int.random(in: 0..<60, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0
      }
      var expected = input.split(separator: separator.rawValue, omittingEmptySubsequences: false).map(
        Array.init)
      if expected.last?.isEmpty == true { expected.removeLast() }
      let (dataset, rows) = try read(
        input, separator: separator, chunk: Int.random(in: 1...9, using: &generator))
      #expect(printed(dataset, rows) == expected, "input \(input)")
      // Only the rows whose title is not their bytes are kept twice.
      for row in 0..<dataset.rowCount where rows.originalBytes(ofRow: row) != nil {
        #expect(Array(dataset.title(row).utf8) != expected[row])
      }
    }
  }

  @Test func inputPastTheLimitIsRefused() throws {
    #expect(throws: TableError.loadTooLarge("standard input", limit: 10)) {
      _ = try read(Array("0123456789\nx".utf8), separator: .lineFeed, chunk: 4, limit: 10)
    }
    // Rows kept twice count too: the smallest limit that loads the row's shown form (ten
    // U+FFFD) is too small for the invalid bytes, whose originals are charged besides.
    let invalid = [UInt8](repeating: 0xFF, count: 10) + [0x0A]
    let shown = Array(String(repeating: "\u{FFFD}", count: 10).utf8) + [0x0A]
    let fits = try #require(
      (1...4_096).first { limit in (try? read(shown, separator: .lineFeed, chunk: 64, limit: limit)) != nil })
    #expect(throws: TableError.loadTooLarge("standard input", limit: fits)) {
      _ = try read(invalid, separator: .lineFeed, chunk: 64, limit: fits)
    }
    let (dataset, rows) = try read(invalid, separator: .lineFeed, chunk: 64, limit: 1 << 16)
    #expect(rows.originalBytes(ofRow: 0) == Array(invalid.dropLast()) && dataset.rowCount == 1)
  }

  /// `--filter` and the picker print the bytes that came in, into a pipe; on a terminal, one
  /// escaped line.
  @Test(arguments: [true, false])
  func matchesAndPicksPrintTheRowsBytes(_ passesRawData: Bool) throws {
    let input: [UInt8] = [0x61, 0xFF, 0x62, 0x0A, 0x63, 0x0D, 0x64, 0x0A, 0x61, 0x00, 0x7A, 0x0A]
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("piped-\(UUID().uuidString)")
    try Data(input).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
    #expect(descriptor >= 0)
    defer { _ = close(descriptor) }
    let console = RawBytesConsole(passesRawData: passesRawData)
    let session = try Session.onPipedRows(
      from: descriptor, console: console, match: nil, useColor: false,
      rows: PipedRows(separator: .lineFeed, terminator: .nul), configuration: ShellConfiguration())
    #expect(try session.printMatches("a") == 2)
    let picker = PickerController(session: session, query: "d")
    picker.handle([.enter])
    session.printPicked(picker)
    if passesRawData {
      #expect(console.bytes == [0x61, 0xFF, 0x62, 0x00, 0x61, 0x00, 0x7A, 0x00, 0x63, 0x0D, 0x64, 0x00])
      #expect(console.lines.isEmpty)
    } else {
      #expect(console.bytes.isEmpty)
      #expect(console.lines == ["a\u{FFFD}b", "a\\u{0}z", "c\\rd"])
    }
  }
}

/// A console that records raw records as bytes, and lines as text.
private final class RawBytesConsole: RawDataConsole {
  let passesRawData: Bool
  var bytes: [UInt8] = []
  var lines: [String] = []

  init(passesRawData: Bool) { self.passesRawData = passesRawData }

  func print(_ line: String) { lines.append(line) }
  func printError(_ line: String) { lines.append("error: " + line) }
  func printRaw(_ record: String) { bytes += Array(record.utf8) + [0x0A] }
  func printRawBytes(_ record: [UInt8], terminator: UInt8) { bytes += record + [terminator] }
}
