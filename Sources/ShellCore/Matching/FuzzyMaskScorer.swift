/// `FuzzyScorer`'s score for an ASCII pattern in an ASCII row of at most 64 bytes, from bitmasks.
///
/// One or two 32-byte loads cover the row; each pattern byte's positions become a 64-bit mask.
/// The masks prove or refute the subsequence at once (each step keeps the positions after the
/// previous step's first one, then before the next step's last one), and the dynamic program
/// runs over the few positions left. The pointers belong to the `FuzzyScorer` that made it,
/// which must outlive it.
struct FuzzyMaskScorer {
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

  /// The best score of the pattern in the `length` (at most 64) ASCII bytes at `text`, or
  /// `FuzzyScorer.none`; `reach` bytes from `text` must be readable.
  ///
  /// Transparent: with `@inline(__always)` the compiler still called it out of line per row,
  /// which cost 5-9% of a search's instructions.
  @_transparent
  func score(_ text: UnsafePointer<UInt8>, length: Int) -> Int32 {
    // Most rows fit 32 bytes: one load and half the mask gathers.
    let wide = length > 32
    let none = FuzzyScorer.none
    let low = ByteScanner.load(text)
    let high = wide ? ByteScanner.load(text + 32) : low
    let valid: UInt64 = length >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length)) &- 1
    // Forward: a step's positions must follow the previous step's first one.
    var earlier: UInt64 = 0
    for step in 0..<count {
      let wanted = pattern[step]
      var found = UInt64(ByteScanner.bits(low .== wanted))
      if wide { found |= UInt64(ByteScanner.bits(high .== wanted)) &<< 32 }
      found &= valid
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
}
