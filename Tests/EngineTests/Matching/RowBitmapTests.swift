import Testing

@testable import Engine

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

  /// Rows read a range of words at a time come with their positions in the set, whatever words
  /// the ranges start and end at (inside a group of eight words, at its edge, at the end).
  @Test(arguments: cases.indices)
  func wordRangesReadRowsAtTheirPositions(index: Int) {
    let (name, rowCount, ids) = Self.cases[index]
    let bitmap = RowBitmap(ids, rowCount: rowCount)
    let wordCount = bitmap.wordCount
    #expect(wordCount == (rowCount + 63) / 64, "\(name)")
    for cut in [0, 1, 7, 8, 9, wordCount / 3, wordCount - 1, wordCount] where cut >= 0 && cut <= wordCount {
      #expect(bitmap.rank(beforeWord: cut) == ids.filter { Int($0) < cut * 64 }.count, "\(name) word \(cut)")
      var read: [(Int, Int32)] = []
      bitmap.forEachRow(inWords: 0..<cut) { read.append(($0, $1)) }
      bitmap.forEachRow(inWords: cut..<wordCount) { read.append(($0, $1)) }
      // Compared as one value: a failing list of 466,000 ids would be printed whole.
      let positionsMatch = read.map(\.0) == Array(ids.indices)
      let rowsMatch = read.map(\.1) == ids
      #expect(positionsMatch, "\(name) positions split at \(cut)")
      #expect(rowsMatch, "\(name) rows split at \(cut)")
    }
  }
}
