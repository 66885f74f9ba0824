/// The letters that start a word in an ASCII row, found 16 bytes at a time.
///
/// A byte-by-byte loop pays a dozen instructions per byte to learn of the three or four word
/// starts of a typical row; here two loads and a few comparisons per 16 bytes give the word
/// starts as bits, and only those bits cost a step each.
struct InitialScan {
  /// Bytes readable past a row's end that `letters` may load.
  static let readsPast = 15
  // `a-z` and `0-9` as ranges of signed bytes from -128 (SSE2 compares bytes signed only), held
  // by the value so that the loop reads them from registers.
  private let letterBase = SIMD16<UInt8>(repeating: 0x61 &+ 0x80)
  private let letterEnd = SIMD16<Int8>(repeating: -128 + 26)
  private let digitBase = SIMD16<UInt8>(repeating: 0x30 &+ 0x80)
  private let digitEnd = SIMD16<Int8>(repeating: -128 + 10)

  /// The letters (bit 0 for `a` to bit 25 for `z`) that start a word in the ASCII row at
  /// `start..<end` of `base`: a letter first in the row or after a byte that is not a letter or
  /// digit, as `ByteScanner.isWordStart` decides for ASCII.
  ///
  /// Reach: `base[start]`, then 16-byte loads from `q - 1` and `q` for `start < q < end`, the last
  /// through `end + readsPast - 1`; the caller's arena is readable that far (its padding).
  @inline(__always)
  func letters(_ base: UnsafePointer<UInt8>, start: Int, end: Int) -> UInt32 {
    guard start < end else { return 0 }
    let head = base[start] &- 0x61
    // The first byte starts a word when it is a letter (a shift of 31 or more is masked off).
    var letters: UInt32 = head < 26 ? 1 &<< UInt32(head) : 0
    var position = start &+ 1
    while position < end {
      let current = load(base + position)
      let previous = load(base + (position &- 1))
      var bits = LaneBits.bits(isLetter(current) .& .!isWordByte(previous))
      let remaining = end &- position
      if remaining < 16 { bits &= (UInt64(1) &<< UInt64(remaining)) &- 1 }
      while bits != 0 {
        let lane = bits.trailingZeroBitCount
        letters |= 1 &<< UInt32(truncatingIfNeeded: base[position &+ lane] &- 0x61)
        bits &= bits &- 1
      }
      position &+= 16
    }
    return letters
  }

  @inline(__always)
  private func load(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
  }

  /// The lanes holding `a-z`.
  @inline(__always)
  private func isLetter(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    unsafeBitCast(bytes &- letterBase, to: SIMD16<Int8>.self) .< letterEnd
  }

  /// The lanes holding `a-z` or `0-9`.
  @inline(__always)
  private func isWordByte(_ bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
    isLetter(bytes) .| (unsafeBitCast(bytes &- digitBase, to: SIMD16<Int8>.self) .< digitEnd)
  }
}
