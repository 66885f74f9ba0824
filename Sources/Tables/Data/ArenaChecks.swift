/// Checks over a whole arena or offsets array, split over the cores: what every open of a
/// persisted index runs before anything reads it (`Dataset.invariantViolation`,
/// `FoldedIndex.invariantViolation`), so each is a pass without a branch per element.
package enum ArenaChecks {
  /// Elements below which a check runs on one thread.
  package static let threshold = 1 << 20

  /// Whether `values` never decrease.
  package static func ascends(_ values: UnsafeBufferPointer<UInt32>) -> Bool {
    guard values.count > 1, let base = values.baseAddress else { return true }
    let split = Parallel.chunks(values.count - 1, threshold: threshold)
    return Parallel.map(split.count) { chunk in
      var descents: UInt32 = 0
      for index in split.range(chunk) { descents |= base[index] > base[index &+ 1] ? 1 : 0 }
      return descents == 0
    }.allSatisfy { $0 }
  }

  /// Whether `bytes` are well-formed UTF-8 and no offset (ascending, as checked first) falls
  /// inside a character: then every cell they delimit is UTF-8.
  ///
  /// One pass on every core: 32 bytes at a time while they are ASCII, a character at a time
  /// otherwise. Each chunk starts at the first byte at or after its share that does not
  /// continue a character (at most three are skipped: a fourth is malformed wherever the cut
  /// falls), so every character lies whole in one chunk.
  static func cellsAreUTF8(_ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>) -> Bool
  {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    let split = Parallel.chunks(count, threshold: threshold)
    func start(_ chunk: Int) -> Int {
      if chunk == 0 { return 0 }
      if chunk == split.count { return count }
      var position = split.range(chunk).lowerBound
      var skipped = 0
      while position < count, skipped < 3, base[position] & 0xC0 == 0x80 {
        position += 1
        skipped += 1
      }
      return position
    }
    return Parallel.map(split.count) { chunk in
      wholeCharacters(base, from: start(chunk), to: start(chunk + 1), count: count, offsets: offsets)
    }.allSatisfy { $0 }
  }

  /// `cellsAreUTF8` for the bytes `lower..<upper`.
  private static func wholeCharacters(
    _ base: UnsafePointer<UInt8>, from lower: Int, to upper: Int, count: Int,
    offsets: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    var position = lower
    // The first offset past the character being checked: positions only grow.
    var next = 0
    while position < upper {
      if position &+ 32 <= upper {
        let word =
          raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: position &+ 8, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: position &+ 16, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: position &+ 24, as: UInt64.self)
        if word & high == 0 {
          position &+= 32
          continue
        }
      }
      if base[position] < 0x80 {
        position &+= 1
        continue
      }
      guard let length = UTF8Repair.scalarLength(base, at: position, count: count), position + length <= upper
      else {
        return false
      }
      next = firstOffset(after: position, in: offsets, from: next)
      if next < offsets.count, Int(offsets[next]) < position &+ length { return false }
      position &+= length
    }
    return true
  }

  /// The first index from `start` on whose offset is past `position` (offsets ascend).
  @inline(__always)
  private static func firstOffset(
    after position: Int, in offsets: UnsafeBufferPointer<UInt32>, from start: Int
  )
    -> Int
  {
    var low = start
    var step = 1
    // Gallop, then bisect.
    while low &+ step < offsets.count, Int(offsets[low &+ step]) <= position {
      low &+= step
      step &<<= 1
    }
    if low < offsets.count, Int(offsets[low]) > position { return low }
    var high = min(low &+ step, offsets.count)
    while low < high {
      let middle = (low &+ high) &>> 1
      if Int(offsets[middle]) <= position { low = middle &+ 1 } else { high = middle }
    }
    return low
  }
}
