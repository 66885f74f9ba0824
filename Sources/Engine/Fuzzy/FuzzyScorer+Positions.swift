/// fzf's dynamic program (`ReferenceMatcher.fuzzyAlignment`) evaluated at the positions holding
/// each pattern scalar only, a few per row, instead of at every cell.
///
/// Between two matched cells of a step its row only loses the gap's cost, down to 0: a cell
/// left of a position is the last cell the match won (an "event") less `gap + 2` for the
/// columns since, so each step keeps, per position, its cell's score and the bonus of the first
/// character of its run (-1 where the gap won the cell).
extension FuzzyScorer {
  /// A step's positions, their cells' scores and their runs' first bonuses, `room` each.
  struct UnsafeStepRows {
    var positions: UnsafeMutablePointer<Int32>
    var scores: UnsafeMutablePointer<Int32>
    var runs: UnsafeMutablePointer<Int32>
  }

  /// The best score of `pattern` in `text`, or `none` when it is not a subsequence; `first` and
  /// `second` hold a value per position of the row.
  @inline(__always)
  static func positionsScore<Text: FuzzyText>(
    _ text: Text, pattern: UnsafePointer<UInt32>, count patternCount: Int, _ first: UnsafeStepRows,
    _ second: UnsafeStepRows
  ) -> Int32 {
    let count = text.count
    var previous = first
    var current = second
    let head = pattern[0]
    var previousCount = 0
    var best = none
    for index in 0..<count where text.scalar(at: index) == head {
      let bonus = text.bonus(at: index)
      let value = FuzzyBonus.match &+ 2 &* bonus
      if patternCount == 1 {
        best = max(best, value)
        if bonus == FuzzyBonus.highest { return best }
        continue
      }
      previous.positions[previousCount] = Int32(truncatingIfNeeded: index)
      previous.scores[previousCount] = value
      previous.runs[previousCount] = bonus
      previousCount &+= 1
    }
    if patternCount == 1 || previousCount == 0 { return best }
    for step in 1..<patternCount {
      let wanted = pattern[step]
      let last = step == patternCount &- 1
      var currentCount = 0
      var consumed = 0
      // The previous step's last event before the position scored, and this step's last one.
      var lead: (position: Int32, score: Int32) = (-1, 0)
      var own: (position: Int32, score: Int32) = (-1, none)
      for index in (Int(previous.positions[0]) &+ 1)..<count where text.scalar(at: index) == wanted {
        let position = Int32(truncatingIfNeeded: index)
        while consumed < previousCount, previous.positions[consumed] < position {
          if previous.runs[consumed] >= 0 { lead = (previous.positions[consumed], previous.scores[consumed]) }
          consumed &+= 1
        }
        // The diagonal cell: the previous step at the column before (a position's, or the
        // last event's less the gap since; the first position always is an event).
        var diagonal = max(0, lead.score &- 2 &- (position &- 1 &- lead.position))
        var run: Int32 = -1
        if consumed > 0, previous.positions[consumed &- 1] == position &- 1 {
          diagonal = previous.scores[consumed &- 1]
          run = previous.runs[consumed &- 1]
        }
        let (earned, start) = Self.earned(text.bonus(at: index), run: run)
        let value = diagonal &+ FuzzyBonus.match &+ earned
        // The last step's best is its best event's: a cell the gap wins scores below an earlier one.
        if last {
          best = max(best, value)
          continue
        }
        let gap = own.position >= 0 ? own.score &- 2 &- (position &- own.position) : none
        current.positions[currentCount] = position
        if value >= gap {
          (current.scores[currentCount], current.runs[currentCount]) = (value, start)
          own = (position, value)
        } else {
          (current.scores[currentCount], current.runs[currentCount]) = (gap, -1)
        }
        currentCount &+= 1
      }
      if last || currentCount == 0 { return best }
      previousCount = currentCount
      swap(&previous, &current)
    }
    return best
  }

  /// What a matched position earns, and the first bonus of the run it ends: its own `bonus`
  /// after a gap (`run` -1) or when that is a word start's above the run's first bonus (the run
  /// starts again), else the larger of its own, `consecutive` and the run's first bonus.
  @inline(__always)
  static func earned(_ bonus: Int32, run: Int32) -> (earned: Int32, start: Int32) {
    if run < 0 || bonus >= FuzzyBonus.boundary && bonus > run { return (bonus, bonus) }
    return (max(bonus, FuzzyBonus.consecutive, run), run)
  }
}
