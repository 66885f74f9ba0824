import EngineTestSupport
import Testing

@testable import Engine

/// `InitialScan.letters` against a byte-by-byte definition of a word start, on random ASCII rows
/// that cross its 16-byte steps, and the index's initials built from it on every row.
struct InitialScanTests {
  /// Lowercase letters, digits and separators: word starts after each kind of byte.
  static let bytes = Array("abcxyz09 -_.,/az".utf8)

  /// The letters starting a word in `row`, one byte at a time.
  static func expected(_ row: [UInt8]) -> UInt32 {
    var letters: UInt32 = 0
    for (position, byte) in row.enumerated() where byte &- 0x61 < 26 {
      let previous = position == 0 ? nil : row[position - 1]
      let afterWord = previous.map { $0 &- 0x61 < 26 || $0 &- 0x30 < 10 } ?? false
      if !afterWord { letters |= 1 << UInt32(byte - 0x61) }
    }
    return letters
  }

  @Test(arguments: [1, 2, 3])
  func lettersAreTheWordStartsOfEveryRow(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let rows: [[UInt8]] =
      (0..<400).map { _ in
        (0..<Int.random(in: 0...80, using: &random)).map { _ in
          Self.bytes.randomElement(using: &random) ?? 0
        }
      } + [[], Array("a".utf8), Array("9a".utf8), Array(String(repeating: "ab ", count: 30).utf8)]
    // Rows back to back, as in the fold arena; the last ends where only the padding follows.
    let arena = ByteKernelTests.Arena(rows, padded: true)
    let view = arena.view
    for (row, bytes) in rows.enumerated() {
      let found = InitialScan().letters(view.base, start: view.start(row), end: view.end(row))
      #expect(found == Self.expected(bytes), "row \(row): \(String(decoding: bytes, as: UTF8.self))")
    }
  }

  /// The index's initials: the scan's for ASCII rows, the scalar path's for wide ones.
  @Test func theIndexsInitialsAreEachRowsWordStarts() throws {
    let titles = ["Alpha beta", "x-ray 12abc", "café au lait", "", "9lives", "東京 tower", "naïve art"]
    let index = FoldedIndex(dataset: MatchingFixtures.dataset(titles), columns: [0])
    let initials = try index.initialSignatures(parallelThreshold: 1)
    let wide: [Int: String] = [2: "cal", 5: "t", 6: "na"]
    for (row, title) in titles.enumerated() {
      let letters =
        wide[row].map { $0.utf8.reduce(UInt32(0)) { $0 | 1 << UInt32($1 - 0x61) } }
        ?? Self.expected(Array(TextFolding.foldForm(title).utf8))
      #expect(initials.column.bits(row) == PackedInitials.packed(letters), "row \(row) \(title)")
    }
  }
}
