import Foundation

/// The tables a folded index builds beside its arena: byte counts its scans are planned by,
/// and the lookup of its wide rows.
extension FoldedIndex {
  /// The wide rows as one bit per row, the count of wide rows before each word of bits, and the
  /// wide rows whose fold form (by its `signatures`) keeps a non-ASCII byte.
  static func wideLookup(
    _ wideRows: PinnedBuffer<Int32>, signatures: PinnedBuffer<UInt32>, rowCount: Int
  ) -> (bits: PinnedBuffer<UInt64>, ranks: PinnedBuffer<UInt32>, foldWide: PinnedBuffer<Int32>) {
    let nonASCII = RowSignature.nonASCII
    var foldWide: [Int32] = []
    let bits = PinnedBuffer<UInt64>(count: rowCount / 64 + 1) { bits in
      for index in 0..<wideRows.count {
        let row = wideRows.base[index]
        bits[Int(row) >> 6] |= 1 << (UInt64(row) & 63)
        if signatures.base[Int(row)] & nonASCII != 0 { foldWide.append(row) }
      }
    }
    let ranks = PinnedBuffer<UInt32>(count: bits.count, zeroed: false) { ranks in
      var before: UInt32 = 0
      for word in 0..<bits.count {
        ranks[word] = before
        before &+= UInt32(truncatingIfNeeded: bits.base[word].nonzeroBitCount)
      }
    }
    return (bits, ranks, PinnedBuffer(foldWide))
  }

  /// Byte counts over about 1 MiB of evenly spaced blocks.
  static func sampleFrequency(_ bytes: UnsafePointer<UInt8>, count: Int) -> [Int] {
    var counts = [Int](repeating: 0, count: 256)
    let block = 4096
    let step = max(block, (count / 256 / block) * block)
    var start = 0
    while start < count {
      for index in start..<min(count, start + block) { counts[Int(bytes[index])] += 1 }
      start += step
    }
    return counts
  }
}
