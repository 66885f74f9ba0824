import CPrefetch

/// A pass over a run of rows, 64 bytes at a step, that finds the rows holding a needle of one to
/// four bytes (anywhere, or up to three at a word start) with no branch per row or per hit.
///
/// A needle that matches many rows costs the scan a row lookup and a mispredicted branch per hit,
/// and the probe a vector test per row. The sweep compares 64 positions at once and
/// keeps one bit per byte of the rows, set where a hit ends; then each row takes the bits of the
/// positions where a hit of its own can end (from its start plus the needle's length less one,
/// through its last byte), up to 57 of them with one unaligned load of the bits and a shift.
struct RowSweep<Shape: ProbeShape> {
  private let first: SIMD16<UInt8>
  private let second: SIMD16<UInt8>
  private let third: SIMD16<UInt8>
  private let fourth: SIMD16<UInt8>
  /// The needle as the low bytes of a word, and the mask of those bytes (a word start's test of
  /// a row's first bytes, which the bits cannot tell: the byte before them is another row's).
  let needleWord: UInt64
  let needleMask: UInt64
  /// The byte classes a word start's test reads.
  private let wordLanes = WordLanes()

  /// How many bytes before a run's first row the sweep reads.
  static var readsBefore: Int { Shape.wordStart ? Shape.byteCount : Shape.byteCount - 1 }

  /// A sweep for `needle`, of `Shape`'s length (at a word start, on ASCII rows: every byte
  /// outside `a-z0-9` ends a word, as in the `fold` form of an ASCII row).
  init(needle: [UInt8]) {
    precondition(needle.count == Shape.byteCount, "a needle of the sweep's length")
    first = SIMD16(repeating: needle[0])
    second = SIMD16(repeating: needle[min(1, needle.count - 1)])
    third = SIMD16(repeating: needle[min(2, needle.count - 1)])
    fourth = SIMD16(repeating: needle[needle.count - 1])
    (needleWord, needleMask) = needle.withUnsafeBufferPointer { bytes in
      // Non-nil: the precondition above makes the needle non-empty, and a non-empty array's
      // buffer has an address.
      ByteScanner.leadingWord(bytes.baseAddress.unsafelyUnwrapped, count: bytes.count)
    }
  }

  /// How many words of scratch `sweep` needs for `byteCount` bytes of rows: `marked` words of
  /// bits and two zero words after them.
  ///
  /// `holds` reads words `first >> 6` and the next, where `first` (a row's first place) is at most
  /// `byteCount + 3` (an empty last row, a four-byte needle); `(byteCount + 3) >> 6` is at most
  /// `marked(byteCount)`, so the furthest word read is `marked + 1`: a block of empty rows marks
  /// no word and still reads two.
  static func hitWords(byteCount: Int) -> Int { marked(byteCount: byteCount) &+ 2 }

  /// How many words `mark` sets for `byteCount` bytes of rows: one per 64 bytes begun.
  @inline(__always)
  static func marked(byteCount: Int) -> Int { (byteCount &+ 63) &>> 6 }

  /// Writes to `output`, in order, the rows of `rows` whose text in `view` holds the needle, and
  /// returns how many.
  ///
  /// The rows of `wide` (ascending, within `rows`) are answered by `recheck(row, found)` instead
  /// (`found`: the sweep's own answer): rows whose text in `view` is not the form compared, or
  /// not ASCII for a word start. `view` has readable bytes from `readsBefore` before the first
  /// row's start to 64 after the last row's end; `hits` has room for `hitWords` words of the
  /// bytes from the first row's start to the last row's end.
  func sweep(
    _ view: UnsafeArenaView, rows: Range<Int>, hits: UnsafeMutablePointer<UInt64>,
    into output: UnsafeMutablePointer<Int32>, wide: UnsafeBufferPointer<Int32> = .init(start: nil, count: 0),
    recheck: (Int, Bool) -> Bool = { $1 }
  ) -> Int {
    let origin = mark(view, rows: rows, hits: hits)
    // Two copies of the row loop, so that the arena's own offsets (one per row) are read once each.
    return view.stride == 1
      ? rowsWithHits(view, rows, origin, hits, output, wide, recheck, contiguous: true)
      : rowsWithHits(view, rows, origin, hits, output, wide, recheck, contiguous: false)
  }

  /// Sets `hits`, one bit per byte of the rows, where a hit ends, and returns the first row's start.
  ///
  /// A word-start shape's bits hold only hits after a non-word byte; a row's first bytes are
  /// tested by `holds` itself. The same bounds as `sweep`.
  @inline(__always)
  func mark(_ view: UnsafeArenaView, rows: Range<Int>, hits: UnsafeMutablePointer<UInt64>) -> Int {
    let origin = view.start(rows.lowerBound)
    let byteCount = view.end(rows.upperBound &- 1) &- origin
    let words = Self.marked(byteCount: byteCount)
    let back = Shape.byteCount &- 1
    // Reach: from `origin - back - 1` (`readsBefore`; the word-start test's byte) to the last
    // group's 16 bytes at `origin + 64 * words - 1`, below `origin + byteCount + 63`.
    assert(
      origin >= Self.readsBefore, "the sweep reads \(Self.readsBefore) bytes before row \(rows.lowerBound)")
    assert(origin &+ 64 &* words <= view.limit, "the sweep reads past the arena's padding")
    var at = view.base + origin
    for word in 0..<words {
      var bits: UInt64 = 0
      for group in 0..<4 {
        let end = at + group &* 16
        var lanes = ByteScanner.load16(end - back) .== first
        if Shape.byteCount >= 2 { lanes = lanes .& (ByteScanner.load16(end - back + 1) .== second) }
        if Shape.byteCount >= 3 { lanes = lanes .& (ByteScanner.load16(end - back + 2) .== third) }
        if Shape.byteCount >= 4 { lanes = lanes .& (ByteScanner.load16(end) .== fourth) }
        // A word starts after a byte that is not a letter or digit (a row's first byte is
        // tested on its own, in `holds`).
        if Shape.wordStart { lanes = lanes .& .!wordLanes.wordBytes(ByteScanner.load16(end - back - 1)) }
        bits |= LaneBits.bits(lanes) &<< UInt64(group &* 16)
      }
      hits[word] = bits
      at += 64
    }
    hits[words] = 0
    hits[words &+ 1] = 0
    return origin
  }

  /// Nonzero when the row at `start..<end` of `base` holds the needle, from the bits `mark` set
  /// from `origin`: the bits of the places where a hit of the row's own can end, up to 57 of
  /// them taken with one load and a shift.
  @inline(__always)
  func holds(
    _ base: UnsafePointer<UInt8>, start: Int, end: Int, origin: Int, hits: UnsafeMutablePointer<UInt64>,
    hitWords: Int
  ) -> UInt64 {
    Self.holds(
      base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
      needleMask: needleMask,
      hitWords: hitWords)
  }

  /// `holds` for a needle given as the low bytes of `needleWord` (`needleMask` covering them),
  /// without a sweep's vectors at hand.
  @inline(__always)
  static func holds(
    _ base: UnsafePointer<UInt8>, start: Int, end: Int, origin: Int, hits: UnsafeMutablePointer<UInt64>,
    needleWord: UInt64, needleMask: UInt64, hitWords: Int
  ) -> UInt64 {
    let back = Shape.byteCount &- 1
    // Where the row's own hits can end, relative to `origin`, and how many such places.
    let first = start &- origin &+ back
    let places = end &- start &- back
    // Reach: words `first >> 6` and the next (see `hitWords`); a word start's 8 bytes from `start`.
    assert(start >= origin && (first &>> 6) &+ 1 < hitWords, "row \(start)..<\(end) reads past its hit bits")
    var found: UInt64
    if places <= 57 {
      #if _endian(little)
        // The 8 bytes of bits from the one holding `first`, shifted to it: 57 bits at least. A
        // funnel shift of two words took one more load and, as `shrd`, six micro-ops on Zen 2.
        let window =
          ByteScanner.load64(UnsafeRawPointer(hits).assumingMemoryBound(to: UInt8.self) + first &>> 3)
          &>> UInt64(truncatingIfNeeded: first & 7)
      #else
        let word = first &>> 6
        let shift = UInt64(truncatingIfNeeded: first & 63)
        // Two shifts for the high word, so that a shift of 0 moves none of it in.
        let window = hits[word] &>> shift | (hits[word &+ 1] &<< 1) &<< (63 &- shift)
      #endif
      // The row's places are the window's low bits: shifted out above, the rest are gone.
      let kept = window &<< UInt64(truncatingIfNeeded: 64 &- places)
      found = places > 0 ? kept : 0
    } else {
      found = Self.any(hits, from: first, count: places)
    }
    if Shape.wordStart {
      let head: UInt64 = (ByteScanner.load64(base + start) ^ needleWord) & needleMask == 0 ? 1 : 0
      // All ones when the row holds the needle's length (no `&&`, which branches).
      let fits = UInt64(bitPattern: Int64((0 &- places) &>> 63))
      found |= head & fits
    }
    return found
  }

  /// `sweep`'s pass over the rows, once the hit bits are set: runs of rows between the rows of
  /// `wide`, which are rechecked one by one (cheaper than testing every row against a bitmap).
  @inline(__always)
  private func rowsWithHits(
    _ view: UnsafeArenaView, _ rows: Range<Int>, _ origin: Int, _ hits: UnsafeMutablePointer<UInt64>,
    _ output: UnsafeMutablePointer<Int32>, _ wide: UnsafeBufferPointer<Int32>, _ recheck: (Int, Bool) -> Bool,
    contiguous: Bool
  ) -> Int {
    var count = 0
    var start = origin
    var row = rows.lowerBound
    // The scratch `sweep` was given (for the assertions in `holds` only).
    let hitWords = Self.hitWords(byteCount: view.end(rows.upperBound &- 1) &- origin)
    /// The sweep's answer for `row`, moving `start` to the next row's.
    @inline(__always) func found(_ row: Int) -> UInt64 {
      if !contiguous { start = view.start(row) }
      let end = contiguous ? Int(view.offsets[row &+ 1]) : view.end(row)
      searchshell_prefetch(view.base + (end &+ lead))
      let found = holds(view.base, start: start, end: end, origin: origin, hits: hits, hitWords: hitWords)
      start = end
      return found
    }
    // The next block's bytes are asked for while this one's rows are read, so the memory stays
    // busy between the passes that mark hits.
    let lead = view.end(rows.upperBound &- 1) &- origin
    var next = 0
    while true {
      let stop = next < wide.count ? Int(wide[next]) : rows.upperBound
      while row < stop {
        let hit = found(row)
        output[count] = Int32(truncatingIfNeeded: row)
        // 1 when any bit is set, without a branch (`found != 0 ? 1 : 0` compiles to one).
        count &+= Int(truncatingIfNeeded: (hit | (0 &- hit)) &>> 63)
        row &+= 1
      }
      guard row < rows.upperBound else { return count }
      let hit = found(row)
      output[count] = Int32(truncatingIfNeeded: row)
      if recheck(row, hit != 0) { count &+= 1 }
      row &+= 1
      next &+= 1
    }
  }

  /// Whether any of `count` bits from bit `first` is set (a row of over 57 places).
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
}
