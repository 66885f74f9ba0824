import CPrefetch

extension RowSweep {
  /// `sweep`'s own answer for every row of `rows`, as bits: bit `r % 64` of `output[r / 64]`.
  ///
  /// `rows` starts at a multiple of 64; the words it covers are overwritten whole (bits past its
  /// end are 0). No row is re-checked: the caller corrects the rows whose text is not the form
  /// compared. The same bounds as `sweep`.
  func sweepBits(
    _ view: UnsafeArenaView, rows: Range<Int>, hits: UnsafeMutablePointer<UInt64>,
    into output: UnsafeMutablePointer<UInt64>
  ) {
    assert(rows.lowerBound & 63 == 0, "a run of rows from a word's first bit")
    let origin = mark(view, rows: rows, hits: hits)
    let hitWords = Self.hitWords(byteCount: view.end(rows.upperBound &- 1) &- origin)
    // The next block's bytes are asked for while this one's rows are read (as `sweep` does).
    let lead = view.end(rows.upperBound &- 1) &- origin
    var start = origin
    var row = rows.lowerBound
    while row < rows.upperBound {
      let stop = min(rows.upperBound, row &+ 64)
      var bits: UInt64 = 0
      while row < stop {
        if view.stride != 1 { start = view.start(row) }
        let end = view.end(row)
        searchshell_prefetch(view.base + (end &+ lead))
        let found = holds(view.base, start: start, end: end, origin: origin, hits: hits, hitWords: hitWords)
        // 1 when any bit is set, without a branch.
        bits |= ((found | (0 &- found)) &>> 63) &<< UInt64(truncatingIfNeeded: row & 63)
        start = end
        row &+= 1
      }
      output[(row &- 1) &>> 6] = bits
    }
  }
}
