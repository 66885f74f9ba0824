/// `FuzzyScorer`'s score for an ASCII pattern in an ASCII row of at most 64 bytes, from bitmasks.
///
/// One or two 32-byte loads cover the row; each pattern byte's positions become a 64-bit mask.
/// The masks prove or refute the subsequence at once (each step keeps the positions after the
/// previous step's first one, then before the next step's last one), and the dynamic program
/// runs over the few positions left, as `FuzzyScorer.positionsScore` does. Bonuses are read from
/// the row's original bytes at the positions visited. The pointers belong to the `FuzzyScorer`
/// that made it, which must outlive it.
struct UnsafeFuzzyMaskScorer {
  /// Each pattern byte in every lane, splatted once per pattern rather than per row and step.
  let pattern: UnsafePointer<SIMD32<UInt8>>
  /// Number of pattern bytes (1...64).
  let count: Int
  /// Scratch: one position mask per pattern byte.
  let masks: UnsafeMutablePointer<UInt64>
  /// Scratch: two rows of 64 cell scores, then two of 64 runs' first bonuses, by position.
  let values: UnsafeMutablePointer<Int32>
  /// Per pattern byte, the most it earns away from a word start (`FuzzyBonus.offStart`).
  let offStarts: UnsafePointer<Int32>
  /// `FuzzyBonus.table`.
  let table: UnsafePointer<UInt8>

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

  /// The pattern's best possible score: its first byte at a word start after whitespace, the
  /// rest a run after it (every byte earns the highest bonus).
  var bound: Int32 {
    let steps = Int32(truncatingIfNeeded: count)
    return FuzzyBonus.match &* steps &+ FuzzyBonus.highest &* (steps &+ 1)
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

    /// A window that reads both halves whatever the row's length (no branch on it).
    @inline(__always)
    init(wholeOf text: UnsafePointer<UInt8>, length: Int) {
      wide = true
      low = ByteScanner.load(text)
      high = ByteScanner.load(text + 32)
      valid = length >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length)) &- 1
    }

    /// The positions holding `wanted` (splatted), as bits, past the row's end included.
    @inline(__always)
    func positions(of wanted: SIMD32<UInt8>) -> UInt64 {
      var found = UInt64(ByteScanner.bits(low .== wanted))
      if wide { found |= UInt64(ByteScanner.bits(high .== wanted)) &<< 32 }
      return found
    }

    /// The positions a word may start at: the row's first, and each after a space (`spaces`, a
    /// row of letters and spaces) or after any byte but a lowercase letter or digit (the bytes
    /// of a word in a fold form).
    @inline(__always)
    func starts(spaces: Bool) -> UInt64 {
      if spaces { return positions(of: SIMD32(repeating: 0x20)) &<< 1 | 1 }
      let lanes = WordLanes()
      @inline(__always) func outside(_ half: SIMD32<UInt8>) -> UInt64 {
        let (low, high) = unsafeBitCast(half, to: (SIMD16<UInt8>, SIMD16<UInt8>).self)
        let words = LaneBits.bits(lanes.wordBytes(low)) | LaneBits.bits(lanes.wordBytes(high)) &<< 16
        return ~words & 0xFFFF_FFFF
      }
      var found = outside(low)
      if wide { found |= outside(high) &<< 32 }
      return found &<< 1 | 1
    }
  }

  /// The best score of the pattern in the `length` (at most 64) ASCII bytes at `text`, or
  /// `FuzzyScorer.none`; `reach` bytes from `text` must be readable, and `length` from `cased`
  /// (the row's original bytes, which give the bonuses).
  ///
  /// Transparent: with `@inline(__always)` the compiler still called it out of line per row.
  @_transparent
  func score(_ text: UnsafePointer<UInt8>, cased: UnsafePointer<UInt8>, length: Int) -> Int32 {
    let none = FuzzyScorer.none
    let window = Window(text, length: length)
    if count == 2 { return pairScore(cased, window) }
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
    let table = table
    @inline(__always) func bonus(_ position: Int) -> Int32 { FuzzyBonus.ascii(table, cased, position) }
    if count == 1 {
      var best = none
      var remaining = earlier
      while remaining != 0 {
        let bonus = bonus(remaining.trailingZeroBitCount)
        best = max(best, FuzzyBonus.match &+ 2 &* bonus)
        if bonus == FuzzyBonus.highest { break }
        remaining &= remaining &- 1
      }
      return best
    }
    // Backward: and precede the next step's last one (later cells of a step are never read).
    var later = earlier
    var step = count &- 2
    while step >= 0 {
      let last = UInt64(truncatingIfNeeded: 63 &- later.leadingZeroBitCount)
      masks[step] &= (1 &<< last) &- 1
      later = masks[step]
      step &-= 1
    }
    return program(cased)
  }

  /// `score`'s dynamic program over the positions left in `masks` (two or more steps).
  ///
  /// Only the cells a match won ("events") are stored and read: a cell the gap won is its row's
  /// last event less the gap since, which the next step computes from the event itself.
  @inline(__always)
  func program(_ cased: UnsafePointer<UInt8>) -> Int32 {
    let none = FuzzyScorer.none
    let table = table
    var previous = (scores: values, runs: values + 128)
    var current = (scores: values + 64, runs: values + 192)
    var events = masks[0]
    var remaining = events
    while remaining != 0 {
      let position = remaining.trailingZeroBitCount
      let bonus = FuzzyBonus.ascii(table, cased, position)
      previous.scores[position] = FuzzyBonus.match &+ 2 &* bonus
      previous.runs[position] = bonus
      remaining &= remaining &- 1
    }
    var best = none
    for step in 1..<count {
      var positions = masks[step]
      let last = step == count &- 1
      var nextEvents: UInt64 = 0
      // This step's last event: its position and score.
      var own: (position: Int, score: Int32) = (-1, none)
      while positions != 0 {
        let position = positions.trailingZeroBitCount
        positions &= positions &- 1
        // The diagonal cell: the previous step's last event before this position (one exists:
        // its first position is one), itself when adjacent, else less the gap since.
        let earlier = events & ((1 &<< UInt64(truncatingIfNeeded: position)) &- 1)
        let lead = 63 &- earlier.leadingZeroBitCount
        let leadScore = previous.scores[lead]
        let adjacent = lead == position &- 1
        let diagonal =
          adjacent ? leadScore : max(0, leadScore &- 1 &- Int32(truncatingIfNeeded: position &- lead))
        // Positions after the first step's are past the row's first byte.
        let here = FuzzyBonus.ascii(table, cased[position &- 1], cased[position])
        let (earned, start) = FuzzyScorer.earned(here, run: adjacent ? previous.runs[lead] : -1)
        let value = diagonal &+ FuzzyBonus.match &+ earned
        if last {
          best = max(best, value)
          continue
        }
        let gap =
          own.position >= 0 ? own.score &- 2 &- Int32(truncatingIfNeeded: position &- own.position) : none
        if value >= gap {
          (current.scores[position], current.runs[position]) = (value, start)
          own = (position, value)
          nextEvents |= 1 &<< UInt64(truncatingIfNeeded: position)
        }
      }
      swap(&previous, &current)
      events = nextEvents
    }
    return best
  }

  /// `score` for a two-byte pattern, over the second byte's positions.
  ///
  /// The first step's cell left of each (fzf's first row scores every position of its byte
  /// afresh) is the nearest first-byte position's score, less the gap since; one bit scan each.
  @inline(__always)
  func pairScore(_ cased: UnsafePointer<UInt8>, _ window: Window) -> Int32 {
    let firsts = window.positions(of: pattern[0]) & window.valid
    let afterFirst = ~((firsts & (0 &- firsts)) &<< 1 &- 1)
    var seconds = window.positions(of: pattern[1]) & window.valid & afterFirst
    if firsts == 0 || seconds == 0 { return FuzzyScorer.none }
    let table = table
    var best = FuzzyScorer.none
    while seconds != 0 {
      let position = seconds.trailingZeroBitCount
      seconds &= seconds &- 1
      let nearest = 63 &- (firsts & ((1 &<< UInt64(truncatingIfNeeded: position)) &- 1)).leadingZeroBitCount
      let lead = FuzzyBonus.ascii(table, cased, nearest)
      let head = FuzzyBonus.match &+ 2 &* lead
      let bonus = FuzzyBonus.ascii(table, cased, position)
      let value: Int32
      if nearest == position &- 1 {
        value = head &+ FuzzyScorer.earned(bonus, run: lead).earned
      } else {
        value = max(0, head &- 1 &- Int32(truncatingIfNeeded: position &- nearest)) &+ bonus
      }
      best = max(best, value &+ FuzzyBonus.match)
    }
    return best
  }
}
