/// The letters that start a word in an ASCII row, found 16 bytes at a time.
///
/// A byte-by-byte loop pays a dozen instructions per byte to learn of the three or four word
/// starts of a typical row; here two loads and a few comparisons per 16 bytes give the word
/// starts as bits, and only those bits cost a step each.
struct InitialScan {
  /// Bytes readable past a row's end that `letters` may load.
  static let readsPast = 15
  /// The byte classes, held by the value (their constants then stay in registers).
  private let lanes = WordLanes()

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
      let current = ByteScanner.load16(base + position)
      let previous = ByteScanner.load16(base + (position &- 1))
      var bits = LaneBits.bits(lanes.letters(current) .& .!lanes.wordBytes(previous))
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
}
