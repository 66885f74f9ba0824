import Foundation

/// Scores a fuzzy match: the best alignment of the pattern's scalars, in order, in the row's text.
///
/// The score of an alignment sums, per matched scalar, `match` plus `boundary` when it starts a
/// word (doubled for the pattern's first scalar); plus `consecutive` when it directly follows the
/// previous matched scalar, or minus `gap + 2` for a gap of `gap` scalars (a gap-start penalty of 3,
/// then 1 per extra scalar). The row's score is the best alignment's. `ReferenceMatcher` computes
/// the same definition by brute force; this is the O(n·m) dynamic program over a running maximum.
final class FuzzyScorer {
  static let match: Int32 = 16
  static let boundary: Int32 = 8
  static let consecutive: Int32 = 4
  /// Below any reachable score: marks "no alignment ends here".
  static let none = Int32.min / 4

  /// Scratch rows, grown as needed and reused for every row (one scorer per worker), from
  /// `malloc` (released with `free`); one element each until the first growth.
  private var capacity = 0
  private var text: UnsafeMutablePointer<UInt32> = first()
  private var bonus: UnsafeMutablePointer<Int32> = first()
  private var previous: UnsafeMutablePointer<Int32> = first()
  private var current: UnsafeMutablePointer<Int32> = first()
  private var positions: UnsafeMutablePointer<Int32> = first()
  private var nextPositions: UnsafeMutablePointer<Int32> = first()
  /// The bytes of a growth the system refused (0: none): the row that asked for it scores
  /// `none`, and the search that owns the scorer fails (`UnsafeRowIDBuffer.noteRefused`).
  private(set) var refusedBytes = 0
  /// The most scalars the scratch rows grow to: past it a growth is refused as the system's
  /// would be (tests set it; the system's own limit is otherwise the only one).
  var scratchLimit = Int.max
  /// Scores a row whose scratch is refused, when the scorer was made with one (a ranking's).
  private let stream: UnsafeFuzzyStreamScorer?
  /// `UnsafeFuzzyMaskScorer`'s pattern and scratch (fixed size: it only takes patterns up to 64 bytes).
  private let maskPattern = UnsafeMutablePointer<SIMD32<UInt8>>.allocate(capacity: 64)
  private let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
  private let maskValues = UnsafeMutablePointer<Int32>.allocate(capacity: 128)

  init() { stream = nil }

  /// A scorer that never leaves a row unscored for want of scratch: a row whose scratch rows the
  /// system refuses is scored with `room` scalars' worth, enough for patterns of up to `room`.
  init(streamRoom room: Int) throws(SearchError) {
    stream = try UnsafeFuzzyStreamScorer(room: room)
  }

  deinit {
    free(text)
    for pointer in [previous, current, bonus, positions, nextPositions] { free(pointer) }
    maskPattern.deallocate()
    masks.deallocate()
    maskValues.deallocate()
  }

  /// A bitmask scorer for `pattern` if it is 1 to 64 ASCII scalars, using this scorer's scratch
  /// (valid while `self` lives, until the next call).
  func maskScorer(pattern: UnsafePointer<UInt32>, count: Int) -> UnsafeFuzzyMaskScorer? {
    guard count > 0, count <= 64 else { return nil }
    for index in 0..<count {
      guard pattern[index] < 0x80 else { return nil }
      maskPattern[index] = SIMD32(repeating: UInt8(truncatingIfNeeded: pattern[index]))
    }
    return UnsafeFuzzyMaskScorer(pattern: maskPattern, count: count, masks: masks, values: maskValues)
  }

  /// The best score of `pattern` in the row, or `none` when it is not a subsequence.
  func score(_ row: UnsafeRowSlice, pattern: [UInt32]) -> Int32 {
    pattern.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return score(row, pattern: base, count: buffer.count)
    }
  }

  /// `score` with the pattern in a buffer.
  func score(_ row: UnsafeRowSlice, pattern: UnsafePointer<UInt32>, count patternCount: Int) -> Int32 {
    if patternCount == 0 { return 0 }
    if row.count <= 64, row.start &+ UnsafeFuzzyMaskScorer.reach <= row.limit,
      UnsafeFuzzyMaskScorer.isASCII(row.base + row.start, count: row.count),
      let kernel = maskScorer(pattern: pattern, count: patternCount)
    {
      return kernel.score(row.base + row.start, length: row.count)
    }
    // One test per row, as before; a growth the system refuses leaves the row to the stream
    // scorer, or unscored.
    if row.count > capacity {
      let refused = grow(row.count)
      if refused > 0 {
        if let stream, patternCount <= stream.room {
          return stream.score(row, pattern: pattern, count: patternCount)
        }
        refusedBytes = refused
        return Self.none
      }
    }
    if Self.isASCII(row), (0..<patternCount).allSatisfy({ pattern[$0] < 0x80 }) {
      return scoreASCII(row, pattern: pattern, count: patternCount)
    }
    let count = decode(row)
    if count == 0 { return Self.none }
    let none = Self.none
    let head = pattern[0]
    // Every alignment lies between the first occurrence of the first scalar and the last
    // occurrence of the last one: the dynamic program only runs over that window.
    var low = 0
    while low < count, text[low] != head { low &+= 1 }
    let tail = pattern[patternCount - 1]
    var high = count - 1
    while high >= low, text[high] != tail { high &-= 1 }
    if high < low { return none }
    let end = high &+ 1
    for index in low..<end {
      previous[index] = text[index] == head ? Self.match &+ 2 &* bonus[index] : none
    }
    var previous = self.previous
    var current = self.current
    for step in 1..<max(1, patternCount) {
      let wanted = pattern[step]
      // Best `previous[k] + k` over k <= index - 2: the gap transitions.
      var gapBest = none
      for index in low..<end {
        if index >= low &+ 2 {
          let earlier = previous[index &- 2]
          if earlier > none { gapBest = max(gapBest, earlier &+ Int32(truncatingIfNeeded: index &- 2)) }
        }
        guard text[index] == wanted else {
          current[index] = none
          continue
        }
        var best = none
        if index >= low &+ 1, previous[index &- 1] > none { best = previous[index &- 1] &+ Self.consecutive }
        if gapBest > none { best = max(best, gapBest &- Int32(truncatingIfNeeded: index) &- 1) }
        current[index] = best > none ? best &+ Self.match &+ bonus[index] : none
      }
      swap(&previous, &current)
    }
    var best = none
    for index in low..<end { best = max(best, previous[index]) }
    return best
  }

  /// Whether every byte of the row is ASCII.
  @inline(__always)
  private static func isASCII(_ row: UnsafeRowSlice) -> Bool {
    var any: UInt8 = 0
    for index in row.start..<row.end { any |= row.base[index] }
    return any < 0x80
  }

  /// `score` for an ASCII row and pattern.
  ///
  /// The same dynamic program, evaluated only at the
  /// positions holding each pattern character (a few per row) instead of at every position.
  /// `previous`/`current` hold the values and `positions`/`nextPositions` where they are.
  private func scoreASCII(_ row: UnsafeRowSlice, pattern: UnsafePointer<UInt32>, count patternCount: Int)
    -> Int32
  {
    let none = Self.none
    let base = row.base + row.start
    let count = row.count
    @inline(__always) func bonusAt(_ index: Int) -> Int32 {
      index == 0 || !ByteScanner.isASCIIWord(base[index &- 1]) ? Self.boundary : 0
    }
    var previousValues = previous
    var currentValues = current
    var previousPositions = positions
    var currentPositions = nextPositions
    let head = UInt8(truncatingIfNeeded: pattern[0])
    var previousCount = 0
    for index in 0..<count where base[index] == head {
      previousPositions[previousCount] = Int32(truncatingIfNeeded: index)
      previousValues[previousCount] = Self.match &+ 2 &* bonusAt(index)
      previousCount &+= 1
    }
    if previousCount == 0 { return none }
    for step in 1..<max(1, patternCount) {
      let wanted = UInt8(truncatingIfNeeded: pattern[step])
      var currentCount = 0
      var consumed = 0
      // Best `previous + position` over positions <= index - 2: the gap transitions.
      var gapBest = none
      // A match needs a previous-step position before it: start just after the first one.
      for index in (Int(previousPositions[0]) &+ 1)..<count where base[index] == wanted {
        let position = Int32(truncatingIfNeeded: index)
        while consumed < previousCount, previousPositions[consumed] <= position &- 2 {
          gapBest = max(gapBest, previousValues[consumed] &+ previousPositions[consumed])
          consumed &+= 1
        }
        var best = none
        if consumed < previousCount, previousPositions[consumed] == position &- 1 {
          best = previousValues[consumed] &+ Self.consecutive
        }
        if gapBest > none { best = max(best, gapBest &- position &- 1) }
        if best > none {
          currentPositions[currentCount] = position
          currentValues[currentCount] = best &+ Self.match &+ bonusAt(index)
          currentCount &+= 1
        }
      }
      if currentCount == 0 { return none }
      swap(&previousValues, &currentValues)
      swap(&previousPositions, &currentPositions)
      previousCount = currentCount
    }
    var best = none
    for index in 0..<previousCount { best = max(best, previousValues[index]) }
    return best
  }

  /// A scratch row's first room: one element (a fixed size, which only growth may be refused).
  private static func first<Element>() -> UnsafeMutablePointer<Element> {
    guard let room = try? SearchMemory.allocate(Element.self, count: 1) else {
      preconditionFailure("out of memory for a scorer's first scratch row")
    }
    return room
  }

  /// Whether the scratch rows hold `count` scalars, growing them if not (recording the bytes
  /// refused if the system refuses them).
  func reserve(_ count: Int) -> Bool {
    if count <= capacity { return true }
    let refused = grow(count)
    if refused > 0 { refusedBytes = refused }
    return refused == 0
  }

  /// Grows the scratch rows to at least `count` scalars and returns 0, or keeps the rows it has
  /// and returns the bytes the system refused.
  private func grow(_ count: Int) -> Int {
    let larger = max(count, capacity <= Int.max / 2 ? capacity * 2 : capacity, 64)
    if larger > scratchLimit { return Self.scratchBytes(larger) }
    var grown: [UnsafeMutablePointer<Int32>] = []
    for _ in 0..<6 {
      guard let rows = try? SearchMemory.allocate(Int32.self, count: larger) else {
        for rows in grown { free(rows) }
        return Self.scratchBytes(larger)
      }
      grown.append(rows)
    }
    for pointer in [previous, current, bonus, positions, nextPositions] { free(pointer) }
    free(text)
    text = UnsafeMutableRawPointer(grown[0]).bindMemory(to: UInt32.self, capacity: larger)
    (bonus, previous, current, positions, nextPositions) = (grown[1], grown[2], grown[3], grown[4], grown[5])
    capacity = larger
    return 0
  }

  /// The bytes of scratch rows for `count` scalars (`Int.max` past it), at least 1.
  private static func scratchBytes(_ count: Int) -> Int {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: 6 * MemoryLayout<Int32>.stride)
    return overflow ? .max : max(bytes, 1)
  }

  /// Fills `text` with the row's scalars and `bonus` with each position's word-start bonus.
  private func decode(_ row: UnsafeRowSlice) -> Int {
    let base = row.base
    var index = row.start
    var count = 0
    var previousIsWord = false
    while index < row.end {
      let byte = base[index]
      let value: UInt32
      if byte < 0x80 {
        value = UInt32(byte)
        index &+= 1
      } else {
        var end = index &+ 1
        while end < row.end, base[end] & 0xC0 == 0x80 { end &+= 1 }
        value = ByteScanner.decode(base, index, end)
        index = end
      }
      text[count] = value
      bonus[count] = previousIsWord ? 0 : Self.boundary
      count &+= 1
      previousIsWord = value < 0x80 ? ByteScanner.isASCIIWord(UInt8(value)) : TextFolding.isWordScalar(value)
    }
    return count
  }
}
