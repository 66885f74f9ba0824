/// Where a ranking's scores come from while its best rows are selected (`RankSorter.best`): a
/// type, so each source's loop is compiled with its own lookup and no call per row.
protocol RowScores {
  /// The score of the row at `index` among the rows being ranked, whose id is `row`.
  func score(at index: Int, row: Int32) -> Int32
}

/// Scores listed by position, as a search computed them.
struct ListedScores: RowScores {
  let scores: UnsafeBufferPointer<Int32>

  @inline(__always)
  func score(at index: Int, row: Int32) -> Int32 { scores[index] }
}

/// A one-letter fuzzy query's scores, which the rows' word-initial signatures give without a
/// list: the letter starts a word of the row, or only appears inside words.
struct InitialScores: RowScores {
  let initials: UnsafePointer<UInt32>
  /// The letter's bit in `initials`.
  let letter: UInt32

  @inline(__always)
  func score(at index: Int, row: Int32) -> Int32 {
    initials[Int(row)] & letter != 0 ? FuzzyScorer.match &+ 2 &* FuzzyScorer.boundary : FuzzyScorer.match
  }
}
