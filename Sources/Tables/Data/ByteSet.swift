/// A set of byte values as a 256-bit mask, for the parsers' scan-until loops.
struct ByteSet: Sendable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// A set of `bytes`; NUL is always included so scans stop at it and `next()` refuses it.
  package init(_ bytes: [UInt8]) {
    for byte in bytes + [0] {
      let bit = UInt64(1) << UInt64(byte & 63)
      switch byte >> 6 {
      case 0: words.0 |= bit
      case 1: words.1 |= bit
      case 2: words.2 |= bit
      default: words.3 |= bit
      }
    }
  }

  /// Whether `byte` is in the set.
  @inline(__always)
  package func contains(_ byte: UInt8) -> Bool {
    let word: UInt64
    switch byte >> 6 {
    case 0: word = words.0
    case 1: word = words.1
    case 2: word = words.2
    default: word = words.3
    }
    return (word >> UInt64(byte & 63)) & 1 != 0
  }
}
