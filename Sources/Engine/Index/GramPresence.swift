import Tables

/// Which grams of one, two and three bytes of a 63-byte alphabet some row's fold form holds.
///
/// Found at load, it answers before any row is read that no row holds a term with a gram no row
/// has, in any form: a typo or a rare word at ten million rows would otherwise cost a pass over
/// every row. The alphabet is the printable ASCII a fold form holds, less six rare signs, so a
/// gram is a 6-bit symbol per byte and the grams' bits take 33 KiB. A gram may read as held that
/// no row holds (`GramScan` reads rows back to back), never the other way round.
struct GramPresence: @unchecked Sendable {
  /// One bit per gram's slot (`slot(of:)`): set when some row holds the gram.
  let bits: UnsafePinnedBuffer<UInt64>

  /// Symbols per byte: 0 stands for every byte outside the alphabet, which starts no gram.
  static let symbols = 64
  /// Slots: one-byte grams first, then two-byte, then three-byte ones.
  static let slotCount = 64 + 64 * 64 + 64 * 64 * 64
  /// Where the two- and three-byte grams start.
  static let pairBase = 64
  static let tripleBase = 64 + 64 * 64
  /// Words of bits.
  static let wordCount = slotCount / 64

  /// The grams of `bits` (`wordCount` words, found at load or read from a persisted index).
  init(bits: UnsafePinnedBuffer<UInt64>) {
    precondition(bits.count == Self.wordCount, "one bit per gram")
    self.bits = bits
  }

  /// Each byte's symbol: a fold form's printable ASCII but the six rarest signs, numbered 1 to
  /// 63; 0 for the rest (uppercase letters, which no fold form holds, controls and non-ASCII).
  static let symbolTable = UnsafePinnedBuffer<UInt8>(count: 256) { table in
    var next: UInt8 = 1
    for byte in 0x20...0x7E where !(0x41...0x5A).contains(byte) && !rareSigns.contains(UInt8(byte)) {
      table[byte] = next
      next += 1
    }
    assert(next == 64, "63 symbols")
  }

  /// The printable ASCII signs left out of the alphabet: `` ` { | } ~ \ ``.
  private static let rareSigns: [UInt8] = [0x60, 0x7B, 0x7C, 0x7D, 0x7E, 0x5C]

  /// The slot of the gram `bytes` (one to three bytes), or nil when a byte is outside the alphabet.
  static func slot(of bytes: some Collection<UInt8>) -> Int? {
    guard (1...3).contains(bytes.count) else { return nil }
    var code = 0
    for byte in bytes {
      let symbol = Int(symbolTable.base[Int(byte)])
      if symbol == 0 { return nil }
      code = code << 6 | symbol
    }
    switch bytes.count {
    case 1: return code
    case 2: return pairBase + code
    default: return tripleBase + code
    }
  }

  /// Whether some row holds the gram in fold form; nil when the gram is outside the alphabet.
  func holds(_ gram: some Collection<UInt8>) -> Bool? {
    Self.slot(of: gram).map { bits.base[$0 >> 6] & 1 << UInt64($0 & 63) != 0 }
  }

  /// A gram of `needle` (a term's needle in its form) that no row's fold form holds, if any.
  ///
  /// The needle's ASCII letters are lowercased first: a row holding the term in its `exact`,
  /// `ci` or `strip` form holds its ASCII runs so lowercased in its fold form. Bytes outside the
  /// alphabet split the needle into runs; each run's grams of up to three bytes are looked up.
  func absentGram(in needle: [UInt8]) -> [UInt8]? {
    let lowered = needle.map(ByteCodes.lowercased)
    var runStart = 0
    for end in 0...lowered.count {
      if end < lowered.count, Self.symbolTable.base[Int(lowered[end])] != 0 { continue }
      let run = lowered[runStart..<end]
      runStart = end + 1
      let width = min(3, run.count)
      guard width > 0 else { continue }
      for start in run.startIndex...(run.endIndex - width) {
        let gram = run[start..<start + width]
        if holds(gram) == false { return Array(gram) }
      }
    }
    return nil
  }

  /// The bits and, last, their checksum (FNV-1a over their bytes), as a persisted index stores
  /// them: a damaged bit would answer a search with no row, so the bits are trusted only whole.
  var stored: UnsafePinnedBuffer<UInt64> {
    UnsafePinnedBuffer(count: Self.wordCount + 1) { words in
      words.update(from: bits.base, count: Self.wordCount)
      words[Self.wordCount] = Self.checksum(bits.base)
    }
  }

  /// The grams of `stored` words (`stored`'s layout), or nil when their checksum disagrees.
  static func restoring(_ stored: UnsafePinnedBuffer<UInt64>) -> GramPresence? {
    guard stored.count == wordCount + 1, checksum(stored.base) == stored.base[wordCount] else { return nil }
    return GramPresence(
      bits: UnsafePinnedBuffer(count: wordCount) { $0.update(from: stored.base, count: wordCount) })
  }

  /// The index cache's checksum over the bytes of `wordCount` words.
  private static func checksum(_ words: UnsafePointer<UInt64>) -> UInt64 {
    IndexCacheKey.hash(UnsafeRawBufferPointer(start: words, count: wordCount * 8))
  }

  /// The first violated invariant (a gram held whose shorter grams are not), or nil.
  func invariantViolation() -> String? {
    func held(_ slot: Int) -> Bool { bits.base[slot >> 6] & 1 << UInt64(slot & 63) != 0 }
    for code in 0..<(Self.symbols * Self.symbols) where held(Self.pairBase + code) {
      if !held(code >> 6) || !held(code & 63) { return "a pair of grams is held without one of its bytes" }
    }
    for code in 0..<(Self.symbols * Self.symbols * Self.symbols) where held(Self.tripleBase + code) {
      if !held(Self.pairBase + code >> 6) || !held(Self.pairBase + code & 4095) {
        return "a triple of grams is held without one of its pairs"
      }
    }
    return nil
  }

  /// Traps unless every invariant holds (tests).
  func checkInvariants() {
    if let violation = invariantViolation() { preconditionFailure(violation) }
  }
}
