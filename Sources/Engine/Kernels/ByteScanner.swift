/// The byte-level matching kernels: a SIMD scan over a whole arena and per-row checks.
///
/// The scan tests the needle's two (or three) rarest bytes at 64 candidate positions per step
/// (four `SIMD16<UInt8>` comparisons per byte, unaligned loads), verifies the few candidates byte
/// by byte, maps each hit to its row by walking the row offsets, and skips to the next row after a
/// hit. Arenas are padded or bounded by `limit`, and positions too close to it fall back to scalar
/// code.
enum ByteScanner {
  /// 32 bytes from any address.
  @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD32<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD32<UInt8>.self)
  }

  /// 16 bytes from any address.
  @inline(__always)
  static func load16(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
  }

  /// The lanes of a byte comparison as the bits of an integer, lane 0 lowest (each half by
  /// `LaneBits`).
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD32<Int8>>) -> UInt32 {
    let halves = unsafeBitCast(mask, to: (SIMDMask<SIMD16<Int8>>, SIMDMask<SIMD16<Int8>>).self)
    return UInt32(truncatingIfNeeded: LaneBits.bits(halves.0) | LaneBits.bits(halves.1) &<< 16)
  }

  /// Where 32 positions from `position` have `first` at `firstOffset` and `second` at
  /// `secondOffset`, as two 16-lane masks.
  ///
  /// Kept as 16-lane halves, the masks stay in registers from a loop's emptiness test to `bits`;
  /// a 32-lane mask kept across that test was copied to memory and read back a lane at a time.
  @inline(__always)
  static func pairLanes(
    _ base: UnsafePointer<UInt8>, _ position: Int, _ firstOffset: Int, _ first: SIMD16<UInt8>,
    _ secondOffset: Int, _ second: SIMD16<UInt8>
  ) -> (low: SIMDMask<SIMD16<Int8>>, high: SIMDMask<SIMD16<Int8>>) {
    let at = base + position
    let low = (load16(at + firstOffset) .== first) .& (load16(at + secondOffset) .== second)
    let high = (load16(at + 16 + firstOffset) .== first) .& (load16(at + 16 + secondOffset) .== second)
    return (low, high)
  }

  /// Whether neither half of a 32-lane mask (`pairLanes`) has a lane set.
  @inline(__always)
  static func isEmpty(_ lanes: (low: SIMDMask<SIMD16<Int8>>, high: SIMDMask<SIMD16<Int8>>)) -> Bool {
    let words = unsafeBitCast(lanes.low .| lanes.high, to: SIMD2<UInt64>.self)
    return words[0] | words[1] == 0
  }

  /// The lanes of a 32-lane mask in halves (`pairLanes`) as the bits of an integer, lane 0 lowest.
  @inline(__always)
  static func bits(_ lanes: (low: SIMDMask<SIMD16<Int8>>, high: SIMDMask<SIMD16<Int8>>)) -> UInt32 {
    UInt32(truncatingIfNeeded: LaneBits.bits(lanes.low) | LaneBits.bits(lanes.high) &<< 16)
  }

  /// `mask` without the bits above `span` (all of it from a span of 31 on).
  @inline(__always)
  static func keep(_ mask: UInt32, through span: Int) -> UInt32 {
    span >= 31 ? mask : mask & ((UInt32(2) &<< UInt32(truncatingIfNeeded: span)) &- 1)
  }

  /// `mask` without the bits above `span` (all of it from a span of 63 on).
  @inline(__always)
  static func keep(_ mask: UInt64, through span: Int) -> UInt64 {
    span >= 63 ? mask : mask & ((UInt64(2) &<< UInt64(truncatingIfNeeded: span)) &- 1)
  }

  /// 8 bytes from any address, as one word.
  @inline(__always)
  static func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  /// A needle's first bytes (up to 8) as one word, lowest first, and the mask of the bytes it
  /// holds: a loaded word, masked, equals it exactly where the needle (or its first 8 bytes)
  /// starts.
  @inline(__always)
  static func leadingWord(_ needle: UnsafePointer<UInt8>, count: Int) -> (word: UInt64, mask: UInt64) {
    var word: UInt64 = 0
    for index in 0..<min(count, 8) { word |= UInt64(needle[index]) &<< UInt64(index &* 8) }
    return (word, count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1)
  }

  /// Whether `count` bytes at `a` and `b` are equal.
  @inline(__always)
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index < count {
      if a[index] != b[index] { return false }
      index &+= 1
    }
    return true
  }

  /// Whether an ASCII byte is a letter or digit (two 64-bit masks, no table lookup).
  @inline(__always)
  static func isASCIIWord(_ byte: UInt8) -> Bool {
    let low: UInt64 = 0x03FF_0000_0000_0000  // '0'...'9'
    let high: UInt64 = 0x07FF_FFFE_07FF_FFFE  // 'A'...'Z', 'a'...'z'
    return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte - 64)) & 1 != 0
  }

  /// Whether `position` starts a word: the row's start, or after a scalar that is not a letter or digit.
  @inline(__always)
  static func isWordStart(_ base: UnsafePointer<UInt8>, rowStart: Int, _ position: Int) -> Bool {
    if position <= rowStart { return true }
    let previous = base[position - 1]
    if previous < 0x80 { return !isASCIIWord(previous) }
    var lead = position - 1
    while lead > rowStart, base[lead] & 0xC0 == 0x80 { lead -= 1 }
    return !TextFolding.isWordScalar(decode(base, lead, position))
  }

  /// Decodes the scalar in `start..<end` (invalid sequences give U+FFFD, as `String(decoding:)` would).
  static func decode(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
    var iterator = UnsafeBufferPointer(start: base + start, count: end - start).makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar.value }
    return 0xFFFD
  }

  /// The first position at or after `from` where `needle` occurs inside `row`, or -1.
  ///
  /// Tests the needle's bytes at `keys` (its two rarest, or any two positions) for 32 start
  /// positions per step and verifies only the positions where both agree: a row of typical
  /// length is one step.
  @inline(__always)
  static func find(
    _ row: UnsafeRowSlice, _ needle: UnsafePointer<UInt8>, _ length: Int, keys: NeedleKeys, from: Int
  ) -> Int {
    let lastStart = row.end - length
    if from > lastStart { return -1 }
    let base = row.base
    let firstOffset = keys.first
    let secondOffset = keys.second
    let firstByte = needle[firstOffset]
    let secondByte = needle[secondOffset]
    // Up to two bytes at distinct keys are fully tested by the comparison itself.
    let verified = length == 1 || (length == 2 && firstOffset != secondOffset)
    var position = from
    let simdLast = row.limit - max(firstOffset, secondOffset) - 32
    // Reach: a step at `position <= simdLast` loads through `position + 16 + maxOffset + 15 =
    // limit - 1` at most; the scalar tail reads below `row.end`.
    assert(
      row.start >= 0 && row.end <= row.limit, "row \(row.start)..<\(row.end) past its arena's \(row.limit)")
    if position <= simdLast {
      let first = SIMD16<UInt8>(repeating: firstByte)
      let second = SIMD16<UInt8>(repeating: secondByte)
      while position <= lastStart, position <= simdLast {
        let mask = pairLanes(base, position, firstOffset, first, secondOffset, second)
        if isEmpty(mask) {
          position &+= 32
          continue
        }
        var lanes = keep(bits(mask), through: lastStart &- position)
        while lanes != 0 {
          let candidate = position &+ lanes.trailingZeroBitCount
          if verified || equal(base + candidate, needle, length) { return candidate }
          lanes &= lanes &- 1
        }
        position &+= 32
      }
    }
    while position <= lastStart {
      if base[position &+ firstOffset] == firstByte, equal(base + position, needle, length) {
        return position
      }
      position &+= 1
    }
    return -1
  }

  /// Whether a row matches a needle of `kind` with the given anchors.
  @inline(__always)
  static func matches(
    _ row: UnsafeRowSlice, _ needle: UnsafePointer<UInt8>, _ length: Int, keys: NeedleKeys, wordStart: Bool,
    anchoredStart: Bool, anchoredEnd: Bool
  ) -> Bool {
    assert(
      row.start >= 0 && row.start <= row.end && row.end <= row.limit,
      "row \(row.start)..<\(row.end) past its arena's \(row.limit)")
    if length == 0 { return true }
    if row.count < length { return false }
    if anchoredStart && anchoredEnd {
      return row.count == length && equal(row.base + row.start, needle, length)
    }
    if anchoredStart { return equal(row.base + row.start, needle, length) }
    if anchoredEnd {
      let position = row.end - length
      return equal(row.base + position, needle, length)
        && (!wordStart || isWordStart(row.base, rowStart: row.start, position))
    }
    var position = find(row, needle, length, keys: keys, from: row.start)
    if !wordStart { return position >= 0 }
    while position >= 0 {
      if isWordStart(row.base, rowStart: row.start, position) { return true }
      position = find(row, needle, length, keys: keys, from: position + 1)
    }
    return false
  }

  /// Whether the needle's scalars occur in the row in order (a subsequence, scalar by scalar).
  @inline(__always)
  static func isSubsequence(
    _ row: UnsafeRowSlice, _ needle: UnsafePointer<UInt8>, scalarStarts: UnsafePointer<Int>, scalarCount: Int
  ) -> Bool {
    assert(
      row.start >= 0 && row.start <= row.end && row.end <= row.limit,
      "row \(row.start)..<\(row.end) past its arena's \(row.limit)")
    let base = row.base
    var position = row.start
    var scalar = 0
    while scalar < scalarCount {
      let start = scalarStarts[scalar]
      let width = scalarStarts[scalar + 1] - start
      let lead = needle[start]
      while true {
        if position + width > row.end { return false }
        if base[position] == lead, width == 1 || equal(base + position + 1, needle + start + 1, width - 1) {
          break
        }
        position &+= 1
      }
      position &+= width
      scalar &+= 1
    }
    return true
  }
}
