/// The rows a fuzzy ranking loop reads, those whose signature has every byte of the pattern, one
/// at a time: every row of a range, or a previous result's (`SearchPlan.Recheck.fuzzyRank`).
///
/// A protocol so that the loop is specialised for each: its body stays inline in one loop, which
/// a shared function per row did not (the compiler kept the loop's values on the stack).
protocol FuzzyRowSource {
  /// The next row whose signature in `signatures` has every bit the pattern requires, or -1.
  mutating func next(signatures: UnsafePointer<UInt32>) -> Int
}

/// Every row of a range.
struct EveryFuzzyRow: FuzzyRowSource {
  private var row: Int
  private let end: Int
  private let required: UInt32

  init(rows: Range<Int>, required: UInt32) {
    (row, end, self.required) = (rows.lowerBound, rows.upperBound, required)
  }

  @inline(__always)
  mutating func next(signatures: UnsafePointer<UInt32>) -> Int {
    // The rows skipped, in a loop of their own (`nextRow`).
    let found = Self.nextRow(from: row, to: end, signatures: signatures, required: required)
    guard found < end else { return -1 }
    row = found &+ 1
    return found
  }

  /// The first row from `row` on (or `end`) whose signature has every bit of `required`.
  @inline(never)
  static func nextRow(
    from row: Int, to end: Int, signatures: UnsafePointer<UInt32>, required: UInt32
  ) -> Int {
    var row = row
    while row < end, signatures[row] & required != required { row &+= 1 }
    return row
  }
}

/// The rows at a range of positions in a list of candidates (ascending).
struct CandidateFuzzyRows: FuzzyRowSource {
  private let candidates: UnsafePointer<Int32>
  private var position: Int
  private let end: Int
  private let required: UInt32

  init(candidates: UnsafePointer<Int32>, positions: Range<Int>, required: UInt32) {
    (self.candidates, position, end, self.required) = (
      candidates, positions.lowerBound, positions.upperBound, required
    )
  }

  @inline(__always)
  mutating func next(signatures: UnsafePointer<UInt32>) -> Int {
    while position < end {
      let row = Int(candidates[position])
      position &+= 1
      if signatures[row] & required == required { return row }
    }
    return -1
  }
}
