/// Finds the bytes that make a line need folding before the one-shot filter tests it: a byte
/// past ASCII, or a NUL or LF inside a row (shown as a control picture, so not its own byte).
enum UnsafeSpecialScan {
  /// The first position in `from..<end` holding a byte of 0x80 or more or `other`, or `end`;
  /// 32 bytes a step while they stay below `limit`.
  @inline(__always)
  static func next(_ base: UnsafePointer<UInt8>, from: Int, end: Int, limit: Int, other: UInt8) -> Int {
    var position = from
    let wanted = SIMD32<UInt8>(repeating: other)
    let high = SIMD32<UInt8>(repeating: 0x80)
    let zero = SIMD32<UInt8>(repeating: 0)
    while position < end, position &+ 32 <= limit {
      let bytes = ByteScanner.load(base + position)
      let found = ByteScanner.bits(((bytes & high) .!= zero) .| (bytes .== wanted))
      if found != 0 { return min(position &+ found.trailingZeroBitCount, end) }
      position &+= 32
    }
    while position < end {
      let byte = base[position]
      if byte >= 0x80 || byte == other { return position }
      position &+= 1
    }
    return end
  }

  /// The last position before `end`, and not before `floor`, holding `byte`, or nil.
  ///
  /// glibc's `memrchr` is not in Swift's Glibc module. Rows are short: the walk back is too.
  @inline(__always)
  static func last(_ byte: UInt8, in base: UnsafePointer<UInt8>, from floor: Int, before end: Int) -> Int? {
    var position = end
    while position > floor {
      position &-= 1
      if base[position] == byte { return position }
    }
    return nil
  }
}
