/// One chunk's full scan: the SIMD scan for the driving term, or a sweep of every row for a short term that matches many.
extension SearchEngine {
  /// The full scan of one chunk for `driver`, found as `approach` says (`SearchPlanner.approach`);
  /// returns the passes it chose (`ChunkScan`).
  func scanChunk(
    driver: ByteNeedle, driverPlan: UnsafeTermPlan, approach: SearchPlan.ScanApproach, rows chunk: Range<Int>,
    texts: UnsafeRowTexts, filter: UnsafeRowFilter,
    into rows: UnsafeRowIDBuffer, compact: UnsafeCompactRows.PartBuffer
  ) -> SearchRun {
    ChunkScan(
      engine: self, driver: driver, driverPlan: driverPlan, chunk: chunk, texts: texts, filter: filter,
      rows: rows,
      compact: compact
    ).run(approach)
  }

  /// Appends the rows of `range` that hold `driver` (`isSwept`) and pass `filter`, by `RowSweep`
  /// (`UnsafeChunkSweep`, per shape of needle).
  ///
  /// A block of rows at a time; the rows are copied to `copy.builder` unless it has given up (or
  /// gives up, when they are too many); rows the sweep cannot read around (at the arena's edges)
  /// are probed. Returns how many rows held the driver, whether they passed `filter` or not
  /// (about how many, for the probed ones: those that passed).
  ///
  /// ASCII rows are swept in the term's form (`fold` for `ci`, the original bytes for `exact` and
  /// `strip`); wide rows are swept too but answered by their own form: `ci`'s when their fold
  /// holds the needle (an ASCII substring of a `ci` form is one of its fold), `exact` and `strip`
  /// always (NFC may turn a sign into a letter), a word start when its fold form is not all ASCII.
  func sweep(
    _ driver: ByteNeedle, _ driverPlan: UnsafeTermPlan, _ range: Range<Int>, _ texts: UnsafeRowTexts,
    _ filter: UnsafeRowFilter,
    _ rows: UnsafeRowIDBuffer, copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>)
  ) -> Int {
    func run<Shape: ProbeShape>(_ shape: Shape.Type) -> Int {
      var sweep = UnsafeChunkSweep<Shape>(
        self, driver, driverPlan, from: range.lowerBound, texts, filter, rows, copy: copy)
      sweep.run(range)
      return sweep.held
    }
    switch (driver.count, driverPlan.kind == .wordStart) {
    case (1, false): return run(OneByteProbe.self)
    case (1, true): return run(OneByteWordProbe.self)
    case (2, false): return run(TwoByteProbe.self)
    case (2, true): return run(TwoByteWordProbe.self)
    case (3, false): return run(ThreeByteProbe.self)
    case (_, true): return run(ThreeByteWordProbe.self)
    case (_, false): return run(FourByteProbe.self)
    }
  }

  /// `sweep` for a narrowing that re-reads one part of a compact copy (`view`: every row in the
  /// term's form, one offset per row, the part's first row at `first` among `candidates`):
  /// appends the ids of the part's rows that hold `driver`, an `isSwept` substring, and copies
  /// them on to `copy.builder`.
  func sweepCompact(
    _ driver: ByteNeedle, _ driverPlan: UnsafeTermPlan, _ view: UnsafeArenaView, first: Int, count: Int,
    candidates: UnsafePointer<Int32>, _ rows: UnsafeRowIDBuffer,
    copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>)
  ) {
    let builder = copy.builder
    let finder = driverPlan.finder
    let blockRows = tuning.sweepBlock
    func run<Shape: ProbeShape>(_ shape: Shape.Type) {
      let sweep = RowSweep<Shape>(needle: driver.bytes)
      var slot = 0
      // The copy's first row starts after one byte: nothing to read before it.
      while slot < count, view.start(slot) < RowSweep<Shape>.readsBefore {
        if finder.matches(view.slice(slot)) {
          rows.append(Int(candidates[first &+ slot]))
          builder.append(view.slice(slot))
        }
        slot &+= 1
      }
      guard slot < count else { return }
      let hits = UnsafeMutablePointer<UInt64>.allocate(
        capacity: RowSweep<Shape>.hitWords(byteCount: view.end(count &- 1) &- view.start(slot)))
      defer { hits.deallocate() }
      while slot < count {
        let block = slot..<min(count, slot &+ blockRows)
        rows.appendBranchFree(upTo: block.count) { output in
          let found = sweep.sweep(view, rows: block, hits: hits, into: output)
          let kept = UnsafeBufferPointer(start: output, count: found)
          if builder.isOpen { builder.gather(kept) { view.slice($0) } }
          for index in 0..<found { output[index] = candidates[first &+ Int(output[index])] }
          return found
        }
        slot = block.upperBound
      }
    }
    switch driver.count {
    case 1: run(OneByteProbe.self)
    case 2: run(TwoByteProbe.self)
    case 3: run(ThreeByteProbe.self)
    default: run(FourByteProbe.self)
    }
  }

  /// About how many rows of `sample` hold `driver` (of one to three bytes) anywhere in the fold
  /// arena `view` (all but its first row or two).
  func rowsHolding(_ driver: ByteNeedle, _ sample: Range<Int>, _ view: UnsafeArenaView) -> Int {
    func run<Shape: ProbeShape>(_ shape: Shape.Type) -> Int {
      // The fold arena is padded after its last row; before its first, a row or two is skipped.
      var lower = sample.lowerBound
      while lower < sample.upperBound, view.start(lower) < RowSweep<Shape>.readsBefore { lower &+= 1 }
      if lower == sample.upperBound { return 0 }
      let sample = lower..<sample.upperBound
      let first = view.start(lower)
      let last = view.end(sample.upperBound &- 1)
      let hits = UnsafeMutablePointer<UInt64>.allocate(
        capacity: RowSweep<Shape>.hitWords(byteCount: last &- first))
      defer { hits.deallocate() }
      let output = UnsafeMutablePointer<Int32>.allocate(capacity: sample.count)
      defer { output.deallocate() }
      return RowSweep<Shape>(needle: driver.bytes).sweep(view, rows: sample, hits: hits, into: output)
    }
    switch driver.count {
    case 1: return run(OneByteProbe.self)
    case 2: return run(TwoByteProbe.self)
    default: return run(ThreeByteProbe.self)
    }
  }
}
