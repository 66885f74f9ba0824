#if arch(x86_64)
  // SSE2's `pmovmskb`, which Swift's SIMD types do not expose: the one import beside Foundation,
  // the compiler's own header, for one instruction where the portable code below takes a dozen.
  import _Builtin_intrinsics.intel
#endif

/// The lanes of a 16-byte comparison as the bits of an integer, lane 0 lowest.
enum LaneBits {
  /// One bit per lane (0xFF or 0), in the low 16 bits.
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    #if arch(x86_64)
      let word = _mm_movemask_epi8(unsafeBitCast(mask, to: __m128i.self))
      return UInt64(truncatingIfNeeded: UInt32(bitPattern: word))
    #else
      // Each 8-lane word's high bits gathered into its top byte by one multiply (the lanes are
      // 0x00 or 0xFF, so no partial products collide).
      let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
      let high: UInt64 = 0x8080_8080_8080_8080
      let gather: UInt64 = 0x0002_0408_1020_4081
      return ((words[0] & high) &* gather) &>> 56 | (((words[1] & high) &* gather) &>> 56) &<< 8
    #endif
  }
}
