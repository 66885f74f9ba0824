extension FoldedIndex {
  /// Checks what every kernel's reach relies on: each arena's offsets ascend from 0 to its byte
  /// count, `padding` zero bytes follow it, and the wide rows, their bits and ranks agree.
  func checkInvariants() {
    Self.checkArena(foldBytes, foldOffsets, rows: rowCount, name: "fold")
    var previous = -1
    for index in 0..<wideRows.count {
      let row = Int(wideRows.base[index])
      precondition(row > previous && row < rowCount, "wide row \(row) out of order")
      previous = row
    }
    var wide = 0
    for row in 0..<rowCount {
      let bit = wideBits.base[row >> 6] >> UInt64(row & 63) & 1 != 0
      if row & 63 == 0 { precondition(Int(wideRanks.base[row >> 6]) == wide, "rank of word \(row >> 6)") }
      precondition(bit == isWide(row), "wide bit of row \(row)")
      if bit {
        wide += 1
        continue
      }
      // A row that is not wide folds to ASCII: a word start's sweep relies on it.
      for position in Int(foldOffsets.base[row])..<Int(foldOffsets.base[row + 1]) {
        precondition(foldBytes.base[position] < 0x80, "row \(row) is not wide but folds to a non-ASCII byte")
      }
    }
    precondition(wide == wideRows.count, "\(wide) wide bits for \(wideRows.count) wide rows")
    for index in 0..<foldWideRows.count {
      precondition(isWide(Int(foldWideRows.base[index])), "a fold-wide row that is not wide")
    }
    for (variant, side) in zip(TextVariant.allCases, sides) {
      guard let side else { continue }
      Self.checkArena(side.bytes, side.offsets, rows: wideRows.count, name: "\(variant)")
    }
  }

  /// Checks one arena: `rows + 1` ascending offsets from 0 to its byte count, then zero padding.
  private static func checkArena(
    _ bytes: PinnedBuffer<UInt8>, _ offsets: PinnedBuffer<UInt32>, rows: Int, name: String
  ) {
    precondition(offsets.count == rows + 1, "\(name): \(offsets.count) offsets for \(rows) rows")
    precondition(offsets.base[0] == 0, "\(name): the first row does not start at 0")
    for row in 0..<rows {
      precondition(offsets.base[row] <= offsets.base[row + 1], "\(name): row \(row) ends before it starts")
    }
    precondition(Int(offsets.base[rows]) == bytes.count, "\(name): the last row does not end the arena")
    for index in 0..<padding {
      precondition(bytes.base[bytes.count + index] == 0, "\(name): padding byte \(index) is not zero")
    }
  }
}
