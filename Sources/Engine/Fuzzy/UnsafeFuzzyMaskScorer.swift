/// `FuzzyScorer`'s score for an ASCII pattern in an ASCII row of at most 64 bytes, from bitmasks.
///
/// One or two 32-byte loads cover the row; each pattern byte's positions become a 64-bit mask.
/// The masks prove or refute the subsequence at once (each step keeps the positions after the
/// previous step's first one, then before the next step's last one), and the dynamic program
/// runs over the few positions left. The pointers belong to the `FuzzyScorer` that made it,
/// which must outlive it.
struct UnsafeFuzzyMaskScorer {
  /// Each pattern byte in every lane, splatted once per pattern rather than per row and step.
  let pattern: UnsafePointer<SIMD32<UInt8>>
  /// Number of pattern bytes (1...64).
  let count: Int
  /// Scratch: one position mask per pattern byte.
  let masks: UnsafeMutablePointer<UInt64>
  /// Scratch: two rows of 64 alignment scores, indexed by position.
  let values: UnsafeMutablePointer<Int32>

  /// Bytes that `score` reads from the row's first byte (the arena must be readable that far).
  static let reach = 64

  /// Whether the `count` (at most 64) bytes at `text` are all ASCII: their high bits, gathered
  /// as `ByteScanner.bits` gathers a mask's.
  @inline(__always)
  static func isASCII(_ text: UnsafePointer<UInt8>, count: Int) -> Bool {
    let low = unsafeBitCast(ByteScanner.load(text), to: SIMDMask<SIMD32<Int8>>.self)
    let high = unsafeBitCast(ByteScanner.load(text + 32), to: SIMDMask<SIMD32<Int8>>.self)
    let valid: UInt64 = count >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: count)) &- 1
    return (UInt64(ByteScanner.bits(low)) | UInt64(ByteScanner.bits(high)) &<< 32) & valid == 0
  }

  /// The word-start bonus at `position`: looked up byte by byte for the few positions the
  /// dynamic program visits, which is cheaper than a word mask over the row.
  @inline(__always)
  static func bonus(_ text: UnsafePointer<UInt8>, _ position: Int) -> Int32 {
    // Position 0 reads its own byte instead (the row may start the arena), then ignores it.
    let previous = UInt64(truncatingIfNeeded: text[position == 0 ? 0 : position &- 1])
    // ASCII letters and digits, as two 64-bit sets.
    let table: UInt64 = previous < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_07FF_FFFE
    let isWordBefore = position != 0 && (table &>> (previous & 63)) & 1 != 0
    return isWordBefore ? 0 : FuzzyScorer.boundary
  }

  /// A row of at most 64 bytes as the masks read it: one or two 32-byte loads.
  struct Window {
    let low: SIMD32<UInt8>
    let high: SIMD32<UInt8>
    /// Whether the row runs past 32 bytes (most rows fit: one load and half the mask gathers).
    let wide: Bool
    /// Bits of the row's own positions.
    let valid: UInt64

    @inline(__always)
    init(_ text: UnsafePointer<UInt8>, length: Int) {
      assert(length >= 0 && length <= 64, "a window over \(length) bytes")
      wide = length > 32
      low = ByteScanner.load(text)
      high = wide ? ByteScanner.load(text + 32) : low
      valid = length >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length)) &- 1
    }

    /// The positions holding `wanted` (splatted), as bits, past the row's end included.
    @inline(__always)
    func positions(of wanted: SIMD32<UInt8>) -> UInt64 {
      var found = UInt64(ByteScanner.bits(low .== wanted))
      if wide { found |= UInt64(ByteScanner.bits(high .== wanted)) &<< 32 }
      return found
    }
  }

  /// The best score of the pattern in the `length` (at most 64) ASCII bytes at `text`, or
  /// `FuzzyScorer.none`; `reach` bytes from `text` must be readable.
  ///
  /// Transparent: with `@inline(__always)` the compiler still called it out of line per row.
  @_transparent
  func score(_ text: UnsafePointer<UInt8>, length: Int) -> Int32 {
    let none = FuzzyScorer.none
    let window = Window(text, length: length)
    if count == 2 { return pairScore(text, window) }
    // Forward: a step's positions must follow the previous step's first one.
    var earlier: UInt64 = 0
    for step in 0..<count {
      var found = window.positions(of: pattern[step]) & window.valid
      if step > 0 {
        let first = earlier & (0 &- earlier)
        found &= ~((first &<< 1) &- 1)
      }
      if found == 0 { return none }
      masks[step] = found
      earlier = found
    }
    @inline(__always) func bonus(_ position: Int) -> Int32 { Self.bonus(text, position) }
    if count == 1 {
      var remaining = earlier
      while remaining != 0 {
        if bonus(remaining.trailingZeroBitCount) != 0 {
          return FuzzyScorer.match &+ 2 &* FuzzyScorer.boundary
        }
        remaining &= remaining &- 1
      }
      return FuzzyScorer.match
    }
    // Backward: and precede the next step's last one.
    var later = earlier
    var step = count &- 2
    while step >= 0 {
      let last = UInt64(truncatingIfNeeded: 63 &- later.leadingZeroBitCount)
      masks[step] &= (1 &<< last) &- 1
      later = masks[step]
      step &-= 1
    }
    var previous = values
    var current = values + 64
    var remaining = masks[0]
    while remaining != 0 {
      let position = remaining.trailingZeroBitCount
      previous[position] = FuzzyScorer.match &+ 2 &* bonus(position)
      remaining &= remaining &- 1
    }
    var best = none
    for step in 1..<count {
      let before = masks[step &- 1]
      var pending = before
      // Best `previous + position` over earlier positions at least 2 back: the gap transitions.
      var gapBest = none
      var positions = masks[step]
      let last = step == count &- 1
      while positions != 0 {
        let position = positions.trailingZeroBitCount
        positions &= positions &- 1
        while pending != 0 {
          let candidate = pending.trailingZeroBitCount
          if candidate > position &- 2 { break }
          gapBest = max(gapBest, previous[candidate] &+ Int32(truncatingIfNeeded: candidate))
          pending &= pending &- 1
        }
        // Every position left has an earlier one: `gapBest` or the consecutive one is real.
        var value = gapBest &- Int32(truncatingIfNeeded: position) &- 1
        if (before &>> UInt64(truncatingIfNeeded: position &- 1)) & 1 != 0 {
          value = max(value, previous[position &- 1] &+ FuzzyScorer.consecutive)
        }
        value = value &+ FuzzyScorer.match &+ bonus(position)
        if last { best = max(best, value) } else { current[position] = value }
      }
      swap(&previous, &current)
    }
    return best
  }

  /// What `score` can reach at most in the `length` (at most 64) ASCII bytes at `text`, or
  /// `FuzzyScorer.none` when the pattern is not a subsequence (`score`'s first pass alone):
  /// `bound`, less `losses.first` when no position of the first byte starts a word and
  /// `losses.second` when none of the second's after it does.
  ///
  /// Word starts are known only in a row of letters and spaces (`lettersAndSpaces`, from its
  /// signature): the row's first byte and those after a space; in any other row every position
  /// counts as one, which only loosens the bound. A signature of every row's word initials
  /// answered the same for every row but cost 4 bytes a row.
  @_transparent
  func ceiling(
    _ text: UnsafePointer<UInt8>, length: Int, bound: Int32, losses: (first: Int32, second: Int32),
    lettersAndSpaces: Bool
  ) -> Int32 {
    let window = Window(text, length: length)
    var after: UInt64 = 0
    var firsts: UInt64 = 0
    var seconds: UInt64 = 0
    for step in 0..<count {
      let found = window.positions(of: pattern[step]) & window.valid & ~after
      if found == 0 { return FuzzyScorer.none }
      if step == 0 { firsts = found } else if step == 1 { seconds = found }
      let first = found & (0 &- found)
      after = (first &<< 1) &- 1
    }
    guard lettersAndSpaces else { return bound }
    let starts = window.positions(of: SIMD32(repeating: 0x20)) &<< 1 | 1
    return Self.reach(bound, losses, firsts: firsts, seconds: seconds, starts: starts)
  }

  /// `bound`, less `losses.first` when no position of `firsts` is among the word `starts` and
  /// `losses.second` when none of `seconds` is (selects, not branches).
  @inline(__always)
  static func reach(
    _ bound: Int32, _ losses: (first: Int32, second: Int32), firsts: UInt64, seconds: UInt64, starts: UInt64
  ) -> Int32 {
    bound &- (firsts & starts == 0 ? losses.first : 0) &- (seconds & starts == 0 ? losses.second : 0)
  }

  /// `ceiling` for a pattern of one or two bytes, without a branch on the row: both halves of
  /// the window are read whatever the row's length, and whether it matches is a select.
  @_transparent
  func shortCeiling(
    _ text: UnsafePointer<UInt8>, length: Int, bound: Int32, losses: (first: Int32, second: Int32),
    lettersAndSpaces: Bool
  ) -> Int32 {
    assert(length >= 0 && length <= 64, "a short ceiling over \(length) bytes")
    let low = ByteScanner.load(text)
    let high = ByteScanner.load(text + 32)
    let valid: UInt64 = length >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length)) &- 1
    @inline(__always) func positions(_ wanted: SIMD32<UInt8>) -> UInt64 {
      UInt64(ByteScanner.bits(low .== wanted)) | UInt64(ByteScanner.bits(high .== wanted)) &<< 32
    }
    let firsts = positions(pattern[0]) & valid
    // One byte: its positions stand for the second's too (`losses.second` is 0), so the row
    // matches exactly when `seconds` has a bit.
    let afterFirst = ~((firsts & (0 &- firsts)) &<< 1 &- 1)
    let seconds = count == 2 ? positions(pattern[1]) & valid & afterFirst : firsts
    let starts = positions(SIMD32(repeating: 0x20)) &<< 1 | 1
    let reach = Self.reach(bound, losses, firsts: firsts, seconds: seconds, starts: starts)
    let value = lettersAndSpaces ? reach : bound
    return seconds != 0 ? value : FuzzyScorer.none
  }

  /// `score` for a two-byte pattern, without the dynamic program.
  ///
  /// For each position `i` of the first byte, the best second position is the adjacent one, the
  /// first one after a gap, or the first word start after a gap (a later one of the same kind
  /// only adds gap), so a row costs a few bit scans per first-byte position.
  @inline(__always)
  func pairScore(_ text: UnsafePointer<UInt8>, _ window: Window) -> Int32 {
    let none = FuzzyScorer.none
    var firsts = window.positions(of: pattern[0])
    let seconds = window.positions(of: pattern[1]) & window.valid
    if seconds == 0 { return none }
    // Only first-byte positions before the last second-byte one start an alignment.
    let last = UInt64(truncatingIfNeeded: 63 &- seconds.leadingZeroBitCount)
    firsts &= (1 &<< last) &- 1
    if firsts == 0 { return none }
    @inline(__always) func bonus(_ position: Int) -> Int32 { Self.bonus(text, position) }
    let match = FuzzyScorer.match
    var best = none
    while firsts != 0 {
      let position = firsts.trailingZeroBitCount
      firsts &= firsts &- 1
      let head = match &+ match &+ 2 &* bonus(position)
      let next = UInt64(truncatingIfNeeded: position &+ 1)
      if (seconds &>> next) & 1 != 0 {
        best = max(best, head &+ FuzzyScorer.consecutive &+ bonus(position &+ 1))
      }
      // Second-byte positions at least two after this one.
      var later = seconds & (~UInt64(1) &<< next)
      guard later != 0 else { continue }
      let nearest = later.trailingZeroBitCount
      let nearestBonus = bonus(nearest)
      best = max(best, head &+ nearestBonus &- Int32(truncatingIfNeeded: nearest &- position &+ 1))
      guard nearestBonus == 0 else { continue }
      // A word start further on wins only while its bonus outweighs the extra gap.
      later &= later &- 1
      while later != 0 {
        let candidate = later.trailingZeroBitCount
        if Int32(truncatingIfNeeded: candidate &- nearest) >= FuzzyScorer.boundary { break }
        if bonus(candidate) != 0 {
          let gap = Int32(truncatingIfNeeded: candidate &- position &+ 1)
          best = max(best, head &+ FuzzyScorer.boundary &- gap)
          break
        }
        later &= later &- 1
      }
    }
    return best
  }
}
