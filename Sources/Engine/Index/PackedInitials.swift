/// Per row, the letters that start a word in its fold form, in 3 bytes (24 bits, little-endian).
///
/// 26 letters in 24 bits, a quarter less memory than a word a row: the rarest word starts share
/// two bits, `q` with `x` and `y` with `z`. A shared bit only narrows the rows to re-check, so
/// `isExact` tells which letters a bit answers alone.
struct PackedInitials: @unchecked Sendable {
  /// Three bytes a row, and one of padding, so that the last row reads as a 4-byte word.
  let bytes: UnsafePinnedBuffer<UInt8>
  let rowCount: Int

  /// Bytes per row.
  static let stride = 3

  /// The packed bits of a mask of letters (bit 0 for `a` to bit 25 for `z`): `a` to `w` keep
  /// their bits; `x` joins `q` (bit 16) and `y` and `z` take bit 23.
  @inline(__always)
  static func packed(_ letters: UInt32) -> UInt32 {
    let shared = (letters &>> 24 | letters &>> 25) & 1
    return letters & 0x7F_FFFF | (letters &>> 23 & 1) &<< 16 | shared &<< 23
  }

  /// The bit of `letter` (`a` to `z`).
  static func bit(_ letter: UInt8) -> UInt32 {
    packed(1 &<< UInt32(letter &- 0x61))
  }

  /// Whether `letter`'s bit is its own, so the bit alone proves a word starts with it.
  static func isExact(_ letter: UInt8) -> Bool {
    !"qxyz".utf8.contains(letter)
  }

  /// Initials over `bytes` (`rowCount` rows, written by `store`).
  init(bytes: UnsafePinnedBuffer<UInt8>, rowCount: Int) {
    precondition(bytes.count == rowCount &* Self.stride, "three bytes a row")
    self.bytes = bytes
    self.rowCount = rowCount
  }

  /// A buffer for `rowCount` rows and the one pointer that writes it (with `store`) until built.
  static func unsafeWritable(
    rowCount: Int
  ) throws(SearchError) -> (buffer: UnsafePinnedBuffer<UInt8>, slots: UnsafeMutablePointer<UInt8>) {
    let (buffer, slots) = try UnsafePinnedBuffer<UInt8>.unsafeWritableChecked(
      count: rowCount &* stride, padding: 1, zeroed: false)
    return (buffer, slots)
  }

  /// Stores row `row`'s `letters` (bit 0 for `a`) packed, in byte stores: a word store would
  /// write a neighbour's byte, which another thread may be writing.
  @inline(__always)
  static func store(_ letters: UInt32, row: Int, into slots: UnsafeMutablePointer<UInt8>) {
    let bits = packed(letters)
    let slot = slots + row &* stride
    slot[0] = UInt8(truncatingIfNeeded: bits)
    slot[1] = UInt8(truncatingIfNeeded: bits &>> 8)
    slot[2] = UInt8(truncatingIfNeeded: bits &>> 16)
  }

  /// The rows' bits, read one row at a time.
  var column: UnsafeColumn { UnsafeColumn(base: bytes.pointer, rowCount: rowCount) }

  /// The rows' packed letters as a signature column.
  struct UnsafeColumn: SignatureColumn {
    let base: UnsafePointer<UInt8>
    let rowCount: Int

    /// Row `row`'s packed letters: a 4-byte load, of which the padding keeps the last in bounds.
    @inline(__always) func bits(_ row: Int) -> UInt32 {
      // Reach: bytes `3 * row` to `3 * row + 3`, at most `3 * rowCount`, the one byte of padding.
      assert(row >= 0 && row < rowCount, "row \(row) of \(rowCount) initials")
      return UnsafeRawPointer(base + row &* PackedInitials.stride).loadUnaligned(as: UInt32.self) & 0xFF_FFFF
    }
  }
}

/// One 32-bit value per row that the signature kernels read by row: the signatures themselves,
/// or the packed initials.
protocol SignatureColumn {
  /// Row `row`'s bits.
  func bits(_ row: Int) -> UInt32
}

extension UnsafePointer: SignatureColumn where Pointee == UInt32 {
  @inline(__always) func bits(_ row: Int) -> UInt32 { self[row] }
}
