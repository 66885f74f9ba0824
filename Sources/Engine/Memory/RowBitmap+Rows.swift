/// Reading a bitmap's rows a range of words at a time, with their positions in the set: how a
/// ranking held as bits is selected from on every core without its ids being listed.
extension RowBitmap {
  /// Words of bits (64 rows each).
  var wordCount: Int { words.count }

  /// How many rows of the set lie in the words before `word` (at most `wordCount`).
  func rank(beforeWord word: Int) -> Int {
    precondition(word >= 0 && word <= words.count, "word \(word) of \(words.count)")
    let group = word / Self.groupWords
    // Past the last group only when `word` is the end of a whole number of groups.
    guard group < ranks.count else { return count }
    var total = Int(ranks[group])
    for index in group &* Self.groupWords..<word { total &+= words[index].nonzeroBitCount }
    return total
  }

  /// Calls `body` with each row of the set in `wordRange`'s words, ascending, and its position
  /// in the whole set.
  @inline(__always)
  func forEachRow(inWords wordRange: Range<Int>, _ body: (_ position: Int, _ row: Int32) -> Void) {
    var position = rank(beforeWord: wordRange.lowerBound)
    words.withUnsafeBufferPointer { words in
      for index in wordRange {
        var remaining = words[index]
        let base = Int32(truncatingIfNeeded: index &* 64)
        while remaining != 0 {
          body(position, base &+ Int32(truncatingIfNeeded: remaining.trailingZeroBitCount))
          position &+= 1
          remaining &= remaining &- 1
        }
      }
    }
  }
}
