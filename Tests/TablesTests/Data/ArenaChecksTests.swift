import Testing

@testable import Tables

/// The whole-arena checks a persisted index's open runs: the same verdict as checking cell by
/// cell, on one thread or split over the cores at any character.
@Suite struct ArenaChecksTests {
  /// The arena and offsets of `cells` (raw bytes each), and the verdict cell by cell.
  static func arena(_ cells: [[UInt8]]) -> (bytes: [UInt8], offsets: [UInt32], valid: Bool) {
    var bytes: [UInt8] = []
    var offsets: [UInt32] = [0]
    for cell in cells {
      bytes += cell
      offsets.append(UInt32(bytes.count))
    }
    let valid = cells.allSatisfy { cell in cell.withUnsafeBufferPointer { UTF8Repair.isValid($0) } }
    return (bytes, offsets, valid)
  }

  static func check(_ bytes: [UInt8], _ offsets: [UInt32]) -> Bool {
    bytes.withUnsafeBufferPointer { arena in
      offsets.withUnsafeBufferPointer { ArenaChecks.cellsAreUTF8(arena, offsets: $0) }
    }
  }

  @Test(
    arguments: [
      (
        "ASCII and whole characters",
        [Array("a".utf8), Array("é".utf8), Array("日本".utf8), [], Array("𝄞x".utf8)]
      ),
      ("a character cut between cells", [[0xC3], [0xA9]]),
      ("a stray continuation byte", [Array("ab".utf8) + [0x80]]),
      ("a lead byte at the end", [Array("ab".utf8) + [0xE6, 0x97]]),
      ("an overlong form", [[0xC0, 0x80]]),
      ("a surrogate", [[0xED, 0xA0, 0x80]]),
      ("past U+10FFFF", [[0xF4, 0x90, 0x80, 0x80]]),
    ] as [(String, [[UInt8]])])
  func agreesWithACheckPerCell(_ name: String, _ cells: [[UInt8]]) {
    let (bytes, offsets, valid) = Self.arena(cells)
    #expect(Self.check(bytes, offsets) == valid, "\(name)")
  }

  /// Megabytes of two-, three- and four-byte characters, split over every core: a chunk may
  /// start inside any of them.
  @Test(arguments: ["é", "日", "𝄞", "aé日𝄞"])
  func largeArenasSplitAtAnyCharacter(_ character: String) {
    let unit = Array(character.utf8)
    let repeats = (3 << 20) / unit.count
    let bytes = Array([[UInt8]](repeating: unit, count: repeats).joined())
    let whole = (0...repeats).map { UInt32($0 * unit.count) }
    #expect(Self.check(bytes, whole))
    let inside = whole.map { $0 == 0 || Int($0) == bytes.count ? $0 : $0 - 1 }
    #expect(!Self.check(bytes, inside))
    var broken = bytes
    broken[bytes.count / 2 + 1] = 0xFF
    #expect(!Self.check(broken, whole))
  }

  @Test func ascendsAcrossChunks() {
    let values = (0..<(3 << 20)).map { UInt32($0 / 3) }
    #expect(values.withUnsafeBufferPointer { ArenaChecks.ascends($0) })
    var descending = values
    descending[2 << 20] = 0
    #expect(!descending.withUnsafeBufferPointer { ArenaChecks.ascends($0) })
  }
}
