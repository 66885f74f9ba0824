import Tables

/// A set of row ids as one bit per row: how a result of most of the rows is held.
///
/// A one-letter result holds most rows, 4 bytes each as ids; as bits it is an eighth of a byte
/// per row, built from the row signatures in one pass, and a table page reads its rows by
/// position (`subscript`) without the ids ever being listed.
package struct RowBitmap: Equatable {
  /// Bit `r % 64` of word `r / 64` is set when row `r` is in the set.
  let words: [UInt64]
  /// How many rows are in the set.
  package let count: Int
  /// How many rows lie in the words before each group of `groupWords` words, for `subscript`.
  let ranks: [UInt32]
  /// Words per entry of `ranks` (512 rows).
  static let groupWords = 8

  /// The set of `ids`, which must be ascending and below `rowCount`.
  init(_ ids: [Int32], rowCount: Int, threshold: Int = 1 << 18) {
    let wordCount = (rowCount + 63) / 64
    let words = ids.withUnsafeBufferPointer { source in
      [UInt64](unsafeUninitializedCapacity: wordCount) { buffer, initialized in
        guard let output = buffer.baseAddress else { return }
        output.initialize(repeating: 0, count: wordCount)
        // Chunks start at an id that opens a new word, so no two chunks write the same word.
        let chunkCount = Parallel.chunkCount(source.count, threshold: threshold)
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
    self.init(words: words)
  }

  /// The set whose bits are `words` (bit `r % 64` of word `r / 64` for row `r`).
  init(words: [UInt64]) {
    self.words = words
    var ranks: [UInt32] = []
    ranks.reserveCapacity(words.count / Self.groupWords + 1)
    var total = 0
    for (index, word) in words.enumerated() {
      if index % Self.groupWords == 0 { ranks.append(UInt32(truncatingIfNeeded: total)) }
      total &+= word.nonzeroBitCount
    }
    self.ranks = ranks
    count = total
  }

  /// Checks the counts `subscript` reads: `count` bits set, and each group's rank the bits
  /// before it.
  func checkInvariants() {
    var total = 0
    for (index, word) in words.enumerated() {
      if index % Self.groupWords == 0 {
        precondition(Int(ranks[index / Self.groupWords]) == total, "rank of group \(index / Self.groupWords)")
      }
      total += word.nonzeroBitCount
    }
    precondition(total == count, "\(total) bits set, count \(count)")
    precondition(ranks.count == (words.count + Self.groupWords - 1) / Self.groupWords, "ranks per group")
  }

  /// Whether row `row` is in the set (`row` must be below the row count it was made for).
  package func contains(_ row: Int) -> Bool {
    words[row >> 6] & (1 &<< UInt64(row & 63)) != 0
  }

  /// The bits' memory, in row ids (4 bytes each).
  var idsOfRoom: Int { words.count * 2 + ranks.count }

  /// The `index`-th row of the set, ascending (0-based; `index` must be below `count`).
  ///
  /// Bisects the group counts, then counts bits word by word (at most eight), so a table page
  /// costs little even over millions of rows.
  package subscript(index: Int) -> Int32 {
    precondition(index >= 0 && index < count, "row \(index) of a set of \(count)")
    var low = 0
    var high = ranks.count
    // The last group whose rows before it number at most `index`.
    while high - low > 1 {
      let middle = (low + high) / 2
      if Int(ranks[middle]) <= index { low = middle } else { high = middle }
    }
    var remaining = index - Int(ranks[low])
    var wordIndex = low * Self.groupWords
    while true {
      let bits = words[wordIndex].nonzeroBitCount
      if remaining < bits { break }
      remaining -= bits
      wordIndex += 1
    }
    var word = words[wordIndex]
    for _ in 0..<remaining { word &= word &- 1 }
    return Int32(truncatingIfNeeded: wordIndex &* 64 &+ word.trailingZeroBitCount)
  }

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
