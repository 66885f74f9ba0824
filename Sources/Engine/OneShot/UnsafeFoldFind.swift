/// Finds a needle in a block's own bytes as their fold form would hold it, with no lowercased
/// copy of the block: ASCII letters compare without their case bit.
///
/// A needle byte that is a letter `a-z` matches the row's byte with bit 0x20 set, which is exactly
/// the byte and its capital, as `ByteCodes.lowercased` compares them; any other needle byte
/// matches itself (a fold or `ci` needle holds no capitals). `exact` and `strip` needles have no
/// case bits, so the same loop finds them byte for byte. Like `ByteScanner.find`, it tests two
/// key positions 32 start positions a step and verifies the few candidates.
struct UnsafeFoldFind {
  /// The needle's bytes.
  let needle: UnsafePointer<UInt8>
  /// Per needle byte, 0x20 when it is a letter compared without case, else 0.
  let caseBits: UnsafePointer<UInt8>
  /// The needle's length.
  let length: Int
  /// The two positions of the needle compared first (its rarest bytes).
  let keys: NeedleKeys

  /// The first position in `from...end - length` where the needle starts, or -1; loads stay
  /// below `limit`.
  @inline(__always)
  func find(_ base: UnsafePointer<UInt8>, from: Int, end: Int, limit: Int) -> Int {
    let lastStart = end &- length
    if length == 0 || from > lastStart { return from <= lastStart ? from : -1 }
    let (first, second) = (keys.first, keys.second)
    let firstByte = SIMD16<UInt8>(repeating: needle[first])
    let firstCase = SIMD16<UInt8>(repeating: caseBits[first])
    let secondByte = SIMD16<UInt8>(repeating: needle[second])
    let secondCase = SIMD16<UInt8>(repeating: caseBits[second])
    let simdLast = limit &- max(first, second) &- 32
    var position = from
    while position <= lastStart, position <= simdLast {
      let at = base + position
      let low =
        ((ByteScanner.load16(at + first) | firstCase) .== firstByte)
        .& ((ByteScanner.load16(at + second) | secondCase) .== secondByte)
      let high =
        ((ByteScanner.load16(at + (first &+ 16)) | firstCase) .== firstByte)
        .& ((ByteScanner.load16(at + (second &+ 16)) | secondCase) .== secondByte)
      if ByteScanner.isEmpty((low, high)) {
        position &+= 32
        continue
      }
      var lanes = ByteScanner.keep(ByteScanner.bits((low, high)), through: lastStart &- position)
      while lanes != 0 {
        let candidate = position &+ lanes.trailingZeroBitCount
        if holds(base, at: candidate) { return candidate }
        lanes &= lanes &- 1
      }
      position &+= 32
    }
    while position <= lastStart {
      if holds(base, at: position) { return position }
      position &+= 1
    }
    return -1
  }

  /// Whether the needle starts at `position`.
  @inline(__always)
  func holds(_ base: UnsafePointer<UInt8>, at position: Int) -> Bool {
    let text = base + position
    for index in 0..<length where text[index] | caseBits[index] != needle[index] { return false }
    return true
  }
}
