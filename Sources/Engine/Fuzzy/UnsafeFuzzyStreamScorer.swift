import Foundation

/// `FuzzyScorer`'s score with scratch sized by the pattern, not the row: the fallback for a row
/// whose scratch the system refuses, so that a ranking read past its top scores every row.
///
/// The same dynamic program with the row as the outer loop: per pattern scalar it keeps the value
/// of an alignment ending at the previous scalar (`last`), at the one before (`beforeLast`), and
/// the best `value + position` of those ending two or more scalars back (`gapBest`). Three
/// `Int32` per pattern scalar, allocated at creation, where a search can still fail.
final class UnsafeFuzzyStreamScorer {
  /// The longest pattern, in scalars, the scratch holds.
  let room: Int
  private let last: UnsafeMutablePointer<Int32>
  private let beforeLast: UnsafeMutablePointer<Int32>
  private let gapBest: UnsafeMutablePointer<Int32>

  /// Scratch for patterns of up to `room` scalars, or `searchOutOfMemory`.
  init(room: Int) throws(SearchError) {
    self.room = max(room, 1)
    let (bytes, overflow) = self.room.multipliedReportingOverflow(by: 3)
    if overflow { throw .searchOutOfMemory(requested: .max) }
    let scratch = try SearchMemory.allocate(Int32.self, count: bytes)
    last = scratch
    beforeLast = scratch + self.room
    gapBest = scratch + 2 &* self.room
  }

  deinit { free(last) }

  /// The best score of `pattern` (at most `room` scalars) in the row, or `FuzzyScorer.none`.
  func score(_ row: UnsafeRowSlice, pattern: UnsafePointer<UInt32>, count: Int) -> Int32 {
    precondition(count <= room, "a pattern of \(count) scalars in scratch for \(room)")
    if count == 0 { return 0 }
    let none = FuzzyScorer.none
    for step in 0..<count {
      last[step] = none
      beforeLast[step] = none
      gapBest[step] = none
    }
    var best = none
    var position: Int32 = 0
    var index = row.start
    var previousIsWord = false
    while index < row.end {
      let (value, next) = Self.scalar(row, at: index)
      index = next
      let bonus = previousIsWord ? 0 : FuzzyScorer.boundary
      previousIsWord = value < 0x80 ? ByteScanner.isASCIIWord(UInt8(value)) : TextFolding.isWordScalar(value)
      // Alignments ending two scalars back now reach this one across a gap.
      for step in 0..<count where beforeLast[step] > none {
        gapBest[step] = max(gapBest[step], beforeLast[step] &+ position &- 2)
      }
      // Descending, so that `last[step - 1]` is still the previous scalar's value when read.
      var step = count &- 1
      while step >= 0 {
        var here = none
        if pattern[step] == value {
          if step == 0 {
            here = FuzzyScorer.match &+ 2 &* bonus
          } else {
            var reach = none
            if last[step &- 1] > none { reach = last[step &- 1] &+ FuzzyScorer.consecutive }
            if gapBest[step &- 1] > none { reach = max(reach, gapBest[step &- 1] &- position &- 1) }
            if reach > none { here = reach &+ FuzzyScorer.match &+ bonus }
          }
        }
        beforeLast[step] = last[step]
        last[step] = here
        step &-= 1
      }
      best = max(best, last[count &- 1])
      position &+= 1
    }
    return best
  }

  /// The scalar starting at byte `index` of the row and the index after it (the row is UTF-8).
  @inline(__always)
  private static func scalar(_ row: UnsafeRowSlice, at index: Int) -> (UInt32, Int) {
    let byte = row.base[index]
    if byte < 0x80 { return (UInt32(byte), index &+ 1) }
    var end = index &+ 1
    while end < row.end, row.base[end] & 0xC0 == 0x80 { end &+= 1 }
    return (ByteScanner.decode(row.base, index, end), end)
  }
}
