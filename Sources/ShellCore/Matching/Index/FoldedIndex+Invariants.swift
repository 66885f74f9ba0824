extension FoldedIndex {
  /// Checks what every kernel's reach relies on: each arena's offsets ascend from 0 to its byte
  /// count, `padding` zero bytes follow it, and the wide rows, their bits and ranks agree.
  func checkInvariants() {
    if let violation = invariantViolation() { preconditionFailure(violation) }
  }

  /// The first way the index breaks what `checkInvariants` checks, or nil: a persisted index is
  /// checked with it before use, and refused rather than trusted.
  ///
  /// Linear in the rows and the fold arena, without a branch per row or byte where it can: it
  /// runs on every open of a persisted index.
  func invariantViolation() -> String? {
    if let problem = Self.arenaViolation(foldBytes, foldOffsets, rows: rowCount, name: "fold") {
      return problem
    }
    guard signatures.count == rowCount else { return "\(signatures.count) signatures for \(rowCount) rows" }
    if let problem = wideViolation() { return problem }
    if let problem = asciiViolation() { return problem }
    for index in 0..<foldWideRows.count {
      let row = Int(foldWideRows.base[index])
      guard row >= 0, row < rowCount, isWide(row) else { return "a fold-wide row that is not wide" }
      if index > 0, foldWideRows.base[index - 1] >= foldWideRows.base[index] {
        return "fold-wide rows out of order"
      }
    }
    guard byteFrequency.count == 256, byteFrequency.allSatisfy({ $0 >= 0 && $0 <= foldBytes.count }) else {
      return "the byte frequencies are not counts of the fold arena's bytes"
    }
    for (variant, side) in zip(TextVariant.allCases, sides) {
      guard let side else { continue }
      if let problem = Self.arenaViolation(side.bytes, side.offsets, rows: wideRows.count, name: "\(variant)")
      {
        return problem
      }
    }
    return nil
  }

  /// Whether the wide rows ascend within the rows, and their bits and per-word ranks agree.
  private func wideViolation() -> String? {
    let words = rowCount / 64 + 1
    guard wideBits.count == words, wideRanks.count == words else { return "wide bits for another row count" }
    var previous = -1
    for index in 0..<wideRows.count {
      let row = Int(wideRows.base[index])
      guard row > previous, row < rowCount else { return "wide row \(row) out of order" }
      guard wideBits.base[row >> 6] >> UInt64(row & 63) & 1 != 0 else { return "wide row \(row) has no bit" }
      previous = row
    }
    var wide = 0
    for word in 0..<words {
      guard Int(wideRanks.base[word]) == wide else { return "rank of word \(word)" }
      wide += wideBits.base[word].nonzeroBitCount
    }
    guard wide == wideRows.count else { return "\(wide) wide bits for \(wideRows.count) wide rows" }
    let spare = rowCount & 63
    guard wideBits.base[words - 1] >> UInt64(spare) == 0 else { return "a wide bit past the last row" }
    return nil
  }

  /// Whether a row that is not wide folds to ASCII (a word start's sweep relies on it): the
  /// arena is read eight bytes at a time, and only a word with a high bit looks up its rows.
  private func asciiViolation() -> String? {
    let base = UnsafeRawPointer(foldBytes.base)
    let count = foldBytes.count
    var position = 0
    let high: UInt64 = 0x8080_8080_8080_8080
    while position < count {
      var block = 0
      var any: UInt64 = 0
      // 4 KiB at a time: the common case is one OR per eight bytes and a test per block.
      let blockEnd = min(count, position + 4096)
      while position &+ 8 <= blockEnd {
        any |= base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        position &+= 8
        block &+= 8
      }
      while position < blockEnd {
        any |= UInt64(base.load(fromByteOffset: position, as: UInt8.self))
        position &+= 1
        block &+= 1
      }
      if any & high == 0 { continue }
      for byte in (position - block)..<position where foldBytes.base[byte] >= 0x80 {
        let row = rowHolding(byte)
        if !isWide(row) { return "row \(row) is not wide but folds to a non-ASCII byte" }
      }
    }
    return nil
  }

  /// The row of the fold arena whose bytes hold `position` (offsets checked to ascend).
  private func rowHolding(_ position: Int) -> Int {
    var low = 0
    var high = rowCount - 1
    while low < high {
      let middle = (low + high) / 2
      if Int(foldOffsets.base[middle + 1]) <= position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Checks one arena: `rows + 1` ascending offsets from 0 to its byte count, then zero padding.
  private static func arenaViolation(
    _ bytes: PinnedBuffer<UInt8>, _ offsets: PinnedBuffer<UInt32>, rows: Int, name: String
  ) -> String? {
    guard offsets.count == rows + 1 else { return "\(name): \(offsets.count) offsets for \(rows) rows" }
    guard offsets.base[0] == 0 else { return "\(name): the first row does not start at 0" }
    guard Dataset.ascends(offsets.buffer) else { return "\(name): a row ends before it starts" }
    guard Int(offsets.base[rows]) == bytes.count else {
      return "\(name): the last row does not end the arena"
    }
    var padding: UInt8 = 0
    for index in 0..<Self.padding { padding |= bytes.base[bytes.count + index] }
    return padding == 0 ? nil : "\(name): the padding is not zero"
  }
}
