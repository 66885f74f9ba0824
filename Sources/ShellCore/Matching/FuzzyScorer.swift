/// Scores a fuzzy match: the best alignment of the pattern's scalars, in order, in the row's text.
///
/// The score of an alignment sums, per matched scalar, `match` plus `boundary` when it starts a
/// word (doubled for the pattern's first scalar); plus `consecutive` when it directly follows the
/// previous matched scalar, or minus `gap + 2` for a gap of `gap` scalars (a gap-start penalty of 3,
/// then 1 per extra scalar). The row's score is the best alignment's. `ReferenceMatcher` computes
/// the same definition by brute force; this is the O(n·m) dynamic program over a running maximum.
struct FuzzyScorer {
  static let match: Int32 = 16
  static let boundary: Int32 = 8
  static let consecutive: Int32 = 4
  /// Below any reachable score: marks "no alignment ends here".
  static let none = Int32.min / 4

  private var text: [UInt32] = []
  private var bonus: [Int32] = []
  private var previous: [Int32] = []
  private var current: [Int32] = []

  /// The best score of `pattern` in the row, or `none` when it is not a subsequence.
  mutating func score(_ row: RowSlice, pattern: [UInt32]) -> Int32 {
    pattern.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return score(row, pattern: base, count: buffer.count)
    }
  }

  /// `score` with the pattern in a buffer.
  mutating func score(_ row: RowSlice, pattern: UnsafePointer<UInt32>, count patternCount: Int) -> Int32 {
    let pattern = UnsafeBufferPointer(start: pattern, count: patternCount)
    decode(row)
    let count = text.count
    if pattern.isEmpty { return 0 }
    if count == 0 { return Self.none }
    if previous.count < count {
      previous = [Int32](repeating: Self.none, count: count)
      current = previous
    }
    return text.withUnsafeBufferPointer { text in
      bonus.withUnsafeBufferPointer { bonus in
        previous.withUnsafeMutableBufferPointer { previous in
          current.withUnsafeMutableBufferPointer { current in
            Self.align(text, bonus, pattern, previous, current)
          }
        }
      }
    }
  }

  private static func align(
    _ text: UnsafeBufferPointer<UInt32>, _ bonus: UnsafeBufferPointer<Int32>, _ pattern: UnsafeBufferPointer<UInt32>,
    _ previousRow: UnsafeMutableBufferPointer<Int32>, _ currentRow: UnsafeMutableBufferPointer<Int32>
  ) -> Int32 {
    // Two rolling rows of the table; swapped after each pattern scalar.
    var previous = previousRow
    var current = currentRow
    let count = text.count
    let head = pattern[0]
    for index in 0..<count {
      previous[index] = text[index] == head ? match + 2 * bonus[index] : none
    }
    for step in 1..<max(1, pattern.count) {
      let wanted = pattern[step]
      // Best `previous[k] + k` over k <= index - 2: the gap transitions.
      var gapBest = none
      for index in 0..<count {
        if index >= 2, previous[index - 2] > none {
          gapBest = max(gapBest, previous[index - 2] + Int32(index - 2))
        }
        guard text[index] == wanted else {
          current[index] = none
          continue
        }
        var best = none
        if index >= 1, previous[index - 1] > none { best = previous[index - 1] + consecutive }
        if gapBest > none { best = max(best, gapBest - Int32(index) - 1) }
        current[index] = best > none ? best + match + bonus[index] : none
      }
      swap(&previous, &current)
    }
    var best = none
    for index in 0..<count { best = max(best, previous[index]) }
    return best
  }

  /// Fills `text` with the row's scalars and `bonus` with each position's word-start bonus.
  private mutating func decode(_ row: RowSlice) {
    text.removeAll(keepingCapacity: true)
    bonus.removeAll(keepingCapacity: true)
    let base = row.base
    var index = row.start
    var previousIsWord = false
    while index < row.end {
      let byte = base[index]
      var value: UInt32
      if byte < 0x80 {
        value = UInt32(byte)
        index += 1
      } else {
        var end = index + 1
        while end < row.end, base[end] & 0xC0 == 0x80 { end += 1 }
        value = ByteScanner.decode(base, index, end)
        index = end
      }
      text.append(value)
      bonus.append(previousIsWord ? 0 : Self.boundary)
      previousIsWord = value < 0x80 ? ByteScanner.isASCIIWord(UInt8(value)) : TextFolding.isWordScalar(value)
    }
  }
}
