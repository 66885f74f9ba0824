/// Proves, for a line past ASCII, that a plain `fold` needle cannot be in its fold form when its
/// bytes do not hold it: without folding the line.
///
/// The fold form of a line whose scalars the fold table takes is each scalar's form in turn, its
/// ASCII bytes lowercased. When every scalar past ASCII folds to a form that is not empty and
/// holds no byte of the ASCII needle, an occurrence in the fold form cannot touch those forms: it
/// lies in a run of the line's own ASCII bytes, where `UnsafeFoldFind` finds it in the bytes. The
/// forms are the table's (`ScalarFoldTable.packedForms`, through a worker's
/// `UnsafeScalarFoldCache`): nothing here folds on its own.
struct UnsafeWideLineCheck {
  /// The needle's bytes as a set: bit `byte` of the 128 ASCII values.
  private let needleLow: UInt64
  private let needleHigh: UInt64
  /// The fold table, filled as the lines checked need it.
  private let table: UnsafeScalarFoldCache

  /// A check for the ASCII `needle` of `length` bytes, with the fold table `table`.
  init(needle: UnsafePointer<UInt8>, length: Int, table: UnsafeScalarFoldCache) {
    var (low, high): (UInt64, UInt64) = (0, 0)
    for index in 0..<length {
      let byte = needle[index]
      if byte < 64 { low |= 1 &<< UInt64(byte) } else { high |= 1 &<< UInt64(byte & 63) }
    }
    (needleLow, needleHigh) = (low, high)
    self.table = table
  }

  /// Whether every byte of `start..<end` is ASCII but NUL and LF, or starts a two-byte scalar
  /// whose fold form is not empty and shares no byte with the needle: then the line matches only
  /// where its bytes hold the needle.
  @inline(__always)
  func foldsApart(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
    var index = start
    while index < end {
      let byte = base[index]
      if byte < 0x80 {
        if byte == 0 || byte == 0x0A { return false }
        index &+= 1
        continue
      }
      // As `FoldedIndex.foldLatin` reads the table: two-byte scalars below U+0250.
      guard byte >= 0xC2, byte <= 0xC9, index &+ 1 < end, base[index &+ 1] & 0xC0 == 0x80 else {
        return false
      }
      let value = (UInt32(byte & 0x1F) << 6) | UInt32(base[index &+ 1] & 0x3F)
      guard value < ScalarFoldTable.end else { return false }
      let word = table.word(value, .fold)
      guard word != ScalarFoldTable.absent else { return false }
      let count = Int(truncatingIfNeeded: word &>> 56)
      if count == 0 { return false }
      for position in 0..<count {
        let formByte = UInt8(truncatingIfNeeded: word &>> UInt64(8 &* position))
        if formByte >= 0x80 { continue }
        let bit = UInt64(1) &<< UInt64(formByte & 63)
        if (formByte < 64 ? needleLow : needleHigh) & bit != 0 { return false }
      }
      index &+= 2
    }
    return true
  }
}
