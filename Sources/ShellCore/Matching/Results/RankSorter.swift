import Foundation

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
      let sorted = compactSort(rows: rows, scores: scores, slicesFrom: slicesFrom, titleLength: titleLength)
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
  static func best<Scores: RowScores>(
    _ limit: Int, rows: [Int32], scores: Scores, titleLength: TitleLengths, threshold: Int = 1 << 16
  ) -> [Int32] {
    guard limit > 0 else { return [] }
    let count = rows.count
    let chunks = Parallel.chunks(count, threshold: threshold)
    let heaps = rows.withUnsafeBufferPointer { rowBuffer in
      Parallel.map(chunks.count) { chunk in
        var heap = RankHeap(limit: limit)
        for index in chunks.range(chunk) {
          let row = rowBuffer[index]
          let ceiling = scores.ceiling(at: index, row: row)
          if heap.isFull, ceiling < heap.root.score { continue }
          let length = titleLength(Int(row))
          // Most rows that tie the worst kept one's score lose to it on length: not scored.
          if heap.isFull, !RankHeap.Key(score: ceiling, length: length, row: row).ranksBefore(heap.root) {
            continue
          }
          let key = RankHeap.Key(score: scores.score(at: index, row: row), length: length, row: row)
          if heap.isFull, !key.ranksBefore(heap.root) { continue }
          heap.offer(key)
        }
        return heap
      }
    }
    return RankHeap.merged(heaps, limit: limit)
  }

  /// The same order from keys packed into at most 32 bits (score below the best, then length).
  ///
  /// A stable LSD radix sort on digits of at most 11 bits, whose counts stay in L1; nil when the
  /// score range and longest title do not fit in 32 bits. Raw buffers throughout: at 900k matches
  /// (a one-letter fuzzy query) array copies, zero-fills and per-element checks cost more than
  /// the sort itself. Large inputs run each loop in slices on every core: a pass counts digits per
  /// slice, and slice `s` scatters a digit's keys after slices `0..<s`'s, which keeps it stable.
  private static func compactSort(
    rows: [Int32], scores: [Int32], slicesFrom: Int, titleLength: (Int32) -> Int
  ) -> [Int32]? {
    let count = rows.count
    let slices = Parallel.chunkCount(count, threshold: slicesFrom) > 1 ? min(count, Parallel.cores) : 1
    let sliceSize = (count + slices - 1) / slices
    @inline(__always) func bounds(_ slice: Int) -> Range<Int> {
      min(count, slice * sliceSize)..<min(count, (slice + 1) * sliceSize)
    }
    let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer { keys.deallocate() }
    // Per slice: longest title, best and worst score.
    let extremes = rows.withUnsafeBufferPointer { rowBuffer in
      scores.withUnsafeBufferPointer { scoreBuffer in
        Parallel.map(slices) { slice -> (length: Int, best: Int32, worst: Int32) in
          var maxLength = 0
          var best = Int32.min
          var worst = Int32.max
          for index in bounds(slice) {
            let length = titleLength(rowBuffer[index])
            maxLength = max(maxLength, length)
            keys[index] = UInt32(truncatingIfNeeded: min(length, Int(UInt32.max)))
            best = max(best, scoreBuffer[index])
            worst = min(worst, scoreBuffer[index])
          }
          return (maxLength, best, worst)
        }
      }
    }
    let maxLength = extremes.map(\.length).max() ?? 0
    let best = Int64(extremes.map(\.best).max() ?? 0)
    let worst = Int64(extremes.map(\.worst).min() ?? 0)
    func bits(_ value: UInt64) -> Int { value == 0 ? 0 : 64 - value.leadingZeroBitCount }
    let lengthBits = bits(UInt64(maxLength))
    let scoreBits = bits(UInt64(max(0, best - worst)))
    let totalBits = lengthBits + scoreBits
    guard totalBits <= 32 else { return nil }
    if totalBits == 0 { return rows }
    let passes = (totalBits + 10) / 11
    let digitBits = (totalBits + passes - 1) / passes
    let mask = UInt32((1 << digitBits) - 1)
    let buckets = 1 << digitBits
    // Per pass and slice, then per digit: counts, then the slice's next slot for that digit.
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: passes * slices * buckets)
    defer { counts.deallocate() }
    counts.initialize(repeating: 0, count: passes * slices * buckets)
    @inline(__always) func table(_ pass: Int, _ slice: Int) -> UnsafeMutablePointer<Int> {
      counts + (pass &* slices &+ slice) &* buckets
    }
    scores.withUnsafeBufferPointer { scoreBuffer in
      let shift = UInt32(lengthBits)
      let top = Int32(truncatingIfNeeded: best)
      Parallel.forEach(slices) { slice in
        let first = table(0, slice)
        for index in bounds(slice) {
          let rank = UInt32(bitPattern: top &- scoreBuffer[index])
          let key = rank << shift | keys[index]
          keys[index] = key
          first[Int(key & mask)] &+= 1
        }
      }
    }
    let spareKeys = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer { spareKeys.deallocate() }
    let spareRows = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    defer { spareRows.deallocate() }
    return [Int32](unsafeUninitializedCapacity: count) { result, initialized in
      guard let output = result.baseAddress else { return }
      rows.withUnsafeBufferPointer { rowBuffer in
        guard let input = rowBuffer.baseAddress else { return }
        var sourceKeys = UnsafeMutablePointer(keys)
        var sourceRows = UnsafePointer(input)
        var targetKeys = spareKeys
        // The last pass writes the result; earlier ones alternate between the scratch buffers.
        var targetRows = passes % 2 == 1 ? output : spareRows
        for pass in 0..<passes {
          let shift = UInt32(pass &* digitBits)
          let last = pass == passes &- 1
          let (keysIn, rowsIn, keysOut, rowsOut) = (sourceKeys, sourceRows, targetKeys, targetRows)
          if pass > 0 {
            Parallel.forEach(slices) { slice in
              let own = table(pass, slice)
              for index in bounds(slice) { own[Int((keysIn[index] >> shift) & mask)] &+= 1 }
            }
          }
          // Exclusive prefix sums over digits, then slices: each slice's first slot per digit.
          var total = 0
          for digit in 0..<buckets {
            for slice in 0..<slices {
              let slot = table(pass, slice) + digit
              let bucketCount = slot.pointee
              slot.pointee = total
              total &+= bucketCount
            }
          }
          Parallel.forEach(slices) { slice in
            let offsets = table(pass, slice)
            for index in bounds(slice) {
              let key = keysIn[index]
              let digit = Int((key >> shift) & mask)
              let target = offsets[digit]
              offsets[digit] = target &+ 1
              if !last { keysOut[target] = key }
              rowsOut[target] = rowsIn[index]
            }
          }
          swap(&sourceKeys, &targetKeys)
          sourceRows = UnsafePointer(targetRows)
          targetRows = targetRows == output ? spareRows : output
        }
      }
      initialized = count
    }
  }
}
