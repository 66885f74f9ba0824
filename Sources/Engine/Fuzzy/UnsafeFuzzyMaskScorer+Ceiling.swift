/// The cheap upper bounds of `UnsafeFuzzyMaskScorer.score` that decide which rows are scored.
///
/// Each step earns `match` and at most: at a position where a word may start (the row's first,
/// after a byte outside words) the highest bonus, elsewhere its byte's `offStart` (a letter or
/// digit after one 7); as the first step twice that; in a run at most the best of the run's
/// steps' (a consecutive position of the previous step's byte must exist), after a gap its own
/// less the shortest gap's 3 (a gap never costs less: the score before it is at least `match`).
/// Upper case is not in the fold form, so every letter after a letter may be a camelCase one.
extension UnsafeFuzzyMaskScorer {
  /// What `score` can reach at most in the `length` (at most 64) ASCII bytes at `text`, or
  /// `FuzzyScorer.none` when the pattern is not a subsequence (`score`'s first pass alone).
  ///
  /// In a row of letters and spaces (`lettersAndSpaces`, from its signature) words start after
  /// spaces only, one comparison instead of two ranges.
  @_transparent
  func ceiling(_ text: UnsafePointer<UInt8>, length: Int, lettersAndSpaces: Bool) -> Int32 {
    let window = Window(text, length: length)
    let starts = window.starts(spaces: lettersAndSpaces)
    var after: UInt64 = 0
    var earlier: UInt64 = 0
    var reach = FuzzyBonus.match &* Int32(truncatingIfNeeded: count)
    var runBest: Int32 = 0
    for step in 0..<count {
      let found = window.positions(of: pattern[step]) & window.valid & ~after
      if found == 0 { return FuzzyScorer.none }
      let most = found & starts != 0 ? FuzzyBonus.highest : offStarts[step]
      if step == 0 {
        reach &+= 2 &* most
        runBest = most
      } else {
        runBest = max(runBest, most)
        reach &+= (earlier &<< 1) & found != 0 ? runBest : most &- FuzzyBonus.gapStart
      }
      earlier = found
      let first = found & (0 &- found)
      after = (first &<< 1) &- 1
    }
    return reach
  }

  /// `ceiling` for a pattern of one or two bytes, without a branch on the row: both halves of
  /// the window are read whatever the row's length, and whether it matches is a select.
  @_transparent
  func shortCeiling(_ text: UnsafePointer<UInt8>, length: Int, lettersAndSpaces: Bool) -> Int32 {
    assert(length >= 0 && length <= 64, "a short ceiling over \(length) bytes")
    let window = Window(wholeOf: text, length: length)
    // Word starts from the bytes outside words in every row, so that nothing branches on it.
    let starts = window.starts(spaces: false)
    let firsts = window.positions(of: pattern[0]) & window.valid
    let afterFirst = ~((firsts & (0 &- firsts)) &<< 1 &- 1)
    let seconds = count == 2 ? window.positions(of: pattern[1]) & window.valid & afterFirst : firsts
    let highest = FuzzyBonus.highest
    let first = firsts & starts != 0 ? highest : offStarts[0]
    var reach = FuzzyBonus.match &+ 2 &* first
    if count == 2 {
      let second = seconds & starts != 0 ? highest : offStarts[1]
      let run = (firsts &<< 1) & seconds != 0 ? max(first, second) : second &- FuzzyBonus.gapStart
      reach &+= FuzzyBonus.match &+ run
    }
    return seconds != 0 ? reach : FuzzyScorer.none
  }
}
