import Foundation
import Tables

/// The tables a folded index builds beside its arena: byte counts its scans are planned by,
/// and the lookup of its wide rows.
extension FoldedIndex {
  /// The wide rows as one bit per row, the count of wide rows before each word of bits, and the
  /// wide rows whose fold form (by its `signatures`) keeps a non-ASCII byte.
  static func wideLookup(
    _ wideRows: UnsafePinnedBuffer<Int32>, signatures: UnsafePinnedBuffer<UInt32>, rowCount: Int
  ) throws(SearchError) -> (
    bits: UnsafePinnedBuffer<UInt64>, ranks: UnsafePinnedBuffer<UInt32>, foldWide: UnsafePinnedBuffer<Int32>
  ) {
    let nonASCII = RowSignature.nonASCII
    // The fold-wide rows are at most the wide rows: gathered in memory from malloc, as Swift
    // traps when an array's storage is refused.
    let foldWide = try SearchMemory.allocate(Int32.self, count: wideRows.count)
    defer { free(foldWide) }
    var foldWideCount = 0
    let bits = try UnsafePinnedBuffer<UInt64>.checked(count: rowCount / 64 + 1) { bits in
      for index in 0..<wideRows.count {
        let row = wideRows.base[index]
        bits[Int(row) >> 6] |= 1 << (UInt64(row) & 63)
        if signatures.base[Int(row)] & nonASCII != 0 {
          foldWide[foldWideCount] = row
          foldWideCount &+= 1
        }
      }
    }
    let ranks = try UnsafePinnedBuffer<UInt32>.checked(count: bits.count, zeroed: false) { ranks in
      var before: UInt32 = 0
      for word in 0..<bits.count {
        ranks[word] = before
        before &+= UInt32(truncatingIfNeeded: bits.base[word].nonzeroBitCount)
      }
    }
    let kept = try UnsafePinnedBuffer<Int32>.checked(count: foldWideCount, zeroed: false) { target in
      target.update(from: foldWide, count: foldWideCount)
    }
    return (bits, ranks, kept)
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

  /// The wide rows whose `exact` form (in `exact`, by wide index) differs from their bytes.
  func exactDifferences(dataset: Dataset, exact: UnsafeArenaView) throws(SearchError)
    -> UnsafePinnedBuffer<Int32>
  {
    // Room for every wide row, tried and then taken, so that no append grows the array.
    try SearchMemory.ensureRoom(for: Int32.self, count: wideRows.count)
    var rows: [Int32] = []
    rows.reserveCapacity(wideRows.count)
    // One pass on one core over the wide rows, once: splitting it over the cores saved no more
    // than the machine's drift.
    dataset.withStorage { bytes, offsets in
      let source = UnsafeSourceRows(
        bytes, offsets, stride: dataset.columns.count, columns: columns,
        placeholder: UnsafeRawPointer(wideRows.base))
      var scratch: [UInt8] = []
      for index in 0..<wideRows.count {
        let row = Int(wideRows.base[index])
        let form = exact.slice(index)
        source.withRow(row, scratch: &scratch) { pointer, count in
          if count != form.count || memcmp(pointer, form.base + form.start, count) != 0 {
            rows.append(Int32(row))
          }
        }
      }
    }
    return try UnsafePinnedBuffer.checked(copying: rows)
  }
}
