/// One needle's per-row substring test, with everything that does not depend on the row computed once.
///
/// `ByteScanner.find` rebuilds its comparison vectors on every call; loops that test many rows one
/// by one (re-checking a previous result after a typed letter, or the rows a signature selects)
/// build one finder instead. A row of typical length is one 32-position step, and most rows stop
/// at its "no candidate" test.
struct RowFinder {
  private let needle: UnsafePointer<UInt8>
  private let length: Int
  private let firstOffset: Int
  private let secondOffset: Int
  private let firstByte: UInt8
  private let secondByte: UInt8
  private let first: SIMD16<UInt8>
  private let second: SIMD16<UInt8>
  /// Whether the two compared bytes are the whole needle.
  private let verified: Bool
  /// The needle's first 8 bytes as a word, and the mask of its length, for one-compare verification.
  private let needleWord: UInt64
  private let wordMask: UInt64
  private let wordStart: Bool
  /// Whether a candidate from the comparison alone decides (no bytes to verify, no word start).
  private let decided: Bool
  /// How far past a position a step reads: its last 32-byte load ends there.
  private let reach: Int

  /// A finder for `length` bytes at `needle` (which must outlive it), comparing the bytes at `keys` first.
  init(needle: UnsafePointer<UInt8>, length: Int, keys: NeedleKeys, wordStart: Bool) {
    self.needle = needle
    self.length = length
    self.wordStart = wordStart
    firstOffset = keys.first
    secondOffset = keys.second
    firstByte = length > 0 ? needle[keys.first] : 0
    secondByte = length > 0 ? needle[keys.second] : 0
    first = SIMD16(repeating: firstByte)
    second = SIMD16(repeating: secondByte)
    verified = length == 1 || (length == 2 && keys.first != keys.second)
    decided = verified && !wordStart
    reach = max(keys.first, keys.second) &+ 32
    (needleWord, wordMask) = ByteScanner.leadingWord(needle, count: length)
  }

  /// Whether the row holds the needle (starting a word when the finder was made for word starts).
  @inline(__always)
  func matches(_ row: UnsafeRowSlice) -> Bool {
    // Reach: a step at `position <= limit - reach` loads through `limit - 1`; the tail reads
    // below `row.end`.
    assert(
      row.start >= 0 && row.start <= row.end && row.end <= row.limit,
      "row \(row.start)..<\(row.end) past its arena's \(row.limit)")
    if length == 0 { return true }
    let lastStart = row.end &- length
    let simdLast = row.limit &- reach
    var position = row.start
    while position <= lastStart {
      if position > simdLast { return matchesNearLimit(row, from: position) }
      let mask = ByteScanner.pairLanes(row.base, position, firstOffset, first, secondOffset, second)
      if !ByteScanner.isEmpty(mask) {
        var lanes = ByteScanner.keep(ByteScanner.bits(mask), through: lastStart &- position)
        if decided { return lanes != 0 }
        while lanes != 0 {
          if confirmed(row, position &+ lanes.trailingZeroBitCount) { return true }
          lanes &= lanes &- 1
        }
      }
      position &+= 32
    }
    return false
  }

  /// Whether a candidate whose two compared bytes match is the whole needle, at a word start if asked.
  @inline(__always)
  private func confirmed(_ row: UnsafeRowSlice, _ candidate: Int) -> Bool {
    if verified {
    } else if length <= 8, candidate <= row.limit &- 8 {
      if (ByteScanner.load64(row.base + candidate) ^ needleWord) & wordMask != 0 { return false }
    } else if !ByteScanner.equal(row.base + candidate, needle, length) {
      return false
    }
    return !wordStart || ByteScanner.isWordStart(row.base, rowStart: row.start, candidate)
  }

  /// `matches` from `position` on, byte by byte, where 32-byte loads would pass the arena's end.
  @inline(never)
  private func matchesNearLimit(_ row: UnsafeRowSlice, from start: Int) -> Bool {
    var position = start
    while position <= row.end &- length {
      if row.base[position &+ firstOffset] == firstByte, row.base[position &+ secondOffset] == secondByte,
        confirmed(row, position)
      {
        return true
      }
      position &+= 1
    }
    return false
  }
}
