/// The byte scans behind `ByteStream`'s fast paths: line stops and UTF-8 characters, a word at a time.
extension ByteStream {
  /// The first position in `from..<to` holding LF, CR or NUL, or `to`.
  ///
  /// Eight bytes at a time: each word's stop bytes are found exactly (no borrow between bytes),
  /// and the first one's position is its trailing zero count, so a short line costs a few words
  /// and no byte loop.
  @inline(__always)
  static func lineStop(_ base: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> Int {
    var index = from
    let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
    while index &+ 8 <= to {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let stops = zeroBytes(word) | zeroBytes(word ^ lineFeeds) | zeroBytes(word ^ carriageReturns)
      if stops != 0 { return index &+ stops.trailingZeroBitCount >> 3 }
      index &+= 8
    }
    while index < to {
      let byte = base[index]
      if byte == 0x0A || byte == 0x0D || byte == 0 { return index }
      index &+= 1
    }
    return to
  }

  /// The high bit of each byte of `x` that is zero, exactly (no borrow between bytes).
  @inline(__always)
  static func zeroBytes(_ x: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((x & low7) &+ low7) | x | low7)
  }

  /// Number of characters (bytes other than UTF-8 continuation bytes) in `count` bytes.
  static func characters(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
    count &- continuationBytes(bytes, count: count)
  }

  /// Number of UTF-8 continuation bytes (10xxxxxx) in `count` bytes, eight at a time.
  @inline(__always)
  static func continuationBytes(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    var total = 0
    var index = 0
    while index &+ 8 <= count {
      let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
      // High bit set and the bit below it clear.
      total &+= (word & ~(word << 1) & high).nonzeroBitCount
      index &+= 8
    }
    while index < count {
      total &+= bytes[index] & 0xC0 == 0x80 ? 1 : 0
      index &+= 1
    }
    return total
  }
}
