/// A pass over a run of rows, 64 bytes at a step, that finds the rows holding a needle of one to
/// three bytes with no branch per row or per hit.
///
/// A needle that matches many rows costs the scan a row lookup and a mispredicted branch per hit,
/// and the probe some sixty instructions per row. The sweep compares 64 positions at once and
/// keeps one bit per byte of the rows, set where a hit ends; then each row takes the bits of the
/// positions where a hit of its own can end (from its start plus the needle's length less one,
/// through its last byte), at most 64 of them, with one funnel shift of two words.
struct RowSweep<Shape: ProbeShape> {
  private let first: SIMD16<UInt8>
  private let second: SIMD16<UInt8>
  private let third: SIMD16<UInt8>

  /// How many rows the engine sweeps at a time: their hit bits then stay in cache (4,096 rows of
  /// short text, about 100 KB, take 13 KB of bits).
  static var blockRows: Int { 4096 }

  /// A sweep for `needle`, of `Shape`'s length (a substring, not a word start).
  init(needle: [UInt8]) {
    precondition(needle.count == Shape.byteCount && !Shape.wordStart, "a substring of the sweep's length")
    first = SIMD16(repeating: needle[0])
    second = SIMD16(repeating: needle[min(1, needle.count - 1)])
    third = SIMD16(repeating: needle[needle.count - 1])
  }

  /// How many words of scratch `sweep` needs for `byteCount` bytes of rows.
  static func hitWords(byteCount: Int) -> Int { (byteCount &+ 63) &>> 6 &+ 1 }

  /// Writes to `output`, in order, the rows of `rows` whose text in `view` holds the needle, and
  /// returns how many.
  ///
  /// `view` has one offset per row, and readable bytes from `Shape.byteCount - 1` before the
  /// first row's start to 64 after the last row's end; `hits` has room for `hitWords` words.
  func sweep(
    _ view: ArenaView, rows: Range<Int>, hits: UnsafeMutablePointer<UInt64>,
    into output: UnsafeMutablePointer<Int32>
  ) -> Int {
    let offsets = view.offsets
    let origin = Int(offsets[rows.lowerBound])
    let byteCount = Int(offsets[rows.upperBound]) &- origin
    let words = Self.hitWords(byteCount: byteCount) &- 1
    let back = Shape.byteCount &- 1
    var at = view.base + origin
    for word in 0..<words {
      var bits: UInt64 = 0
      for group in 0..<4 {
        let end = at + group &* 16
        var lanes = Self.load(end - back) .== first
        if Shape.byteCount >= 2 { lanes = lanes .& (Self.load(end - back + 1) .== second) }
        if Shape.byteCount >= 3 { lanes = lanes .& (Self.load(end) .== third) }
        bits |= LaneBits.bits(lanes) &<< UInt64(group &* 16)
      }
      hits[word] = bits
      at += 64
    }
    hits[words] = 0

    var count = 0
    var start = origin
    for row in rows {
      let end = Int(offsets[row &+ 1])
      // Where the row's own hits can end, relative to `origin`, and how many such places.
      let first = start &- origin &+ back
      let places = end &- start &- back
      var found: UInt64
      if places <= 64 {
        let word = first &>> 6
        let shift = UInt64(truncatingIfNeeded: first & 63)
        // Two shifts for the high word, so that a shift of 0 moves none of it in.
        let window = hits[word] &>> shift | (hits[word &+ 1] &<< 1) &<< (63 &- shift)
        // The row's places are the window's low bits: shifted out above, the rest are gone.
        let kept = window &<< UInt64(truncatingIfNeeded: 64 &- places)
        found = places > 0 ? kept : 0
      } else {
        found = Self.any(hits, from: first, count: places)
      }
      output[count] = Int32(truncatingIfNeeded: row)
      // 1 when any bit is set, without a branch (`found != 0 ? 1 : 0` compiles to one).
      count &+= Int(truncatingIfNeeded: (found | (0 &- found)) &>> 63)
      start = end
    }
    return count
  }

  /// Whether any of `count` bits from bit `first` is set (a row of over 64 places).
  private static func any(_ hits: UnsafeMutablePointer<UInt64>, from first: Int, count: Int) -> UInt64 {
    var found: UInt64 = 0
    var position = first
    let end = first &+ count
    while position < end {
      let shift = UInt64(truncatingIfNeeded: position & 63)
      let taken = min(64 &- Int(shift), end &- position)
      found |= (hits[position &>> 6] &>> shift) & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- taken))
      position &+= taken
    }
    return found
  }

  @inline(__always)
  private static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
  }
}
