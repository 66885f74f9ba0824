/// `SearchEngine.sweptBits` for a range of rows: a term of two or three bytes found by `RowSweep`
/// a block at a time and written as the rows' bits, as `UnsafeChunkSweep` finds it as ids.
///
/// A common short term matches a quarter of the rows or more: its ids took 10 MB at 10M rows,
/// whose pages' first writes cost more than the sweep saved (each a fault of microseconds under
/// virtualisation); its bits take a thirty-second of that. Rows whose form is not the bytes swept
/// (`UnsafeRowTexts.rowsToRecheck`) are tested in their own form, as are rows too near the arena's
/// edges to read around.
struct TermSweepBits<Shape: ProbeShape> {
  let sweep: RowSweep<Shape>
  let texts: UnsafeRowTexts
  let plan: UnsafeTermPlan
  /// Rows per block: a multiple of 64, so that a block's bits are whole words.
  let blockRows: Int

  init(needle: [UInt8], texts: UnsafeRowTexts, plan: UnsafeTermPlan, blockRows: Int) {
    sweep = RowSweep(needle: needle)
    (self.texts, self.plan) = (texts, plan)
    self.blockRows = max(64, blockRows & ~63)
  }

  /// Writes the bits of the rows of `words` (bit `r % 64` of word `r / 64`), of `rowCount` rows.
  func fill(_ words: Range<Int>, rowCount: Int, into output: UnsafeMutablePointer<UInt64>) {
    let variant = plan.variant
    let view = variant == .fold || variant == .ci ? texts.fold : texts.cased
    let wide = texts.rowsToRecheck(variant, wordStart: plan.kind == .wordStart)
    var scratch = UnsafeChunkSweep<Shape>.Scratch()
    defer { scratch.words.deallocate() }
    var lower = words.lowerBound &* 64
    // Found by a search: a chunk past the first would walk every re-checked row before it.
    var wideStart = UnsafeRowTexts.lowerBound(wide, lower)
    let rowEnd = min(rowCount, words.upperBound &* 64)
    while lower < rowEnd {
      let next = min(rowEnd, lower &+ blockRows)
      for word in (lower &>> 6)..<((next &+ 63) &>> 6) { output[word] = 0 }
      // The sweep reads bytes before a row: the arena's first rows, 64 at a time, are tested.
      var start = lower
      while start < next, view.start(start) < RowSweep<Shape>.readsBefore {
        testRows(start..<min(next, start &+ 64), into: output)
        start = min(next, start &+ 64)
      }
      // And up to 64 bytes after: the last rows are tested.
      var upper = next
      while upper > start, view.end(upper &- 1) &+ 64 > view.limit { upper &-= 1 }
      if upper > start {
        let blockWide = UnsafeRowTexts.run(of: wide, in: start..<upper, from: &wideStart)
        scratch.reserve(RowSweep<Shape>.hitWords(byteCount: view.end(upper &- 1) &- view.start(start)))
        sweep.sweepBits(view, rows: start..<upper, hits: scratch.words, into: output)
        recheck(blockWide, into: output)
      }
      testRows(max(start, upper)..<next, into: output)
      lower = next
    }
  }

  /// Sets the bits of the rows of `rows` that hold the term, each tested in its own form.
  private func testRows(_ rows: Range<Int>, into output: UnsafeMutablePointer<UInt64>) {
    for row in rows where plan.matches(row, texts) {
      output[row &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: row & 63)
    }
  }

  /// Corrects the bits of rows whose form is not the bytes swept, as `UnsafeChunkSweep` re-checks them:
  /// `fold` word starts in their fold form, other forms in their side form (under `ci`, only rows
  /// whose fold form holds the term).
  private func recheck(_ rows: UnsafeBufferPointer<Int32>, into output: UnsafeMutablePointer<UInt64>) {
    let (variant, finder, texts) = (plan.variant, plan.finder, texts)
    let side = texts.side(variant)
    for row in rows.lazy.map(Int.init) {
      let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: row & 63)
      let found = output[row &>> 6] & bit != 0
      let matches =
        variant == .fold
        ? finder.matches(texts.fold.slice(row))
        : (found || variant != .ci) && finder.matches(side.slice(texts.wideIndex(row)))
      output[row &>> 6] = matches ? output[row &>> 6] | bit : output[row &>> 6] & ~bit
    }
  }
}
