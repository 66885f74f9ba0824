import Foundation

/// One worker's copy of `ScalarFoldTable.packed`, each scalar's slots filled the first time a line
/// holds it (`ScalarFoldTable.packedForms`, the table's own per-scalar code).
///
/// A run meets a few dozen accented letters; building the whole table folded some 450 scalars
/// through Foundation first, a tenth of a run over a million rows, with every other worker
/// waiting on it. Slots not yet filled hold `unknown`: `prepare` fills those a line reads before
/// `FoldedIndex.foldLatin` or `UnsafeWideLineCheck` reads them.
final class UnsafeScalarFoldCache {
  /// A slot not filled yet (no packed word has 0xFF in its length byte).
  static let unknown = UInt64.max &- 1
  /// The slots, four a scalar from U+0080, as `ScalarFoldTable.packed`.
  private let words: UnsafeMutablePointer<UInt64>
  private let count = Int(ScalarFoldTable.end &- 0x80) &* 4

  init() throws(SearchError) {
    words = try SearchMemory.allocate(UInt64.self, count: count)
    words.initialize(repeating: Self.unknown, count: count)
  }

  deinit { free(words) }

  /// The table as the fold loops read it: only the slots `prepare` filled are valid.
  var pointer: UnsafePointer<UInt64> { UnsafePointer(words) }

  /// Fills the slots of every scalar the fold loops would read in `count` bytes at `bytes`: the
  /// two-byte scalars below `ScalarFoldTable.end`, found as `FoldedIndex.foldLatin` finds them.
  func prepare(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var index = 0
    while index < count {
      let byte = bytes[index]
      guard byte >= 0xC2, byte <= 0xC9, index &+ 1 < count, bytes[index &+ 1] & 0xC0 == 0x80 else {
        index &+= 1
        continue
      }
      let value = (UInt32(byte & 0x1F) << 6) | UInt32(bytes[index &+ 1] & 0x3F)
      if value < ScalarFoldTable.end {
        let slot = Int(value &- 0x80) &* 4
        if words[slot] == Self.unknown {
          for (offset, word) in ScalarFoldTable.packedForms(of: value).enumerated() {
            words[slot &+ offset] = word
          }
        }
      }
      index &+= 2
    }
  }

  /// The slot of scalar `value` (below `ScalarFoldTable.end`) for `variant`, filled first if need be.
  @inline(__always)
  func word(_ value: UInt32, _ variant: TextVariant) -> UInt64 {
    let slot = Int(value &- 0x80) &* 4
    if words[slot] == Self.unknown {
      for (offset, word) in ScalarFoldTable.packedForms(of: value).enumerated() {
        words[slot &+ offset] = word
      }
    }
    return words[slot &+ variant.rawValue]
  }

  /// Checks that every slot is filled as the whole table has it, or not yet.
  func checkInvariants() {
    let table = ScalarFoldTable.packed.pointer
    for slot in 0..<count {
      precondition(
        words[slot] == Self.unknown || words[slot] == table[slot], "a fold slot differs from the table's")
    }
  }
}
