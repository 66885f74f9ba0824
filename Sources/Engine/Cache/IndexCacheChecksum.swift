import Tables

/// The keyed checksum of a persisted index: every section, and the header, hashed with the
/// user's secret (`IndexCacheSecret`), so an entry someone else wrote or damaged is refused.
///
/// Four independent lanes take 16 bytes each per 64-byte block, each a 64×64→128-bit multiply
/// folded to 64 bits (the mixing of wyhash/rapidhash) with a secret word in both operands; a
/// long buffer is cut into pieces hashed on every core, whose digests are then hashed in order.
/// Without the secret nobody can compute a checksum, so no one can forge an entry that passes.
enum IndexCacheChecksum {
  /// Bytes per piece hashed on one core.
  static let piece = 8 << 20

  /// The digest of `bytes` under `secret`; `tweak` (a section's number) keeps equal bytes in
  /// different roles apart.
  static func digest(_ bytes: UnsafeRawBufferPointer, secret: IndexCacheSecret, tweak: UInt64) -> UInt64 {
    let count = bytes.count
    let pieces = max(1, (count + piece - 1) / piece)
    let base = UncheckedSendable(bytes)
    let digests: [UInt64]
    if pieces == 1 {
      digests = [pieceDigest(bytes, secret: secret, index: 0)]
    } else {
      digests = Parallel.map(pieces) { index in
        let start = index * piece
        let end = min(count, start + piece)
        return pieceDigest(
          UnsafeRawBufferPointer(rebasing: base.value[start..<end]), secret: secret, index: index)
      }
    }
    var state = mix(secret.words[0] ^ tweak, secret.words[1] ^ UInt64(count))
    for value in digests { state = mix(value ^ secret.words[2], state ^ secret.words[3]) }
    return mix(state ^ secret.words[4], UInt64(pieces) ^ secret.words[5])
  }

  /// The digest of one piece (at most `piece` bytes), the `index`th of its buffer.
  private static func pieceDigest(_ bytes: UnsafeRawBufferPointer, secret: IndexCacheSecret, index: Int)
    -> UInt64
  {
    let keys = secret.words
    // The hot loop's keys in registers, not read through the array's bounds checks.
    let (key0, key1, key2, key3) = (keys[0], keys[1], keys[2], keys[3])
    var lane0 = keys[4] ^ UInt64(index)
    var lane1 = keys[5] &+ UInt64(index)
    var lane2 = keys[6] ^ UInt64(bytes.count)
    var lane3 = keys[7]
    let count = bytes.count
    let blocks = count / 64
    if let raw = bytes.baseAddress {
      for block in 0..<blocks {
        let at = block &* 64
        func word(_ offset: Int) -> UInt64 {
          raw.loadUnaligned(fromByteOffset: at &+ offset, as: UInt64.self)
        }
        lane0 = mix(word(0) ^ key0, word(8) ^ lane0)
        lane1 = mix(word(16) ^ key1, word(24) ^ lane1)
        lane2 = mix(word(32) ^ key2, word(40) ^ lane2)
        lane3 = mix(word(48) ^ key3, word(56) ^ lane3)
      }
      // The last partial block, zero-filled (the length is hashed too, so no two lengths meet).
      var tail: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
      let rest = count - blocks * 64
      if rest > 0 {
        withUnsafeMutableBytes(of: &tail) {
          $0.copyMemory(from: UnsafeRawBufferPointer(start: raw + blocks * 64, count: rest))
        }
        lane0 = mix(tail.0 ^ keys[0], tail.1 ^ lane0)
        lane1 = mix(tail.2 ^ keys[1], tail.3 ^ lane1)
        lane2 = mix(tail.4 ^ keys[2], tail.5 ^ lane2)
        lane3 = mix(tail.6 ^ keys[3], tail.7 ^ lane3)
      }
    }
    let left = mix(lane0 ^ keys[6], lane1 ^ keys[7])
    let right = mix(lane2 ^ keys[0], lane3 ^ keys[1])
    return mix(left ^ UInt64(count), right ^ keys[2])
  }

  /// The 128-bit product of `a` and `b`, its halves xored.
  @inline(__always)
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
}
