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

/// A one-letter fuzzy query's scores, read from the rows' text only for rows short enough to
/// rank among the best: `match` and twice the best bonus of a position holding the letter.
struct WordStartScores: UnsafeRowScores {
  /// Every row's forms.
  let texts: UnsafeRowTexts
  /// The letter, folded.
  let letter: UInt8

  /// The letter after whitespace or at the row's start.
  static var initial: Int32 { FuzzyBonus.match &+ 2 &* FuzzyBonus.highest }

  @inline(__always)
  func ceiling(at index: Int, row: Int32) -> Int32 { Self.initial }

  @inline(__always)
  func score(at index: Int, row: Int32) -> Int32 {
    let row = Int(row)
    if texts.isWide(row) { return wideScore(row) }
    var best: Int32 = 0
    let fold = texts.fold
    let start = fold.start(row)
    let cased = texts.casedBytes(row)
    let table = FuzzyBonus.table
    for position in 0..<(fold.end(row) &- start) where fold.base[start &+ position] == letter {
      best = max(best, FuzzyBonus.ascii(table, cased, position))
      if best == FuzzyBonus.highest { break }
    }
    return FuzzyBonus.match &+ 2 &* best
  }

  /// `score` of a wide row, from its scalars, whose original ones give them their case (not its
  /// bytes one for one); out of line, as few rows are wide.
  @inline(never)
  private func wideScore(_ row: Int) -> Int32 {
    var best: Int32 = 0
    FuzzyScorer.forEachBonus(texts.slice(row, .fold), cased: texts.casedSlice(row)) { value, bonus in
      if value == UInt32(letter) { best = max(best, bonus) }
      return best < FuzzyBonus.highest
    }
    return FuzzyBonus.match &+ 2 &* best
  }
}
