/// The branch-free probe of every row (or of listed candidates) for a short term: `RowProbe` per row, in a loop specialised per mode.
extension SearchEngine {
  /// Appends the rows among `positions` that hold `driver` and pass `filter`, by `RowProbe`.
  ///
  /// Every row is probed and its id kept without a branch; rows the probe cannot take (over 48
  /// bytes, at the arena's edges, wide rows of a word-start term, wide rows whose form has its
  /// own arena) get the per-row test.
  ///
  /// `positions` are row numbers, or indices into `candidates` (ascending); with `compact`, the
  /// candidates' text is read from that copy, whose first row is position `compact.first`. The
  /// kept rows' folded text is copied to `copy.builder` (unless it has given up), which gives up
  /// when the rows kept so far, extrapolated to all of `copy.chunk`, would be too many. The term
  /// must be `isProbed`.
  func probe(
    _ driver: ByteNeedle, _ driverPlan: UnsafeTermPlan, _ positions: Range<Int>,
    candidates: UnsafePointer<Int32>?,
    compact: (view: UnsafeArenaView, first: Int)? = nil, _ texts: UnsafeRowTexts, _ filter: UnsafeRowFilter,
    _ rows: UnsafeRowIDBuffer,
    copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>)
  ) {
    let bytes = driver.bytes
    // Not always inlined: `probeRows` is specialised for each shape named below either way.
    func run<Shape: ProbeShape>(_ shape: Shape.Type) {
      probeRows(
        RowProbe<Shape>(needle: bytes), driverPlan, positions, candidates, compact, texts, filter, rows, copy)
    }
    switch (driver.count, driverPlan.kind == .wordStart) {
    case (1, false): run(OneByteProbe.self)
    case (1, true): run(OneByteWordProbe.self)
    case (2, true): run(TwoByteWordProbe.self)
    case (2, false): run(TwoByteProbe.self)
    case (_, false): run(ThreeByteProbe.self)
    case (_, true): run(ThreeByteWordProbe.self)
    }
  }

  /// `probe`'s loop for one shape of probe.
  func probeRows<Shape: ProbeShape>(
    _ probe: RowProbe<Shape>, _ driverPlan: UnsafeTermPlan, _ range: Range<Int>,
    _ candidates: UnsafePointer<Int32>?, _ compact: (view: UnsafeArenaView, first: Int)?,
    _ texts: UnsafeRowTexts,
    _ filter: UnsafeRowFilter, _ rows: UnsafeRowIDBuffer,
    _ copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>)
  ) {
    let listed = candidates != nil
    let compacted = compact != nil
    let fold = driverPlan.variant == .fold
    // The common cases get copies of the loop without the tests they do not need (a `fold` term
    // has no separate wide form; a compact copy holds `fold` forms only): the mode is a type, so
    // each copy is its own specialisation.
    if filter.acceptsAll, compacted {
      probeLoop(
        probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, CompactNarrowing.self)
    } else if filter.acceptsAll, !listed, fold {
      probeLoop(probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, FoldScan.self)
    } else if filter.scope == 0, filter.bySignature, !listed, fold {
      probeLoop(
        probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, FoldBySignature.self)
    } else if filter.acceptsAll, !listed {
      probeLoop(probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, FormScan.self)
    } else {
      probeLoop(probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, AnyProbe.self)
    }
  }

  /// `probeRows`'s loop, for one mode (`UnsafeProbeLoop`).
  func probeLoop<Shape: ProbeShape, Mode: ProbeMode>(
    _ probe: RowProbe<Shape>, _ driverPlan: UnsafeTermPlan, _ range: Range<Int>,
    _ candidates: UnsafePointer<Int32>?, _ compact: (view: UnsafeArenaView, first: Int)?,
    _ texts: UnsafeRowTexts,
    _ filter: UnsafeRowFilter, _ rows: UnsafeRowIDBuffer,
    _ copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>),
    _ mode: Mode.Type
  ) {
    let loop = UnsafeProbeLoop<Shape, Mode>(
      probe, driverPlan, candidates: candidates, compact: compact, texts, filter, copy.builder, tuning: tuning
    )
    rows.appendBranchFree(upTo: range.count) { output in
      // A copy the optimiser can keep in registers (see `UnsafeProbeLoop`). A `let` is not copied; a
      // `var` (assigned again so it is one) is.
      var loop = loop
      loop = loop
      return loop.run(range, output, chunk: copy.chunk)
    }
  }
}
