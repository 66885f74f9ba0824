/// Which of 16 bytes are ASCII lowercase letters, or letters and digits (the bytes of a word in
/// an ASCII fold form), in a few SSE2 instructions.
///
/// `a-z` and `0-9` are compared as ranges of signed bytes from -128: SSE2 compares bytes signed
/// only, and an unsigned comparison takes several instructions to emulate. The constants are held
/// by the value, so a kernel that keeps one reads them from registers.
struct WordLanes {
  private let letterBase = SIMD16<UInt8>(repeating: 0x61 &+ 0x80)
  private let letterEnd = SIMD16<Int8>(repeating: -128 + 26)
  private let digitBase = SIMD16<UInt8>(repeating: 0x30 &+ 0x80)
  private let digitEnd = SIMD16<Int8>(repeating: -128 + 10)

  /// The lanes holding `a-z`.
  @inline(__always)
  func letters(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    unsafeBitCast(bytes &- letterBase, to: SIMD16<Int8>.self) .< letterEnd
  }

  /// The lanes holding `a-z` or `0-9`.
  @inline(__always)
  func wordBytes(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    letters(bytes) .| (unsafeBitCast(bytes &- digitBase, to: SIMD16<Int8>.self) .< digitEnd)
  }
}
