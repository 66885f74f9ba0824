/// The byte-level matching kernels: a SIMD scan over a whole arena and per-row checks.
///
/// The scan tests the needle's two rarest bytes at 32 candidate positions per step
/// (`SIMD32<UInt8>`, unaligned loads), verifies the few candidates byte by byte, maps each hit to
/// its row by walking the row offsets, and skips to the next row after a hit. Arenas are padded
/// or bounded by `limit`, and positions too close to it fall back to scalar code.
enum ByteScanner {
  /// 32 bytes from any address.
  @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD32<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD32<UInt8>.self)
  }

  /// Whether any lane of two comparisons is set in both.
  ///
  /// `.==` compiles to vector compares; the mask is reinterpreted as four words and ORed, which
  /// compiles to a vector OR and a mask test (the standard library's `any` is a generic call
  /// that is not inlined). The matching lanes are then found by re-checking bytes, because
  /// turning a `SIMDMask` into an integer compiles to a per-lane loop through memory.
  @inline(__always)
  static func anyBoth(_ a: SIMD32<UInt8>, _ first: SIMD32<UInt8>, _ b: SIMD32<UInt8>, _ second: SIMD32<UInt8>)
    -> Bool
  {
    let words = unsafeBitCast((a .== first) .& (b .== second), to: SIMD4<UInt64>.self)
    return (words[0] | words[1]) | (words[2] | words[3]) != 0
  }

  /// The high bit of each byte of `x` that is zero (exact: no borrow between bytes).
  @inline(__always)
  static func zeroBytes(_ x: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((x & low7) &+ low7) | x | low7)
  }

  /// 8 bytes from any address, as one word.
  @inline(__always)
  static func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
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

  /// Calls `hit(row)`, in ascending order, for each row of `rows` whose text contains `needle`
  /// (at a word start when `wordStart`).
  ///
  /// Always inlined, so `hit` is inlined into the loop too.
  @inline(__always)
  static func scan(
    _ view: ArenaView, rows: Range<Int>, needle: ByteNeedle, wordStart: Bool, hit: (Int) -> Void
  ) {
    let length = needle.count
    guard length > 0, !rows.isEmpty else { return }
    let chunkStart = view.start(rows.lowerBound)
    let chunkEnd = view.end(rows.upperBound - 1)
    guard chunkEnd - chunkStart >= length else { return }
    let lastStart = chunkEnd - length
    let base = view.base
    let firstIndex = needle.firstIndex
    let secondIndex = needle.secondIndex
    let firstByte = needle.bytes[firstIndex]
    let secondByte = needle.bytes[secondIndex]
    let first = SIMD32<UInt8>(repeating: firstByte)
    let second = SIMD32<UInt8>(repeating: secondByte)
    let simdLast = view.limit - max(firstIndex, secondIndex) - 32
    // One- and two-byte needles are fully checked by the SIMD comparison.
    let verified = length <= 2 && firstIndex != secondIndex || length == 1
    needle.bytes.withUnsafeBufferPointer { needleBuffer in
      guard let needleBase = needleBuffer.baseAddress else { return }
      var row = rows.lowerBound
      var position = chunkStart
      let firstWord = UInt64(firstByte) &* 0x0101_0101_0101_0101
      let secondWord = UInt64(secondByte) &* 0x0101_0101_0101_0101
      /// Verifies a candidate; on a hit reports the row and returns where the next row starts.
      @inline(__always) func check(_ candidate: Int) -> Int? {
        while candidate >= view.end(row) { row &+= 1 }
        let rowStart = view.start(row)
        let rowEnd = view.end(row)
        if candidate < rowStart || candidate &+ length > rowEnd { return nil }
        if !verified, !equal(base + candidate, needleBase, length) { return nil }
        if wordStart, !isWordStart(base, rowStart: rowStart, candidate) { return nil }
        hit(row)
        return rowEnd
      }
      while position <= lastStart {
        if position <= simdLast,
          !anyBoth(load(base + position + firstIndex), first, load(base + position + secondIndex), second)
        {
          position &+= 32
          continue
        }
        var next = position &+ 32
        if position <= simdLast {
          // Find the lanes 8 at a time with SWAR: a zero byte of (bytes ^ repeated) is a match.
          lanes: for word in 0..<4 {
            let offset = position &+ word &* 8
            var bits =
              zeroBytes(load64(base + offset + firstIndex) ^ firstWord)
              & zeroBytes(load64(base + offset + secondIndex) ^ secondWord)
            while bits != 0 {
              let candidate = offset &+ bits.trailingZeroBitCount &>> 3
              bits &= bits &- 1
              if candidate > lastStart { break lanes }
              if let rowEnd = check(candidate) {
                next = rowEnd
                break lanes
              }
            }
          }
        } else {
          var candidate = position
          let lastLane = min(position &+ 31, lastStart)
          while candidate <= lastLane {
            if base[candidate &+ firstIndex] == firstByte, base[candidate &+ secondIndex] == secondByte,
              let rowEnd = check(candidate)
            {
              next = rowEnd
              break
            }
            candidate &+= 1
          }
        }
        position = next
      }
    }
  }

  /// The first position at or after `from` where `needle` occurs inside `row`, or -1.
  @inline(__always)
  static func find(_ row: RowSlice, _ needle: UnsafePointer<UInt8>, _ length: Int, from: Int) -> Int {
    let lastStart = row.end - length
    if from > lastStart { return -1 }
    let base = row.base
    let firstByte = needle[0]
    let lastByte = needle[length - 1]
    var position = from
    if length <= 32 {
      let first = SIMD32<UInt8>(repeating: firstByte)
      let last = SIMD32<UInt8>(repeating: lastByte)
      let simdLast = row.limit - length + 1 - 32
      let firstWord = UInt64(firstByte) &* 0x0101_0101_0101_0101
      let lastWord = UInt64(lastByte) &* 0x0101_0101_0101_0101
      while position <= lastStart, position <= simdLast {
        if anyBoth(load(base + position), first, load(base + position + length - 1), last) {
          for word in 0..<4 {
            let offset = position &+ word &* 8
            var bits =
              zeroBytes(load64(base + offset) ^ firstWord)
              & zeroBytes(load64(base + offset + length - 1) ^ lastWord)
            while bits != 0 {
              let candidate = offset &+ bits.trailingZeroBitCount &>> 3
              bits &= bits &- 1
              if candidate > lastStart { return -1 }
              if equal(base + candidate, needle, length) { return candidate }
            }
          }
        }
        position &+= 32
      }
    }
    while position <= lastStart {
      if base[position] == firstByte, equal(base + position, needle, length) { return position }
      position &+= 1
    }
    return -1
  }

  /// Whether a row matches a needle of `kind` with the given anchors.
  @inline(__always)
  static func matches(
    _ row: RowSlice, _ needle: UnsafePointer<UInt8>, _ length: Int, wordStart: Bool,
    anchoredStart: Bool, anchoredEnd: Bool
  ) -> Bool {
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
    var position = find(row, needle, length, from: row.start)
    if !wordStart { return position >= 0 }
    while position >= 0 {
      if isWordStart(row.base, rowStart: row.start, position) { return true }
      position = find(row, needle, length, from: position + 1)
    }
    return false
  }

  /// Whether the needle's scalars occur in the row in order (a subsequence, scalar by scalar).
  @inline(__always)
  static func isSubsequence(
    _ row: RowSlice, _ needle: UnsafePointer<UInt8>, scalarStarts: UnsafePointer<Int>, scalarCount: Int
  ) -> Bool {
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
