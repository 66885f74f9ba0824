import Foundation
import Synchronization

/// The scalars one ICU set token matches (`.`, `[…]`, `\d`, `\p{L}`, `\x{41}`, …), read from ICU
/// itself, as an ARE bracket: the engine's `regex` is ICU's, so ICU is the only authority on what
/// its classes hold (its Unicode version, its `\w`, its line terminators).
///
/// ICU matches `TOKEN+` against texts holding every scalar but NUL and the surrogates in
/// ascending order: each match is a run of consecutive members, that is a range. The texts are
/// one per plane (the BMP in two, around the surrogates), and the token is not grouped: a
/// grouped loop over a long run overflows ICU's backtracking stack, which ends the matches
/// without an error. NUL and the surrogates never occur in PostgreSQL text, so they are left out.
enum PostgresRegexSets {
  /// A text of consecutive scalars from `first`, each `width` UTF-16 units long.
  private struct Chunk {
    let first: UInt32
    let width: Int
    let text: String
  }

  /// The universe in chunks (built once).
  private static let chunks: [Chunk] = {
    var bounds: [ClosedRange<UInt32>] = [1...0xD7FF, 0xE000...0xFFFF]
    for plane in UInt32(1)...16 { bounds.append((plane << 16)...((plane << 16) | 0xFFFF)) }
    return bounds.map { range in
      var scalars = String.UnicodeScalarView()
      for value in range {
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
      return Chunk(first: range.lowerBound, width: range.lowerBound < 0x10000 ? 1 : 2, text: String(scalars))
    }
  }()

  /// The universe as ranges (the surrogates split it in two).
  static let all: [ClosedRange<UInt32>] = [1...0xD7FF, 0xE000...0x10FFFF]

  /// Members computed so far, by token (nil: ICU rejects the token).
  private static let cache = Mutex<[String: [ClosedRange<UInt32>]?]>([:])

  /// The scalars `token` matches as ranges, ascending; nil when ICU does not compile it.
  static func members(_ token: String) -> [ClosedRange<UInt32>]? {
    if let known = cache.withLock({ $0[token] }) { return known }
    let computed = compute(token)
    cache.withLock { cache in
      if cache.count > 256 { cache.removeAll() }
      cache[token] = computed
    }
    return computed
  }

  /// `members`, computed by ICU.
  private static func compute(_ token: String) -> [ClosedRange<UInt32>]? {
    guard let expression = try? NSRegularExpression(pattern: token + "+", options: []) else { return nil }
    var ranges: [ClosedRange<UInt32>] = []
    for chunk in chunks {
      let whole = NSRange(location: 0, length: chunk.text.utf16.count)
      for match in expression.matches(in: chunk.text, options: [], range: whole) where match.range.length > 0
      {
        let low = chunk.first + UInt32(match.range.location / chunk.width)
        let high = chunk.first + UInt32((match.range.location + match.range.length - 1) / chunk.width)
        // Runs that meet at a chunk's edge (U+FFFF, U+10000) are one range; the surrogates are not.
        if let last = ranges.last, last.upperBound &+ 1 == low, low != 0xE000 {
          ranges[ranges.count - 1] = last.lowerBound...high
        } else {
          ranges.append(low...high)
        }
      }
    }
    return ranges
  }

  /// The scalars of the universe not in `ranges` (ascending, within `all`).
  static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    for part in all {
      var next = part.lowerBound
      for range in ranges where range.upperBound >= part.lowerBound && range.lowerBound <= part.upperBound {
        if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
        next = max(next, range.upperBound &+ 1)
      }
      if next <= part.upperBound { result.append(next...part.upperBound) }
    }
    return result
  }

  /// The scalars in both `first` and `second` (each ascending and disjoint), ascending.
  static func intersection(_ first: [ClosedRange<UInt32>], _ second: [ClosedRange<UInt32>]) -> [ClosedRange<
    UInt32
  >] {
    var result: [ClosedRange<UInt32>] = []
    var (i, j) = (0, 0)
    while i < first.count, j < second.count {
      let low = max(first[i].lowerBound, second[j].lowerBound)
      let high = min(first[i].upperBound, second[j].upperBound)
      if low <= high { result.append(low...high) }
      if first[i].upperBound < second[j].upperBound { i += 1 } else { j += 1 }
    }
    return result
  }

  /// An ARE atom matching exactly `ranges` on PostgreSQL text: a bracket (negated when that is
  /// shorter), or `.` for every scalar (ARE's `.` without the `n` flag, as `~` applies it,
  /// matches every character, line feeds included); nil for an empty set, which a bracket
  /// cannot say.
  static func bracket(_ ranges: [ClosedRange<UInt32>]) -> String? {
    guard !ranges.isEmpty else { return nil }
    let others = complement(ranges)
    if others.isEmpty { return "." }
    let negated = others.count < ranges.count
    let items = (negated ? others : ranges).map { range in
      range.count == 1
        ? PostgresFold.escape(range.lowerBound)
        : PostgresFold.escape(range.lowerBound) + "-" + PostgresFold.escape(range.upperBound)
    }
    return "[" + (negated ? "^" : "") + items.joined() + "]"
  }
}
