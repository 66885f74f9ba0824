/// Where a ranking's scores come from while its best rows are selected (`RankSorter.best`): a
/// type, so each source's loop is compiled with its own lookup and no call per row.
protocol UnsafeRowScores {
  /// At least the score of the row at `index` (whose id is `row`), and cheaper to know: a row
  /// that cannot beat the worst row kept even with it is never scored.
  func ceiling(at index: Int, row: Int32) -> Int32
  /// The score of the row at `index` among the rows being ranked, whose id is `row`.
  func score(at index: Int, row: Int32) -> Int32
}

/// Scores listed by position, as a search computed them.
struct ListedScores: UnsafeRowScores {
  let scores: UnsafeBufferPointer<Int32>

  @inline(__always)
  func ceiling(at index: Int, row: Int32) -> Int32 { scores[index] }

  @inline(__always)
  func score(at index: Int, row: Int32) -> Int32 { scores[index] }
}

/// A one-letter fuzzy query's scores, read from the rows' folded text only for rows short enough
/// to rank among the best: the letter starts a word of the row, or only appears inside words.
struct WordStartScores: UnsafeRowScores {
  /// Every row in `fold` form.
  let fold: UnsafeArenaView
  /// The letter, folded.
  let letter: UInt8

  /// A row whose letter starts a word.
  static let initial = FuzzyScorer.match &+ 2 &* FuzzyScorer.boundary

  @inline(__always)
  func ceiling(at index: Int, row: Int32) -> Int32 { Self.initial }

  @inline(__always)
  func score(at index: Int, row: Int32) -> Int32 {
    let start = fold.start(Int(row))
    let end = fold.end(Int(row))
    var position = start
    while position < end {
      if fold.base[position] == letter, ByteScanner.isWordStart(fold.base, rowStart: start, position) {
        return Self.initial
      }
      position &+= 1
    }
    return FuzzyScorer.match
  }
}
