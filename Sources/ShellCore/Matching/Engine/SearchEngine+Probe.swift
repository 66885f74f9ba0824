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
    _ driver: ByteNeedle, _ driverPlan: TermPlan, _ positions: Range<Int>, candidates: UnsafePointer<Int32>?,
    compact: (view: ArenaView, first: Int)? = nil, _ texts: RowTexts, _ filter: RowFilter,
    _ rows: RowIDBuffer,
    copy: (builder: CompactRows.PartBuffer, chunk: Range<Int>)
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
    _ probe: RowProbe<Shape>, _ driverPlan: TermPlan, _ range: Range<Int>,
    _ candidates: UnsafePointer<Int32>?, _ compact: (view: ArenaView, first: Int)?, _ texts: RowTexts,
    _ filter: RowFilter, _ rows: RowIDBuffer, _ copy: (builder: CompactRows.PartBuffer, chunk: Range<Int>)
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

  /// `probeRows`'s loop, for one mode.
  func probeLoop<Shape: ProbeShape, Mode: ProbeMode>(
    _ probe: RowProbe<Shape>, _ driverPlan: TermPlan, _ range: Range<Int>,
    _ candidates: UnsafePointer<Int32>?, _ compact: (view: ArenaView, first: Int)?, _ texts: RowTexts,
    _ filter: RowFilter, _ rows: RowIDBuffer, _ copy: (builder: CompactRows.PartBuffer, chunk: Range<Int>),
    _ mode: Mode.Type
  ) {
    let variant = driverPlan.variant
    let finder = driverPlan.finder
    let view = compact?.view ?? (variant == .fold || variant == .ci ? texts.fold : texts.cased)
    let slotBase = compact?.first ?? 0
    let positionsPast = Shape.byteCount - 1
    let lastStart = view.limit &- RowProbe<Shape>.reach
    let side = texts.side(variant)
    let lastSideStart = side.limit &- RowProbe<Shape>.reach
    let builder = copy.builder
    // Copies are of the term's form: what `view` reads, or a wide row's side arena.
    let copying = builder.isOpen
    // Rows are offered to the copy in blocks, each with room reserved for all its rows, so the
    // loop stores every row's bytes without a check and only kept rows advance the copy.
    let block = 1024
    let filtered = Mode.known?.filtered ?? !filter.acceptsAll
    let listed = Mode.known?.listed ?? (candidates != nil)
    let compacted = Mode.known?.compacted ?? (compact != nil)
    let foldOnly = Mode.known?.foldOnly ?? (compact != nil)
    let bySignature =
      Mode.known?.bySignature ?? (filter.scope == 0 && filter.bySignature && !filter.acceptsAll)
    assert(!foldOnly || (view.stride == 1 && view.column == 0), "a fold-only view has one offset per row")
    rows.appendBranchFree(upTo: range.count) { output in
      var count = 0
      // A copy the optimiser can keep in registers: read through the parameter, the probe's
      // vectors are reloaded after every store to the compact copy, which might alias them. A
      // `let` is not copied; a `var` (assigned again so it is one) is.
      var probe = probe
      probe = probe
      // The next wide row's index in `wideRows` (and in the side arenas), when every row is visited.
      var wideIndex =
        foldOnly ? 0 : texts.lowerWide(candidates.map { Int($0[range.lowerBound]) } ?? range.lowerBound)
      // One row: its id stored, its answer returned (a number: `&&` on it would branch).
      @inline(__always) func test(
        _ position: Int, _ writer: inout CompactRows.PartBuffer.Writer, copying: Bool
      )
        -> Int
      {
        let row = listed ? Int(candidates.unsafelyUnwrapped[position]) : position
        let slot = compacted ? position &- slotBase : row
        // A compact copy has one offset per row, and every row clear of its edges (see `PartBuffer`);
        // so has the fold arena, the other view of a fold-only mode (no multiply by a stride).
        let start = foldOnly ? Int(view.offsets[slot]) : view.start(slot)
        let length = (foldOnly ? Int(view.offsets[slot &+ 1]) : view.end(slot)) &- start
        let wide = foldOnly && !Shape.wordStart ? false : texts.isWide(row)
        var found: Int
        var stored = false
        // The row's text in the term's form: a wide row compared outside `fold` reads its side
        // arena, probed as the others are (its bytes, not its scalars: the needle is ASCII).
        var text = RowSlice(base: view.base, start: start, end: start &+ length, limit: view.limit)
        var clear = compacted || (start >= 1 && start <= lastStart)
        if !foldOnly && wide && variant != .fold {
          if listed { wideIndex = texts.wideIndex(row) }
          text = side.slice(wideIndex)
          clear = text.start >= 1 && text.start <= lastSideStart
          wideIndex &+= 1
        }
        if text.count <= RowProbe<Shape>.maxRowBytes, clear, !(Shape.wordStart && wide) {
          // Reach: the probe reads from `start - 1` to `start + reach - 1`, the writer 48 bytes on.
          assert(
            text.start >= 1 && text.start &+ RowProbe<Shape>.reach <= text.limit,
            "a probe at \(text.start) reads past \(text.limit)")
          found = probe.matches(text.base + text.start, positions: max(text.count &- positionsPast, 0))
          stored = true
        } else {
          found = finder.matches(text) ? 1 : 0
        }
        if bySignature {
          found &= filter.passesBySignature(row)
        } else if filtered, found != 0, !filter.accepts(row) {
          found = 0
        }
        output[count] = Int32(truncatingIfNeeded: row)
        if copying {
          if stored {
            writer.offer(text.base + text.start, count: text.count, keep: found)
          } else if found != 0 {
            builder.commit(writer)
            builder.append(text, keepingRoom: block &* RowProbe<Shape>.maxRowBytes)
            writer = builder.writer
          }
        }
        return found
      }
      var writer = builder.writer
      let firstCount = count
      var blockStart = range.lowerBound
      while blockStart < range.upperBound {
        let blockEnd = min(range.upperBound, blockStart &+ block)
        let open =
          copying
          && builder.reserve(
            rows: blockEnd &- blockStart, rowBytes: RowProbe<Shape>.maxRowBytes,
            scanned: blockStart &- copy.chunk.lowerBound,
            of: copy.chunk.count)
        // Storing every row pays when many are kept; a few kept rows are cheaper to copy one by
        // one, behind a branch then seldom taken.
        if open, (count &- firstCount) &* 8 >= blockStart &- range.lowerBound {
          writer = builder.writer
          for position in blockStart..<blockEnd { count &+= test(position, &writer, copying: true) }
          builder.commit(writer)
        } else {
          for position in blockStart..<blockEnd {
            let found = test(position, &writer, copying: false)
            if open, found != 0 {
              let row = listed ? Int(candidates.unsafelyUnwrapped[position]) : position
              // A wide row compared in its side form (the last one `test` read) is copied from it.
              let sideForm = !foldOnly && variant != .fold && texts.isWide(row)
              builder.append(
                sideForm ? side.slice(wideIndex &- 1) : view.slice(compacted ? position &- slotBase : row))
            }
            count &+= found
          }
        }
        blockStart = blockEnd
      }
      return count
    }
  }
}
