/// Orders fuzzy matches: higher score first, then shorter title, then original order.
enum RankSorter {
  /// Sorts `rows` (given in ascending row order) by `scores` and `titleLengths`, stably.
  ///
  /// Score and title length pack into one 64-bit key; a stable LSD radix sort on 16-bit digits
  /// (skipping digits that every key shares) keeps equal keys in row order.
  static func sort(rows: [Int32], scores: [Int32], titleLength: (Int32) -> Int) -> [Int32] {
    let count = rows.count
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
}
