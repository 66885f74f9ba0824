/// Orders fuzzy matches: higher score first, then shorter title, then original order.
enum RankSorter {
  /// Sorts `rows` (given in ascending row order) by `scores` and `titleLengths`, stably.
  ///
  /// Score and title length pack into one 64-bit key; a stable LSD radix sort on 16-bit digits
  /// (skipping digits that every key shares) keeps equal keys in row order.
  static func sort(rows: [Int32], scores: [Int32], titleLength: (Int32) -> Int) -> [Int32] {
    let count = rows.count
    if count >= 2048, let sorted = compactSort(rows: rows, scores: scores, titleLength: titleLength) {
      return sorted
    }
    var keys = [UInt64](repeating: 0, count: count)
    for index in 0..<count {
      let score = ~(UInt32(bitPattern: scores[index]) ^ 0x8000_0000)
      let length = UInt32(min(titleLength(rows[index]), Int(UInt32.max)))
      keys[index] = UInt64(score) << 32 | UInt64(length)
    }
    if count < 2048 {
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

  /// The same order from keys packed into at most 32 bits (score below the best, then length).
  ///
  /// A stable LSD radix sort on digits of at most 11 bits, whose counts stay in L1; nil when the score range and longest title do not fit in 32 bits.
  private static func compactSort(rows: [Int32], scores: [Int32], titleLength: (Int32) -> Int) -> [Int32]? {
    let count = rows.count
    var lengths = [UInt32](repeating: 0, count: count)
    var maxLength = 0
    var best = Int64(Int32.min)
    var worst = Int64(Int32.max)
    for index in 0..<count {
      let length = titleLength(rows[index])
      maxLength = max(maxLength, length)
      lengths[index] = UInt32(truncatingIfNeeded: min(length, Int(UInt32.max)))
      let score = Int64(scores[index])
      best = max(best, score)
      worst = min(worst, score)
    }
    func bits(_ value: UInt64) -> Int { value == 0 ? 0 : 64 - value.leadingZeroBitCount }
    let lengthBits = bits(UInt64(maxLength))
    let scoreBits = bits(UInt64(best - worst))
    let totalBits = lengthBits + scoreBits
    guard totalBits <= 32 else { return nil }
    var keys = [UInt32](repeating: 0, count: count)
    for index in 0..<count {
      let rank = UInt64(best - Int64(scores[index]))
      keys[index] = UInt32(truncatingIfNeeded: rank << UInt64(lengthBits) | UInt64(lengths[index]))
    }
    if totalBits == 0 { return rows }
    let passes = (totalBits + 10) / 11
    let digitBits = (totalBits + passes - 1) / passes
    let mask = UInt32((1 << digitBits) - 1)
    var rows = rows
    var spareKeys = keys
    var spareRows = rows
    var counts = [Int](repeating: 0, count: (1 << digitBits) + 1)
    for pass in 0..<passes {
      let shift = UInt32(pass * digitBits)
      for index in 0..<counts.count { counts[index] = 0 }
      for key in keys { counts[Int((key >> shift) & mask) + 1] += 1 }
      for index in 1..<counts.count { counts[index] += counts[index - 1] }
      keys.withUnsafeBufferPointer { keyBuffer in
        rows.withUnsafeBufferPointer { rowBuffer in
          spareKeys.withUnsafeMutableBufferPointer { spareKeyBuffer in
            spareRows.withUnsafeMutableBufferPointer { spareRowBuffer in
              counts.withUnsafeMutableBufferPointer { countBuffer in
                for index in 0..<count {
                  let key = keyBuffer[index]
                  let digit = Int((key >> shift) & mask)
                  let target = countBuffer[digit]
                  countBuffer[digit] = target &+ 1
                  spareKeyBuffer[target] = key
                  spareRowBuffer[target] = rowBuffer[index]
                }
              }
            }
          }
        }
      }
      swap(&keys, &spareKeys)
      swap(&rows, &spareRows)
    }
    return rows
  }
}
