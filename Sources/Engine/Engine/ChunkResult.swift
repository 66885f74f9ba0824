/// One chunk's matches, ascending, with fuzzy scores when asked.
struct ChunkResult {
  /// Writes into the chunk's share of the result array.
  var rows: UnsafeRowIDBuffer
  var scores: [Int32] = []
  var cancelled = false
  /// The prefetch loads' combined value, kept so the compiler cannot drop them.
  var touched: UInt8 = 0
  /// A copy of the matched rows' folded text, while the result is small enough to narrow from.
  var compact: UnsafeCompactRows.PartBuffer?
  /// A single fuzzy term's best rows, when the others' scores wait until read (`rankFuzzyRows`).
  var best: RankHeap?
  /// The passes the chunk chose at run time.
  var run = SearchRun()
}
