import Foundation

/// `FuzzyScorer`'s score with scratch sized by the pattern, not the row: the fallback for a row
/// whose scratch the system refuses, so that a ranking read past its top scores every row.
///
/// The same dynamic program with the row as the outer loop: per pattern scalar it keeps the
/// last cell its match won (an "event": its column, score and run's first bonus), from which
/// every later cell of its row follows (less the gap since). Three `Int32` per pattern scalar,
/// allocated at creation, where a search can still fail.
final class UnsafeFuzzyStreamScorer {
  /// The longest pattern, in scalars, the scratch holds.
  let room: Int
  private let columns: UnsafeMutablePointer<Int32>
  private let scores: UnsafeMutablePointer<Int32>
  private let runs: UnsafeMutablePointer<Int32>

  /// Scratch for patterns of up to `room` scalars, or `searchOutOfMemory`.
  init(room: Int) throws(SearchError) {
    self.room = max(room, 1)
    let (bytes, overflow) = self.room.multipliedReportingOverflow(by: 3)
    if overflow { throw .searchOutOfMemory(requested: .max) }
    let scratch = try SearchMemory.allocate(Int32.self, count: bytes)
    columns = scratch
    scores = scratch + self.room
    runs = scratch + 2 &* self.room
  }

  deinit { free(columns) }

  /// The best score of `pattern` (at most `room` scalars) in the row (its text in the term's
  /// form; `cased` its original text), or `FuzzyScorer.none`.
  func score(_ row: UnsafeRowSlice, cased: UnsafeRowSlice, pattern: UnsafePointer<UInt32>, count: Int)
    -> Int32
  {
    precondition(count <= room, "a pattern of \(count) scalars in scratch for \(room)")
    if count == 0 { return 0 }
    let none = FuzzyScorer.none
    for step in 0..<count { (columns[step], scores[step], runs[step]) = (-1, 0, -1) }
    var best = none
    var column: Int32 = -1
    FuzzyScorer.forEachBonus(row, cased: cased) { value, bonus in
      column &+= 1
      // Descending, so that the previous step's event is still the previous column's when read.
      var step = count &- 1
      while step >= 0 {
        defer { step &-= 1 }
        guard pattern[step] == value else { continue }
        if step == 0 {
          (columns[0], scores[0], runs[0]) = (column, FuzzyBonus.match &+ 2 &* bonus, bonus)
          if count == 1 { best = max(best, scores[0]) }
          continue
        }
        let lead = columns[step &- 1]
        guard lead >= 0 else { continue }
        var diagonal = max(0, scores[step &- 1] &- 2 &- (column &- 1 &- lead))
        var run: Int32 = -1
        if lead == column &- 1 { (diagonal, run) = (scores[step &- 1], runs[step &- 1]) }
        let (earned, start) = FuzzyScorer.earned(bonus, run: run)
        let reached = diagonal &+ FuzzyBonus.match &+ earned
        let gap = columns[step] >= 0 ? scores[step] &- 2 &- (column &- columns[step]) : none
        if reached >= gap { (columns[step], scores[step], runs[step]) = (column, reached, start) }
        if step == count &- 1 { best = max(best, reached) }
      }
      return true
    }
    return best
  }
}
