import Testing

@testable import ShellCore

/// `RowBitmap` gives back exactly the ids it was made from, on one thread and in chunks, in full
/// and by position.
struct RowBitmapTests {
  /// Id sets by name: empty, every row, the ends only, every third row, and runs that straddle
  /// 64-bit words and (from 2^18 ids) the chunks that fill words in parallel.
  static let cases: [(String, Int, [Int32])] = [
    ("empty", 1_000, []),
    ("every row", 1_000, Array(0..<1_000)),
    ("ends", 129, [0, 63, 64, 127, 128]),
    ("every third", 100_000, Array(stride(from: 0, to: 100_000, by: 3))),
    ("chunked runs", 700_000, (0..<700_000).filter { ($0 / 5) % 3 != 0 }.map(Int32.init)),
  ]

  @Test(arguments: cases.indices)
  func idsComeBackInOrder(index: Int) {
    let (name, rowCount, ids) = Self.cases[index]
    let bitmap = RowBitmap(ids, rowCount: rowCount)
    #expect(bitmap.count == ids.count, "\(name)")
    #expect(bitmap.ids == ids, "\(name)")
  }

  /// Every position reads the id at that position of the list (a stride of them in the large
  /// cases), across words and groups of words, and bits given as words make the same set.
  @Test(arguments: cases.indices)
  func positionsReadTheIds(index: Int) {
    let (name, rowCount, ids) = Self.cases[index]
    let bitmap = RowBitmap(ids, rowCount: rowCount)
    let step = ids.count > 5_000 ? 97 : 1
    for position in stride(from: 0, to: ids.count, by: step) {
      #expect(bitmap[position] == ids[position], "\(name) position \(position)")
    }
    if let last = ids.indices.last { #expect(bitmap[last] == ids[last], "\(name) last") }
    var words = [UInt64](repeating: 0, count: (rowCount + 63) / 64)
    for id in ids { words[Int(id) >> 6] |= 1 << UInt64(id & 63) }
    #expect(RowBitmap(words: words) == bitmap, "\(name)")
  }
}
