import Tables

/// Finds the bytes that make a line need folding before the one-shot filter tests it: a byte
/// past ASCII, or a NUL or LF inside a row (shown as a control picture, so not its own byte).
enum UnsafeSpecialScan {
  /// The first position in `from..<end` holding a byte of 0x80 or more or `other`, or `end`;
  /// 32 bytes a step while they stay below `limit`.
  ///
  /// In 16-byte halves, as `ByteScanner.pairLanes` compares: a byte's high bit is its lane's
  /// mask bit as it stands (`LaneBits`), so bytes past ASCII cost no comparison.
  @inline(__always)
  static func next(_ base: UnsafePointer<UInt8>, from: Int, end: Int, limit: Int, other: UInt8) -> Int {
    var position = from
    let wanted = SIMD16<UInt8>(repeating: other)
    while position < end, position &+ 32 <= limit {
      let low = ByteScanner.load16(base + position)
      let high = ByteScanner.load16(base + (position &+ 16))
      let found =
        LaneBits.bits(unsafeBitCast(low, to: SIMDMask<SIMD16<Int8>>.self)) | LaneBits.bits(low .== wanted)
        | (LaneBits.bits(unsafeBitCast(high, to: SIMDMask<SIMD16<Int8>>.self))
          | LaneBits.bits(high .== wanted))
        &<< 16
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

  /// Writes `count` bytes from `source` to `target` with ASCII capitals lowercased, each as
  /// `ByteCodes.lowercased` has it (an ASCII text's fold form): 16 bytes a step.
  ///
  /// `A-Z` is found as `WordLanes` finds letters, a signed comparison from -128 (SSE2 compares
  /// bytes signed only); a call per byte across modules to `ByteCodes` was 40% of a run.
  @inline(__always)
  static func lowercase(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int)
  {
    let capitalBase = SIMD16<UInt8>(repeating: 0x41 &+ 0x80)
    let capitalEnd = SIMD16<Int8>(repeating: -128 + 26)
    let caseBit = SIMD16<UInt8>(repeating: 0x20)
    var index = 0
    while index &+ 16 <= count {
      let bytes = ByteScanner.load16(source + index)
      let capitals = unsafeBitCast(bytes &- capitalBase, to: SIMD16<Int8>.self) .< capitalEnd
      let lowered = bytes | (unsafeBitCast(capitals, to: SIMD16<UInt8>.self) & caseBit)
      UnsafeMutableRawPointer(target + index).storeBytes(of: lowered, as: SIMD16<UInt8>.self)
      index &+= 16
    }
    while index < count {
      target[index] = ByteCodes.lowercased(source[index])
      index &+= 1
    }
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
