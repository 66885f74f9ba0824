import CPrefetch

/// Which rows of a run hold an ASCII pattern of two to four bytes as a subsequence, and an upper
/// bound of each one's fuzzy score, from bits marked 64 bytes at a step, with no branch per row.
///
/// The per-row kernel (`UnsafeFuzzyMaskScorer.ceiling`) loads each row and gathers one mask per pattern
/// byte; its branches on whether each step matched were coin tosses for the predictor on common
/// letters. The sweep marks every byte of a block once per pattern byte and once for the bytes
/// outside words; each row of at most 57 bytes takes its places' bits from each mask with one
/// unaligned load and a shift, and chains the steps (each keeps the positions after the previous
/// step's first) in registers. Its bound is the per-row kernel's: per step the highest bonus where
/// its byte may start a word, else the byte's `offStart`; in a run the best of the run's, after a
/// gap less the shortest gap's cost.
struct FuzzySweep<Shape: ProbeShape> {
  private let first: SIMD16<UInt8>
  private let second: SIMD16<UInt8>
  private let third: SIMD16<UInt8>
  private let fourth: SIMD16<UInt8>
  /// The bytes of a word in an ASCII fold form (after any other byte a word starts).
  private let wordLanes = WordLanes()
  /// The pattern's best score (`UnsafeFuzzyMaskScorer.bound`), which no ceiling passes.
  let bound: Int32
  /// What each of the four steps earns at most off a word start (`FuzzyBonus.offStart`).
  private let offStarts: (Int32, Int32, Int32, Int32)

  /// The longest row whose places one load of each mask covers.
  static var longestRow: Int { 57 }
  /// How many masks are marked: one per pattern byte, and the bytes outside words.
  static var maskCount: Int { Shape.byteCount &+ 1 }

  /// A sweep for `pattern` (ASCII, of `Shape`'s length) whose best score is `bound`.
  init(pattern: [UInt8], bound: Int32) {
    precondition(pattern.count == Shape.byteCount, "a pattern of the sweep's length")
    first = SIMD16(repeating: pattern[0])
    second = SIMD16(repeating: pattern[min(1, pattern.count - 1)])
    third = SIMD16(repeating: pattern[min(2, pattern.count - 1)])
    fourth = SIMD16(repeating: pattern[pattern.count - 1])
    self.bound = bound
    let most = (0..<4).map { FuzzyBonus.offStart(UInt32(pattern[min($0, pattern.count - 1)])) }
    offStarts = (most[0], most[1], most[2], most[3])
  }

  /// Words per mask for `byteCount` bytes of rows: one per 64 bytes begun, and a zero word after
  /// them (a row's load of 8 bytes from the byte holding its first place reaches into it).
  static func maskWords(byteCount: Int) -> Int { (byteCount &+ 63) &>> 6 &+ 1 }

  /// Sets the masks, `stride` words apart from `masks` (`maskWords` each), one bit per byte of
  /// the rows from `origin` (the first row's start) on, and returns `origin`.
  ///
  /// Reads from the first row's start to 64 bytes past the last row's end.
  @inline(__always)
  func mark(_ view: UnsafeArenaView, rows: Range<Int>, masks: UnsafeMutablePointer<UInt64>, stride: Int)
    -> Int
  {
    let origin = view.start(rows.lowerBound)
    let byteCount = view.end(rows.upperBound &- 1) &- origin
    let words = (byteCount &+ 63) &>> 6
    // Reach: the last group's 16 bytes end at `origin + 64 * words - 1`, below the last row's
    // end plus 63; the zero word after each mask is `words`, below `stride`.
    assert(origin &+ 64 &* words <= view.limit, "the fuzzy sweep reads past the arena's padding")
    assert(words < stride, "a mask of \(words) words and its zero word in \(stride)")
    var at = view.base + origin
    for word in 0..<words {
      var bits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
      for group in 0..<4 {
        let bytes = ByteScanner.load16(at + group &* 16)
        let shift = UInt64(truncatingIfNeeded: group &* 16)
        bits.0 |= LaneBits.bits(bytes .== first) &<< shift
        if Shape.byteCount >= 2 { bits.1 |= LaneBits.bits(bytes .== second) &<< shift }
        if Shape.byteCount >= 3 { bits.2 |= LaneBits.bits(bytes .== third) &<< shift }
        if Shape.byteCount >= 4 { bits.3 |= LaneBits.bits(bytes .== fourth) &<< shift }
        bits.4 |= LaneBits.bits(.!wordLanes.wordBytes(bytes)) &<< shift
      }
      masks[word] = bits.0
      if Shape.byteCount >= 2 { masks[stride &+ word] = bits.1 }
      if Shape.byteCount >= 3 { masks[2 &* stride &+ word] = bits.2 }
      if Shape.byteCount >= 4 { masks[3 &* stride &+ word] = bits.3 }
      masks[Shape.byteCount &* stride &+ word] = bits.4
      at += 64
    }
    for mask in 0..<Self.maskCount { masks[mask &* stride &+ words] = 0 }
    return origin
  }

  /// Writes, in order, the rows of `rows` that hold the pattern as a subsequence to `output` and
  /// their ceilings to `reaches` (at the same index), stopping before the first row longer than
  /// `longestRow`; returns how many were written and the row it stopped at.
  ///
  /// `masks` are `mark`'s from `origin`, for rows that include these. `lead` bytes past each row
  /// are prefetched: the next block's while this one is read.
  @inline(__always)
  func ceilings(
    _ view: UnsafeArenaView, rows: Range<Int>, origin: Int, masks: UnsafeMutablePointer<UInt64>, stride: Int,
    lead: Int, output: UnsafeMutablePointer<Int32>, reaches: UnsafeMutablePointer<Int32>
  ) -> (count: Int, stop: Int) {
    let bytes = UnsafeRawPointer(masks).assumingMemoryBound(to: UInt8.self)
    let maskBytes = stride &<< 3
    var count = 0
    var row = rows.lowerBound
    var start = view.start(row)
    while row < rows.upperBound {
      let end = view.end(row)
      let length = end &- start
      if length > Self.longestRow { break }
      searchshell_prefetch(view.base + (end &+ lead))
      let place = start &- origin
      // Reach: the 8 bytes from byte `place >> 3` of each mask end at byte `place >> 3 + 7`,
      // within its words and the zero one after them (`maskWords`).
      assert(place >= 0 && (place &>> 3) &+ 8 <= maskBytes, "row \(row)'s places past its masks")
      let at = bytes + (place &>> 3)
      let shift = UInt64(truncatingIfNeeded: place & 7)
      let valid = (1 &<< UInt64(truncatingIfNeeded: length)) &- 1
      @inline(__always) func window(_ mask: Int) -> UInt64 {
        (ByteScanner.load64(at + mask &* maskBytes) &>> shift) & valid
      }
      // A word starts at the row's first byte and after every byte outside a word.
      let starts = window(Shape.byteCount) &<< 1 | 1
      // Each step keeps its positions after the previous step's first (none when that had none),
      // and earns at most the highest bonus where it may start a word, else its byte's
      // `offStart`; in a run the best of the run's, after a gap its own less 3: as selects on
      // 0-or-1 flags, which the compiler made branches when written as conditionals.
      let highest = FuzzyBonus.highest
      var found = window(0)
      var most = offStarts.0 &+ Self.flag(found & starts) &* (highest &- offStarts.0)
      var reach = FuzzyBonus.match &* Int32(truncatingIfNeeded: Shape.byteCount) &+ 2 &* most
      var runBest = most
      @inline(__always) func step(_ mask: Int, _ offStart: Int32) {
        let earlier = found
        found = window(mask) & ~((earlier & (0 &- earlier)) &<< 1 &- 1)
        most = offStart &+ Self.flag(found & starts) &* (highest &- offStart)
        runBest = max(runBest, most)
        let gap = most &- FuzzyBonus.gapStart
        reach &+= gap &+ Self.flag((earlier &<< 1) & found) &* (runBest &- gap)
      }
      if Shape.byteCount >= 2 { step(1, offStarts.1) }
      if Shape.byteCount >= 3 { step(2, offStarts.2) }
      if Shape.byteCount >= 4 { step(3, offStarts.3) }
      output[count] = Int32(truncatingIfNeeded: row)
      reaches[count] = reach
      count &+= Int(truncatingIfNeeded: Self.flag(found))
      start = end
      row &+= 1
    }
    return (count, row)
  }

  /// 1 when `bits` has a bit set, else 0, without a branch.
  @inline(__always)
  static func flag(_ bits: UInt64) -> Int32 { Int32(truncatingIfNeeded: (bits | (0 &- bits)) &>> 63) }
}
