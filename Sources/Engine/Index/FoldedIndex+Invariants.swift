import Tables

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
    if let problem = grams?.invariantViolation() { return problem }
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

  /// Whether a row that is not wide folds to ASCII (a word start's sweep relies on it), and pad
  /// bytes only end wide rows (`UnsafeArenaView.slice` drops them from the end only): the
  /// arena is read 4 KiB at a time on every core, and only a block with a high bit looks up the
  /// rows of its non-ASCII bytes.
  ///
  /// The walk from a block's first row relies on the offsets ascending (checked before).
  private func asciiViolation() -> String? {
    let base = UnsafeRawPointer(foldBytes.base)
    let count = foldBytes.count
    let blocks = (count + 4095) / 4096
    let split = Parallel.chunks(blocks, threshold: ArenaChecks.threshold / 4096)
    let found = Parallel.map(split.count) { chunk -> Int? in
      for block in split.range(chunk) {
        let (start, end) = (block * 4096, min(count, block * 4096 + 4096))
        guard !UTF8Repair.isASCII(UnsafeBufferPointer(start: foldBytes.base + start, count: end - start))
        else {
          continue
        }
        // Rows are found walking on from the block's first, not by a search per byte: padded
        // rows put a high byte in most blocks.
        var row = rowHolding(start)
        /// The row holding the high byte at `position` when it breaks the rule, else nil.
        // Bounded by the rows, not only by the offsets checked to ascend: a mapped entry
        // rewritten in place meanwhile must give a violation, never a read past them.
        func breaks(_ position: Int) -> Int? {
          while row < rowCount, Int(foldOffsets.base[row + 1]) <= position { row += 1 }
          if row == rowCount || !isWide(row) { return row }
          if foldBytes.base[position] == Self.padByte, !isPaddingToEnd(position, row: row) { return row }
          return nil
        }
        // Eight bytes at a time to the next high byte, then the block's last few one by one.
        var word = start
        while word + 8 <= end {
          var high = base.loadUnaligned(fromByteOffset: word, as: UInt64.self) & 0x8080_8080_8080_8080
          while high != 0 {
            if let row = breaks(word + high.trailingZeroBitCount >> 3) { return row }
            high &= high - 1
          }
          word += 8
        }
        for position in word..<end where base.load(fromByteOffset: position, as: UInt8.self) >= 0x80 {
          if let row = breaks(position) { return row }
        }
      }
      return nil
    }
    return found.compactMap { $0 }.first.map {
      "row \($0) is not wide but folds to a non-ASCII byte, or has a pad byte before its text ends"
    }
  }

  /// Whether the pad byte at `position` is followed only by pad bytes to the end of `row`.
  private func isPaddingToEnd(_ position: Int, row: Int) -> Bool {
    let end = Int(foldOffsets.base[row + 1])
    guard end > position, end <= foldBytes.count else { return false }
    return (position + 1..<end).allSatisfy { foldBytes.base[$0] == Self.padByte }
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
    _ bytes: UnsafePinnedBuffer<UInt8>, _ offsets: UnsafePinnedBuffer<UInt32>, rows: Int, name: String
  ) -> String? {
    guard offsets.count == rows + 1 else { return "\(name): \(offsets.count) offsets for \(rows) rows" }
    guard offsets.base[0] == 0 else { return "\(name): the first row does not start at 0" }
    guard ArenaChecks.ascends(offsets.buffer) else { return "\(name): a row ends before it starts" }
    guard Int(offsets.base[rows]) == bytes.count else {
      return "\(name): the last row does not end the arena"
    }
    var padding: UInt8 = 0
    for index in 0..<Self.padding { padding |= bytes.base[bytes.count + index] }
    return padding == 0 ? nil : "\(name): the padding is not zero"
  }
}
