/// The bytes a regex match can start with, as a few byte ranges, and a SIMD scan for rows that
/// hold one: the prefilter for patterns with no literal, such as `[0-9]+`.
///
/// A match that is not empty starts with a scalar of one of the pattern's first sets, so it
/// holds that scalar's lead byte. Conservative where the subset's sets are ASCII-only
/// approximations (`\w` and friends in ICU also take non-ASCII scalars) and for invalid UTF-8
/// (ICU sees U+FFFD): every byte from 0x80 up then counts as a possible start.
struct RegexFirstBytes {
  /// Disjoint, ascending ranges of possible first bytes.
  let ranges: [ClosedRange<UInt8>]

  /// At most this many ranges are tested per 32 bytes; more and the scan is not worth it.
  static let maxRanges = 4

  /// The first bytes of `syntax`, or nil when it can match the empty string (every row then
  /// matches, or the anchors decide) or its first bytes are too scattered.
  init?(_ syntax: RegexSyntax, asciiOnly: Bool) {
    var bytes = [Bool](repeating: false, count: 256)
    guard !Self.collect(syntax, into: &bytes, asciiOnly: asciiOnly) else { return nil }
    var ranges: [ClosedRange<UInt8>] = []
    var byte = 0
    while byte < 256 {
      guard bytes[byte] else {
        byte += 1
        continue
      }
      let start = byte
      while byte < 256, bytes[byte] { byte += 1 }
      ranges.append(UInt8(start)...UInt8(byte - 1))
    }
    guard !ranges.isEmpty, ranges.count <= Self.maxRanges else { return nil }
    self.ranges = ranges
  }

  /// Adds the first bytes of `syntax` to `bytes`; returns whether it can match the empty string.
  private static func collect(_ syntax: RegexSyntax, into bytes: inout [Bool], asciiOnly: Bool) -> Bool {
    switch syntax {
    case .set(let set):
      for byte in 0..<128 where set.contains(UInt32(byte)) { bytes[byte] = true }
      if asciiOnly || set.negated || set.scalars.contains(0xFFFD) {
        for byte in 0x80..<256 { bytes[byte] = true }
      } else {
        for scalar in set.scalars {
          if let value = Unicode.Scalar(scalar), let lead = UTF8.encode(value)?.first {
            bytes[Int(lead)] = true
          }
        }
      }
      return false
    case .textStart, .textEnd, .assertion:
      return true
    case .unknown:  // any text, perhaps none
      for byte in 0..<256 { bytes[byte] = true }
      return true
    case .sequence(let items):
      for item in items where !collect(item, into: &bytes, asciiOnly: asciiOnly) { return false }
      return true
    case .alternation(let branches):
      var nullable = false
      for branch in branches where collect(branch, into: &bytes, asciiOnly: asciiOnly) { nullable = true }
      return nullable
    case .repetition(let part, let min, let max):
      if max == 0 { return true }
      return collect(part, into: &bytes, asciiOnly: asciiOnly) || min == 0
    }
  }

  /// The share of sampled bytes in the ranges (`frequency` counts folded text, so an upper-case
  /// letter is estimated at a tenth of its lower-case one).
  func share(frequency: [Int]) -> Double {
    let total = Double(max(1, frequency.reduce(0, +)))
    var count = 0.0
    for range in ranges {
      for byte in range {
        let value = Int(byte)
        count +=
          (0x41...0x5A).contains(value) ? Double(frequency[value + 0x20]) / 10 : Double(frequency[value])
      }
    }
    return count / total
  }

  /// Calls `hit(row)`, ascending, for each row of `rows` holding a byte in the ranges.
  @inline(__always)
  func scan(_ view: UnsafeArenaView, rows: Range<Int>, hit: (Int) -> Void) {
    guard !rows.isEmpty else { return }
    let base = view.base
    let end = view.end(rows.upperBound - 1)
    var position = view.start(rows.lowerBound)
    var row = rows.lowerBound
    let simdLast = view.limit - 32
    // Reach: a block at `position <= limit - 32` loads through `limit - 1`; bytes one at a time
    // stay below `end`.
    assert(end <= view.limit, "rows end at \(end), past the arena's \(view.limit)")
    // Unused slots repeat the first range, which changes nothing.
    let count = ranges.count
    let lows = (0..<4).map { SIMD32<UInt8>(repeating: ranges[$0 < count ? $0 : 0].lowerBound) }
    let widths = (0..<4).map {
      let range = ranges[$0 < count ? $0 : 0]
      return SIMD32<UInt8>(repeating: range.upperBound &- range.lowerBound)
    }
    let (low0, low1, low2, low3) = (lows[0], lows[1], lows[2], lows[3])
    let (width0, width1, width2, width3) = (widths[0], widths[1], widths[2], widths[3])
    @inline(__always) func member(_ byte: UInt8) -> Bool {
      for range in ranges where range.contains(byte) { return true }
      return false
    }
    while position < end {
      if position <= simdLast, position &+ 32 <= end {
        let block = ByteScanner.load(base + position)
        let inside =
          ((block &- low0) .<= width0) .| ((block &- low1) .<= width1) .| ((block &- low2) .<= width2)
          .| ((block &- low3) .<= width3)
        let words = unsafeBitCast(inside, to: SIMD4<UInt64>.self)
        if (words[0] | words[1]) | (words[2] | words[3]) == 0 {
          position &+= 32
          continue
        }
      }
      // A member in the next 32 bytes (or near the end): find it byte by byte.
      let stop = min(end, position &+ 32)
      var next = stop
      while position < stop {
        if member(base[position]) {
          while position >= view.end(row) { row &+= 1 }
          if position >= view.start(row) {
            hit(row)
            next = view.end(row)
            break
          }
        }
        position &+= 1
      }
      position = max(next, position)
    }
  }
}
