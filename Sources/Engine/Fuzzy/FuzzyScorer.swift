import Foundation

/// Scores a fuzzy match as fzf's v2 algorithm does: the best alignment of the pattern's scalars,
/// in order, in the row's text, by `ReferenceMatcher.fuzzyAlignment`'s dynamic program.
///
/// Every matched scalar earns `FuzzyBonus.match` and its position's bonus (twice for the
/// pattern's first scalar, a run's first bonus within a consecutive run); a gap costs 3 for its
/// first character and 1 for each further one, never below 0. The kernels visit only the
/// positions holding each pattern scalar (`positionsScore`, `UnsafeFuzzyMaskScorer`); a row's
/// bonuses come from its original text, whose case its folded form lost.
final class FuzzyScorer {
  /// Below any reachable score: marks "no alignment ends here".
  static let none = Int32.min / 4
  /// Scratch rows a row's scalars' worth each.
  static let scratchRows = 8

  /// Scratch rows, grown as needed and reused for every row (one scorer per worker), from
  /// `malloc` (released with `free`); one element each until the first growth.
  private var capacity = 0
  private var text: UnsafeMutablePointer<UInt32> = first()
  private var bonus: UnsafeMutablePointer<Int32> = first()
  private var rows: [UnsafeMutablePointer<Int32>] = (0..<6).map { _ in first() }
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
  private let maskValues = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * 64)
  private let maskOffStarts = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
  /// `casedProxy`'s bytes.
  private let proxy = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)

  init() { stream = nil }

  /// A scorer that never leaves a row unscored for want of scratch: a row whose scratch rows the
  /// system refuses is scored with `room` scalars' worth, enough for patterns of up to `room`.
  init(streamRoom room: Int) throws(SearchError) {
    stream = try UnsafeFuzzyStreamScorer(room: room)
  }

  deinit {
    free(text)
    free(bonus)
    for pointer in rows { free(pointer) }
    maskPattern.deallocate()
    masks.deallocate()
    maskValues.deallocate()
    maskOffStarts.deallocate()
    proxy.deallocate()
  }

  /// A bitmask scorer for `pattern` if it is 1 to 64 ASCII scalars, using this scorer's scratch
  /// (valid while `self` lives, until the next call).
  func maskScorer(pattern: UnsafePointer<UInt32>, count: Int) -> UnsafeFuzzyMaskScorer? {
    guard count > 0, count <= 64 else { return nil }
    for index in 0..<count {
      guard pattern[index] < 0x80 else { return nil }
      maskPattern[index] = SIMD32(repeating: UInt8(truncatingIfNeeded: pattern[index]))
      maskOffStarts[index] = FuzzyBonus.offStart(pattern[index])
    }
    return UnsafeFuzzyMaskScorer(
      pattern: maskPattern, count: count, masks: masks, values: maskValues, offStarts: maskOffStarts,
      table: FuzzyBonus.table)
  }

  /// What a mask kernel reads the bonuses of a wide row from (valid until the next call).
  ///
  /// Its fold form (`length` ASCII bytes at `fold`, at most 64) is not its original text byte for
  /// byte (`café`): the fold bytes, a letter made uppercase where the original (when it has as
  /// many scalars) has an uppercase one, give the classes `ReferenceMatcher.fuzzyBonuses` gives.
  func casedProxy(fold: UnsafePointer<UInt8>, length: Int, cased: UnsafeRowSlice) -> UnsafePointer<UInt8> {
    precondition(length <= 64, "a proxy of \(length) bytes")
    proxy.update(from: fold, count: length)
    // The fold form may be followed by pad bytes (`FoldedIndex.padByte`), which are no scalars.
    var scalars = length
    while scalars > 0, fold[scalars &- 1] == FoldedIndex.padByte { scalars &-= 1 }
    var count = 0
    Self.forEachScalar(cased) { _ in count &+= 1 }
    guard count == scalars else { return UnsafePointer(proxy) }
    var index = 0
    Self.forEachScalar(cased) { value in
      if proxy[index] &- 0x61 < 26, FuzzyBonus.isUppercase(value) { proxy[index] &-= 0x20 }
      index &+= 1
    }
    return UnsafePointer(proxy)
  }

  /// The best score of `pattern` in the row (its text in the term's form; `cased` its original
  /// text), or `none` when it is not a subsequence.
  func score(_ row: UnsafeRowSlice, cased: UnsafeRowSlice, pattern: [UInt32]) -> Int32 {
    pattern.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return score(row, cased: cased, pattern: base, count: buffer.count)
    }
  }

  /// `score` with the pattern in a buffer.
  func score(
    _ row: UnsafeRowSlice, cased: UnsafeRowSlice, pattern: UnsafePointer<UInt32>, count patternCount: Int
  ) -> Int32 {
    if patternCount == 0 { return 0 }
    // An ASCII original as long as the form: its bytes give the bonuses where they are read.
    let ascii = cased.count == row.count && Self.isASCII(cased)
    if ascii, row.count <= 64, row.start &+ UnsafeFuzzyMaskScorer.reach <= row.limit,
      let kernel = maskScorer(pattern: pattern, count: patternCount)
    {
      return kernel.score(row.base + row.start, cased: cased.base + cased.start, length: row.count)
    }
    // One test per row, as before; a growth the system refuses leaves the row to the stream
    // scorer, or unscored.
    if row.count > capacity {
      let refused = grow(row.count)
      if refused > 0 {
        if let stream, patternCount <= stream.room {
          return stream.score(row, cased: cased, pattern: pattern, count: patternCount)
        }
        refusedBytes = refused
        return Self.none
      }
    }
    let (first, second) = (
      UnsafeStepRows(positions: rows[0], scores: rows[1], runs: rows[2]),
      UnsafeStepRows(positions: rows[3], scores: rows[4], runs: rows[5])
    )
    if ascii {
      let bytes = UnsafeASCIIFuzzyText(
        text: row.base + row.start, cased: cased.base + cased.start, count: row.count, table: FuzzyBonus.table
      )
      return Self.positionsScore(bytes, pattern: pattern, count: patternCount, first, second)
    }
    let count = decode(row, cased: cased)
    let decoded = UnsafeDecodedFuzzyText(text: text, bonuses: bonus, count: count)
    return Self.positionsScore(decoded, pattern: pattern, count: patternCount, first, second)
  }

  /// Whether every byte of the row is ASCII.
  @inline(__always)
  private static func isASCII(_ row: UnsafeRowSlice) -> Bool {
    var any: UInt8 = 0
    for index in row.start..<row.end { any |= row.base[index] }
    return any < 0x80
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
    for _ in 0..<Self.scratchRows {
      guard let rows = try? SearchMemory.allocate(Int32.self, count: larger) else {
        for rows in grown { free(rows) }
        return Self.scratchBytes(larger)
      }
      grown.append(rows)
    }
    free(text)
    free(bonus)
    for pointer in rows { free(pointer) }
    text = UnsafeMutableRawPointer(grown[0]).bindMemory(to: UInt32.self, capacity: larger)
    bonus = grown[1]
    rows = Array(grown[2...])
    capacity = larger
    return 0
  }

  /// The bytes of scratch rows for `count` scalars (`Int.max` past it), at least 1.
  private static func scratchBytes(_ count: Int) -> Int {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: scratchRows * MemoryLayout<Int32>.stride)
    return overflow ? .max : max(bytes, 1)
  }

  /// Fills `text` with the row's scalars and `bonus` with each position's bonus; returns how many.
  private func decode(_ row: UnsafeRowSlice, cased: UnsafeRowSlice) -> Int {
    var count = 0
    let (text, bonus) = (text, bonus)
    Self.forEachBonus(row, cased: cased) { value, earned in
      text[count] = value
      bonus[count] = earned
      count &+= 1
      return true
    }
    return count
  }

  /// Calls `body` with each scalar of the row (UTF-8).
  @inline(__always)
  static func forEachScalar(_ row: UnsafeRowSlice, _ body: (UInt32) -> Void) {
    var index = row.start
    while index < row.end {
      let (value, next) = scalar(row, at: index)
      body(value)
      index = next
    }
  }

  /// Calls `body` with each scalar of the row (in its term's form) and its position's bonus,
  /// until it returns false: classes from the form's scalars, made uppercase where `cased` (the
  /// original, when it has as many scalars) has an uppercase letter; the start counts as after
  /// whitespace.
  @inline(__always)
  static func forEachBonus(_ row: UnsafeRowSlice, cased: UnsafeRowSlice, _ body: (UInt32, Int32) -> Bool) {
    var rowCount = 0
    var casedCount = 0
    forEachScalar(row) { _ in rowCount &+= 1 }
    forEachScalar(cased) { _ in casedCount &+= 1 }
    let promote = rowCount == casedCount
    let (classes, matrix) = (FuzzyBonus.table, FuzzyBonus.matrix)
    var casedIndex = cased.start
    var previous = FuzzyBonus.white
    var index = row.start
    while index < row.end {
      let (value, next) = scalar(row, at: index)
      index = next
      var current = value < 0x80 ? classes[Int(value)] : FuzzyBonus.wideClass(value)
      if promote {
        let (original, after) = scalar(cased, at: casedIndex)
        casedIndex = after
        if current == FuzzyBonus.lower, FuzzyBonus.isUppercase(original) { current = FuzzyBonus.upper }
      }
      let bonus = Int32(matrix[Int(previous) &<< 3 | Int(current)])
      previous = current
      if !body(value, bonus) { return }
    }
  }

  /// The scalar starting at byte `index` of the row and the index after it (the row is UTF-8).
  @inline(__always)
  static func scalar(_ row: UnsafeRowSlice, at index: Int) -> (UInt32, Int) {
    let byte = row.base[index]
    if byte < 0x80 { return (UInt32(byte), index &+ 1) }
    var end = index &+ 1
    while end < row.end, row.base[end] & 0xC0 == 0x80 { end &+= 1 }
    return (ByteScanner.decode(row.base, index, end), end)
  }
}
