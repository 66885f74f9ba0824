import Foundation
import Tables

/// Orders fuzzy matches: higher score first, then shorter title, then original order.
enum RankSorter {
  /// Sorts `rows` (given in ascending row order) by `scores` and `titleLengths`, stably.
  ///
  /// Score and title length pack into one 64-bit key; a stable LSD radix sort on 16-bit digits
  /// (skipping digits that every key shares) keeps equal keys in row order.
  /// From `radixFrom` rows the sort is a radix sort, whose passes split over every core from
  /// `slicesFrom` rows.
  static func sort(
    rows: [Int32], scores: [Int32], radixFrom: Int = 2_048, slicesFrom: Int = 131_072,
    titleLength: (Int32) -> Int
  ) -> [Int32] {
    let count = rows.count
    precondition(scores.count == count, "a score for every row")
    if count >= radixFrom,
      let sorted = CompactRadixSort.sort(
        rows: rows, scores: scores, slicesFrom: slicesFrom, titleLength: titleLength)
    {
      return sorted
    }
    var keys = [UInt64](repeating: 0, count: count)
    for index in 0..<count {
      let score = ~(UInt32(bitPattern: scores[index]) ^ 0x8000_0000)
      let length = UInt32(min(titleLength(rows[index]), Int(UInt32.max)))
      keys[index] = UInt64(score) << 32 | UInt64(length)
    }
    if count < radixFrom {
      return zip(keys, rows).sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
    }
    var rows = rows
    var spareKeys = keys
    var spareRows = rows
    var counts = [Int](repeating: 0, count: 65_537)
    for shift in stride(from: UInt64(0), to: 64, by: 16) {
      for index in 0..<counts.count { counts[index] = 0 }
      for key in keys { counts[Int((key >> shift) & 0xFFFF) + 1] += 1 }
      if counts.contains(count) { continue }  // every key has the same digit
      for index in 1..<counts.count { counts[index] += counts[index - 1] }
      for index in 0..<count {
        let digit = Int((keys[index] >> shift) & 0xFFFF)
        let target = counts[digit]
        counts[digit] = target + 1
        spareKeys[target] = keys[index]
        spareRows[target] = rows[index]
      }
      swap(&keys, &spareKeys)
      swap(&rows, &spareRows)
    }
    return rows
  }

  /// The first `limit` rows of `sort`'s order, found without sorting the rest.
  ///
  /// Each chunk keeps its best `limit` rows in a `RankHeap`: a row whose score (or its ceiling)
  /// is below the heap's worst is rejected by one comparison, and only rows that tie it look up
  /// their title length. A one-letter `fuzzy` query matches most rows: its first page does not wait
  /// for their whole order. The lengths come as `TitleLengths`, not a closure: called through one
  /// for each row that tied, they were a large share of a one-letter query.
  static func best(
    _ limit: Int, rows: [Int32], scores: [Int32], titleLength: TitleLengths, threshold: Int = 1 << 16
  ) -> [Int32] {
    precondition(scores.count == rows.count, "a score for every row")
    return scores.withUnsafeBufferPointer { buffer in
      best(
        limit, rows: rows, scores: ListedScores(scores: buffer), titleLength: titleLength,
        threshold: threshold)
    }
  }

  /// `best` with scores from any source (a one-letter fuzzy query's need no list).
  static func best<Scores: UnsafeRowScores>(
    _ limit: Int, rows: [Int32], scores: Scores, titleLength: TitleLengths, threshold: Int = 1 << 16
  ) -> [Int32] {
    guard limit > 0 else { return [] }
    let count = rows.count
    let chunks = Parallel.chunks(count, threshold: threshold)
    let heaps = rows.withUnsafeBufferPointer { rowBuffer in
      Parallel.map(chunks.count) { chunk in
        var heap = RankHeap(limit: limit)
        for index in chunks.range(chunk) {
          select(index, row: rowBuffer[index], into: &heap, scores: scores, titleLength: titleLength)
        }
        return heap
      }
    }
    return RankHeap.merged(heaps, limit: limit)
  }

  /// `best` over the rows of `bits` (a ranking of most rows, held as bits), split by words.
  static func best<Scores: UnsafeRowScores>(
    _ limit: Int, bits: RowBitmap, scores: Scores, titleLength: TitleLengths, threshold: Int = 1 << 16
  ) -> [Int32] {
    guard limit > 0 else { return [] }
    let chunks = Parallel.Chunks(
      work: bits.wordCount, count: Parallel.chunkCount(bits.count, threshold: threshold))
    let heaps = Parallel.map(chunks.count) { chunk in
      var heap = RankHeap(limit: limit)
      // The words read here rather than through `forEachRow`, whose closure the compiler called
      // once per row around a select too large to inline.
      let range = chunks.range(chunk)
      var position = bits.rank(beforeWord: range.lowerBound)
      bits.words.withUnsafeBufferPointer { words in
        for word in range {
          var remaining = words[word]
          let base = Int32(truncatingIfNeeded: word &* 64)
          while remaining != 0 {
            let row = base &+ Int32(truncatingIfNeeded: remaining.trailingZeroBitCount)
            select(position, row: row, into: &heap, scores: scores, titleLength: titleLength)
            position &+= 1
            remaining &= remaining &- 1
          }
        }
      }
      return heap
    }
    return RankHeap.merged(heaps, limit: limit)
  }

  /// Offers the row at `index` (id `row`) to `heap`, scoring it only when its ceiling and title
  /// length could enter.
  @inline(__always)
  private static func select<Scores: UnsafeRowScores>(
    _ index: Int, row: Int32, into heap: inout RankHeap, scores: Scores, titleLength: TitleLengths
  ) {
    let ceiling = scores.ceiling(at: index, row: row)
    if heap.isFull, ceiling < heap.root.score { return }
    let length = titleLength(Int(row))
    // Most rows that tie the worst kept one's score lose to it on length: not scored.
    if heap.isFull, !RankHeap.Key(score: ceiling, length: length, row: row).ranksBefore(heap.root) {
      return
    }
    let key = RankHeap.Key(score: scores.score(at: index, row: row), length: length, row: row)
    if heap.isFull, !key.ranksBefore(heap.root) { return }
    heap.offer(key)
  }
}
