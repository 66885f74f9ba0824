/// Whether a position a scan's key bytes flagged holds the whole needle: nothing to check when the
/// SIMD comparison covered every byte, one compare of a masked word for a needle of up to 8 bytes,
/// else byte by byte.
struct UnsafeCandidateCheck {
  /// The needle's bytes.
  let needle: UnsafePointer<UInt8>
  /// The needle's length.
  let length: Int
  /// Whether the keys' comparison already tested every byte of the needle.
  let verified: Bool
  /// The needle's first bytes (up to 8) as one word, lowest first (`ByteScanner.leadingWord`).
  let word: UInt64
  /// The bytes of `word` the needle holds.
  let mask: UInt64
  /// The last position from which a word may be loaded.
  let wordLast: Int

  /// The check of `needle` (`length` bytes) in an arena readable through `limit`.
  @inline(__always)
  init(_ needle: UnsafePointer<UInt8>, length: Int, verified: Bool, limit: Int) {
    self.needle = needle
    self.length = length
    self.verified = verified
    (word, mask) = ByteScanner.leadingWord(needle, count: length)
    wordLast = limit &- 8
  }

  /// Whether the needle starts at `candidate` in `base`.
  @inline(__always)
  func holds(_ base: UnsafePointer<UInt8>, at candidate: Int) -> Bool {
    if verified { return true }
    if length <= 8, candidate <= wordLast {
      return (ByteScanner.load64(base + candidate) ^ word) & mask == 0
    }
    return ByteScanner.equal(base + candidate, needle, length)
  }
}
