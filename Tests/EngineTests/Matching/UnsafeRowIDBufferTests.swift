import Testing

@testable import Engine

/// `UnsafeRowIDBuffer` in bits mode: ids appended one by one and a block at a time, past the room it
/// holds them in, come back as the bits of exactly those rows, and chunks whose rows share a
/// word of bits set it together.
struct UnsafeRowIDBufferTests {
  /// Chunks by name: their row ranges (consecutive, some splitting a word of 64 rows) and which
  /// rows of them match.
  static let cases: [(String, [Range<Int>], @Sendable (Int) -> Bool)] = [
    ("one chunk, every row", [0..<1_000], { _ in true }),
    ("split inside a word", [0..<100, 100..<130, 130..<5_000], { $0 % 3 != 1 }),
    ("empty chunks", [0..<0, 0..<64, 64..<64, 64..<200], { $0 % 2 == 0 }),
    ("past the room", [0..<70_000, 70_000..<140_001], { ($0 / 7) % 5 != 0 }),
  ]

  @Test(arguments: cases.indices)
  func idsAppendedComeBackAsTheirBits(index: Int) {
    let (name, chunks, matches) = Self.cases[index]
    let rowCount = chunks.last?.upperBound ?? 0
    let wordCount = (rowCount + 63) / 64
    var words = [UInt64](repeating: 0, count: max(wordCount, 1))
    for (number, rows) in chunks.enumerated() {
      let buffer = UnsafeRowIDBuffer(bitsFor: rows, capacity: 100)
      #expect(buffer.holdsBits)
      let found = rows.filter(matches)
      // Alternate chunks: one id at a time, or a block of up to 64 without a branch.
      if number % 2 == 0 {
        for row in found { buffer.append(row) }
      } else {
        var next = found[...]
        while !next.isEmpty {
          let block = next.prefix(64)
          buffer.appendBranchFree(upTo: 64) { output in
            for (offset, row) in block.enumerated() { output[offset] = Int32(row) }
            return block.count
          }
          next = next.dropFirst(block.count)
        }
      }
      #expect(buffer.total == found.count, "\(name) chunk \(number)")
      buffer.checkInvariants()
      words.withUnsafeMutableBufferPointer { words in
        guard let base = words.baseAddress else { return }
        buffer.orBits(into: base)
      }
    }
    let bits = RowBitmap(words: Array(words.prefix(wordCount)))
    let expected = (0..<rowCount).filter(matches).map(Int32.init)
    #expect(bits.count == expected.count, "\(name)")
    let same = bits.ids == expected
    #expect(same, "\(name)")
  }
}

/// `UnsafeRowIDBuffer` whose bits the system refuses: no trap, the ids are dropped, and the
/// search that owns it fails with the bytes refused.
struct UnsafeRowIDBufferRefusalTests {
  /// Rows 0..<2^58 take 2^52 words (32 PiB), past any x86-64 or arm64 address space.
  @Test func refusedBitsAreAnErrorNamingTheBytes() {
    let buffer = UnsafeRowIDBuffer(bitsFor: 0..<(1 << 58), capacity: 16)
    #expect(buffer.holdsBits)
    for row in 0..<100 { buffer.append(row) }
    buffer.checkInvariants()
    var word: UInt64 = 0
    buffer.orBits(into: &word)
    #expect(word == 0)
    #expect(throws: SearchError.searchOutOfMemory(requested: 1 << 55)) { try buffer.throwIfRefused() }
  }
}
