/// Where each row's text lives in each form, for the duration of one search.
///
/// ASCII rows read `fold` for the `fold` and `ci` forms and `cased` (the original bytes) for
/// `exact` and `strip`; wide rows read their own side arena except for `fold`.
struct UnsafeRowTexts {
  /// Every row in `fold` form.
  let fold: UnsafeArenaView
  /// Every row's original bytes (only ASCII rows are read through it).
  let cased: UnsafeArenaView
  /// Wide rows in `exact` form, by wide index.
  let exact: UnsafeArenaView
  /// Wide rows in `ci` form, by wide index.
  let ci: UnsafeArenaView
  /// Wide rows in `strip` form, by wide index.
  let strip: UnsafeArenaView
  /// The wide rows, ascending.
  let wideRows: UnsafePointer<Int32>
  /// Number of wide rows.
  let wideCount: Int
  /// One bit per row, set for wide rows.
  let wideBits: UnsafePointer<UInt64>
  /// Per word of `wideBits`, how many wide rows come before it.
  let wideRanks: UnsafePointer<UInt32>
  /// The rows whose fold form has a non-ASCII byte, ascending.
  let foldWideRows: UnsafeBufferPointer<Int32>
  /// The wide rows whose `exact` form is not their bytes, ascending.
  let exactWideRows: UnsafeBufferPointer<Int32>

  /// Whether `row` has a non-ASCII byte.
  @inline(__always) func isWide(_ row: Int) -> Bool {
    wideBits[row &>> 6] & (1 &<< (UInt64(truncatingIfNeeded: row) & 63)) != 0
  }

  /// The position of a wide row in `wideRows`.
  @inline(__always) func wideIndex(_ row: Int) -> Int {
    lowerWide(row)
  }

  /// The rows, ascending, whose bytes a sweep in `variant`'s arena cannot answer for: in `fold`
  /// a word start in rows that keep a non-ASCII byte (fewer than every wide row), in `exact` rows
  /// not in NFC, in `ci` and `strip` every wide row (their forms are not their fold or their bytes).
  func rowsToRecheck(_ variant: TextVariant, wordStart: Bool) -> UnsafeBufferPointer<Int32> {
    switch variant {
    case .fold: return wordStart ? foldWideRows : UnsafeBufferPointer(start: nil, count: 0)
    case .exact: return exactWideRows
    case .ci, .strip: return UnsafeBufferPointer(start: wideRows, count: wideCount)
    }
  }

  /// The first index in `wideRows` whose row is `>= row`.
  @inline(__always) func lowerWide(_ row: Int) -> Int {
    // The wide rows before the row's word, and those before it in its word: no search, and no
    // branch (a binary search over many wide rows costs a mispredicted branch per step).
    let word = row &>> 6
    let earlier = wideBits[word] & ((1 &<< UInt64(truncatingIfNeeded: row & 63)) &- 1)
    return Int(wideRanks[word]) &+ earlier.nonzeroBitCount
  }

  /// The first index in `rows` (ascending) whose row is `>= row` (binary search).
  static func lowerBound(_ rows: UnsafeBufferPointer<Int32>, _ row: Int) -> Int {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low &+ high) &>> 1
      if Int(rows[middle]) < row { low = middle &+ 1 } else { high = middle }
    }
    return low
  }

  /// The run of `rows` (ascending) within `block`, walking on from `start`, which is left at the
  /// run's end: blocks come in order, so each row is passed once, with no search.
  @inline(__always)
  static func run(
    of rows: UnsafeBufferPointer<Int32>, in block: Range<Int>, from start: inout Int
  ) -> UnsafeBufferPointer<Int32> {
    while start < rows.count, Int(rows[start]) < block.lowerBound { start &+= 1 }
    var end = start
    while end < rows.count, Int(rows[end]) < block.upperBound { end &+= 1 }
    let run = UnsafeBufferPointer(rebasing: rows[start..<end])
    start = end
    return run
  }

  /// The side arena holding the wide rows' `variant` form, by wide index (`fold` has no side
  /// arena: it reads as `strip`, which `slice` never asks for).
  @inline(__always) func side(_ variant: TextVariant) -> UnsafeArenaView {
    switch variant {
    case .exact: return exact
    case .ci: return ci
    case .strip, .fold: return strip
    }
  }

  /// A row's original text (what gives a fuzzy match's bonuses their case).
  @inline(__always) func casedSlice(_ row: Int) -> UnsafeRowSlice { cased.slice(row) }

  /// The original bytes of an ASCII row, as many as its fold form's: the fold form's own where
  /// the original is not as long (several columns whose joined text the system refused).
  @inline(__always) func casedBytes(_ row: Int) -> UnsafePointer<UInt8> {
    let start = cased.start(row)
    if cased.end(row) &- start == fold.end(row) &- fold.start(row) { return cased.base + start }
    return fold.base + fold.start(row)
  }

  /// A row's text in `variant` form.
  @inline(__always) func slice(_ row: Int, _ variant: TextVariant) -> UnsafeRowSlice {
    if variant == .fold { return fold.slice(row) }
    if !isWide(row) { return variant == .ci ? fold.slice(row) : cased.slice(row) }
    return side(variant).slice(wideIndex(row))
  }
}
