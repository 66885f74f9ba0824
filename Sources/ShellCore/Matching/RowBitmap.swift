/// A set of row ids as one bit per row: how a large cached result waits for a backspace.
///
/// A one-letter result holds most rows (10M rows, `s`: 6M ids, 24 MB); as bits it is 1.25 MB, and
/// turning it back into ids takes a pass over the words, far less than searching again.
struct RowBitmap {
  /// Bit `r % 64` of word `r / 64` is set when row `r` is in the set.
  private let words: [UInt64]
  /// How many rows are in the set.
  let count: Int

  /// The set of `ids`, which must be ascending and below `rowCount`.
  init(_ ids: [Int32], rowCount: Int) {
    let wordCount = (rowCount + 63) / 64
    count = ids.count
    words = ids.withUnsafeBufferPointer { source in
      [UInt64](unsafeUninitializedCapacity: wordCount) { buffer, initialized in
        guard let output = buffer.baseAddress else { return }
        output.initialize(repeating: 0, count: wordCount)
        // Chunks start at an id that opens a new word, so no two chunks write the same word.
        let chunkCount = Parallel.chunkCount(source.count, threshold: 1 << 18)
        var starts = (0..<chunkCount).map { source.count * $0 / chunkCount }
        for index in starts.indices.dropFirst() {
          var start = starts[index]
          while start > 0, start < source.count, source[start] >> 6 == source[start - 1] >> 6 { start += 1 }
          starts[index] = start
        }
        starts.append(source.count)
        let target = UncheckedSendable(output)
        Parallel.forEach(chunkCount) { chunk in
          for index in starts[chunk]..<max(starts[chunk], starts[chunk + 1]) {
            let id = Int(source[index])
            target.value[id >> 6] |= 1 &<< UInt64(id & 63)
          }
        }
        initialized = wordCount
      }
    }
  }

  /// The bits' memory, in row ids (4 bytes each).
  var idsOfRoom: Int { words.count * 2 }

  /// The ids in the set, ascending.
  var ids: [Int32] {
    [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
      var next = 0
      for (index, word) in words.enumerated() {
        var remaining = word
        let base = Int32(truncatingIfNeeded: index &* 64)
        while remaining != 0 {
          buffer[next] = base &+ Int32(truncatingIfNeeded: remaining.trailingZeroBitCount)
          next &+= 1
          remaining &= remaining &- 1
        }
      }
      initialized = next
    }
  }
}
