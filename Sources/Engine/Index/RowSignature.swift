import Tables

/// A row's byte-class set in 32 bits: one bit per letter a–z, plus shared bits for digits, the
/// space, other ASCII and non-ASCII bytes.
///
/// A row can only contain a needle whose classes are all in its signature, so one- and
/// two-character queries (which match most rows, where a text scan pays per hit) test 4 bytes
/// per row instead. A single letter or space is exact: its bit belongs to it alone.
enum RowSignature {
  /// The class bit of one (folded) byte.
  @inline(__always)
  static func bit(_ byte: UInt8) -> UInt32 {
    switch byte {
    case 0x61...0x7A: return 1 << UInt32(byte - 0x61)
    case 0x30...0x39: return 1 << 26
    case 0x20: return 1 << 27
    case 0..<0x80: return 1 << (28 + UInt32(byte & 1))
    default: return 1 << (30 + UInt32(byte & 1))
    }
  }

  /// The bits of the bytes from 0x80 up: a row with neither is ASCII.
  static let nonASCII: UInt32 = bit(0x80) | bit(0x81)

  /// The bits of the letters and the space: a row with no other bit holds nothing else.
  static let lettersAndSpace: UInt32 = 1 << 27 | (1 << 26 - 1)

  /// Whether a byte's bit is its own (so the bit alone proves the byte occurs).
  static func isExact(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || byte == 0x20
  }

  /// Whether `mask` is the bit of one letter or the space, which no other byte shares.
  static func isExact(_ mask: UInt32) -> Bool {
    mask.nonzeroBitCount == 1 && mask & (1 << 26 | 0xF000_0000) == 0
  }

  /// `bit` for every byte value: a table lookup beats the branches when folding millions of rows.
  static let table = UnsafePinnedBuffer<UInt32>(count: 256) { table in
    for byte in 0...255 { table[byte] = bit(UInt8(byte)) }
  }

  /// The signature of `count` bytes, using `table` (pass `RowSignature.table.pointer`).
  @inline(__always)
  static func of(_ pointer: UnsafePointer<UInt8>, _ count: Int, table: UnsafePointer<UInt32>) -> UInt32 {
    var signature: UInt32 = 0
    for index in 0..<count { signature |= table[Int(pointer[index])] }
    return signature
  }

  /// The bits a row must have to contain `needle` in any form whose ASCII lowercase is its fold.
  static func mask(_ needle: [UInt8]) -> UInt32 {
    needle.reduce(0) { $0 | bit(ByteCodes.lowercased($1)) }
  }
}
