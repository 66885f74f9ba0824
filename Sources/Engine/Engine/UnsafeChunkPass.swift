import Tables

/// One search's work on each chunk of `SearchEngine.chunks`: the query, the texts and the
/// filter every chunk reads, and one method per `ChunkWork`.
///
/// Valid only inside the `withStorage` and buffer scopes that `chunks` opens for it; each chunk
/// writes its ids into the result from its first position's slot.
struct UnsafeChunkPass {
  let engine: SearchEngine
  let query: CompiledQuery
  let work: SearchEngine.ChunkWork
  let layout: ChunkLayout
  /// The candidates, ascending (empty when every row is read).
  let candidates: UnsafeBufferPointer<Int32>
  let texts: UnsafeRowTexts
  let filter: UnsafeRowFilter
  let scope: Int
  let scopes: UnsafeBufferPointer<UInt16>
  let titleLength: TitleLengths
  /// Whether the rows get fuzzy scores.
  let scored: Bool
  /// The floor the chunks' best rows share (`SharedRankFloor`), one per search.
  let sharedFloor = SharedRankFloor()
  /// Each chunk's compact-copy part.
  let builders: [UnsafeCompactRows.PartBuffer]
  let cancellation: SearchCancellation?
  /// The result's first slot; nil when each chunk's rows end as bits (`UnsafeRowIDBuffer(bitsFor:)`).
  let output: UnsafeMutablePointer<Int32>?
  /// Where each chunk writes from, and its room.
  let slots: ChunkSlots

  /// What `chunk` finds.
  func run(_ chunk: Int) -> ChunkResult {
    let positions = layout.positions(of: chunk)
    let (lower, upper) = (positions.lowerBound, positions.upperBound)
    let ids =
      output.map { UnsafeRowIDBuffer(borrowing: $0 + slots.starts[chunk], capacity: slots.room(of: chunk)) }
      ?? UnsafeRowIDBuffer(bitsFor: positions)
    var result = ChunkResult(rows: ids)
    if cancellation?.isCancelled == true {
      result.cancelled = true
      return result
    }
    guard lower < upper else { return result }
    let copy = builders[chunk]
    result.compact = copy
    switch work {
    case .recheck(.compactCopy):
      result.run = recheckCopy(layout.parts(of: chunk), positions, result.rows, copy)
    case .recheck(.probe):
      result.run = recheckByProbe(positions, result.rows, copy)
    case .recheck(.plain):
      result.touched = recheckPlain(positions, result.rows, copy)
    case .recheck(.generic):
      result.touched = recheckGeneric(positions, result.rows)
    case .recheck(.fuzzySweep):
      guard let address = candidates.baseAddress else {
        assertionFailure("a fuzzy sweep of candidates without them")
        return result
      }
      let swept = engine.sweepFuzzyRows(
        query.plan, rows: positions, candidates: address, texts: texts, required: query.requiredSignature,
        titleLength: titleLength, share: 0, shared: sharedFloor, into: result.rows)
      result.best = swept.best
      result.run = SearchRun(swept: swept.swept)
      return result
    case .recheck(.fuzzyRank):
      guard let address = candidates.baseAddress else {
        assertionFailure("a fuzzy re-check without its candidates")
        return result
      }
      result.best = engine.rankFuzzyRows(
        query.plan, rows: positions, candidates: address, texts: texts, required: query.requiredSignature,
        scope: scope, scopes: scopes, titleLength: titleLength, shared: sharedFloor, into: result.rows)
      return result
    case .every(.scan(_, let approach)):
      guard let driver = query.driver else {
        assertionFailure("a scan without its term")
        return result
      }
      result.run = engine.scanChunk(
        driver: driver.needle, driverPlan: driver.plan, approach: approach, rows: positions, texts: texts,
        filter: filter, into: result.rows, compact: copy)
    case .every(.fuzzyRank):
      // Fuzzy terms, each a clause: the matching rows, and the best few scored in the same pass
      // (their bytes still in cache); the others' scores wait until read past them.
      result.best = engine.rankFuzzyRows(
        query.plan, rows: positions, texts: texts, required: query.requiredSignature, scope: scope,
        scopes: scopes, titleLength: titleLength, shared: sharedFloor, into: result.rows)
      return result
    case .every(.fuzzySweep(let share)):
      let swept = engine.sweepFuzzyRows(
        query.plan, rows: positions, texts: texts, required: query.requiredSignature,
        titleLength: titleLength, share: share, shared: sharedFloor, into: result.rows)
      result.best = swept.best
      result.run = SearchRun(swept: swept.swept, tested: positions.count &- swept.swept)
      return result
    case .every(.testEveryRow):
      testEveryRow(positions, result.rows)
    }
    if scored {
      let (plan, texts, scorer) = (query.plan, texts, FuzzyScorer())
      result.scores = result.rows.buffer.map { plan.score(Int($0), texts, scorer) }
      result.rows.noteRefused(scorer.refusedBytes)
    }
    return result
  }

  /// Whether `row` is in the search's scope.
  @inline(__always) private func inScope(_ row: Int) -> Bool {
    UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes)
  }

  /// The previous result's rows, copied contiguously: one sequential pass per part of the copy,
  /// swept, probed, scanned or tested by the driving term.
  private func recheckCopy(
    _ parts: Range<Int>, _ positions: Range<Int>, _ rows: UnsafeRowIDBuffer,
    _ copy: UnsafeCompactRows.PartBuffer
  ) -> SearchRun {
    var run = SearchRun()
    guard let driver = query.driver, let compact = layout.compact, let address = candidates.baseAddress
    else {
      assertionFailure("a compact copy's re-check without its copy")
      return run
    }
    let (driverPlan, filter, texts) = (driver.plan, filter, texts)
    let swept =
      filter.acceptsAll && driverPlan.kind == .contains && PassChoice.isSwept(driver.needle, driverPlan)
    let probed = PassChoice.isProbed(driver.needle, driverPlan)
    let scanned =
      driverPlan.kind != .fuzzy && !driverPlan.negated && !driverPlan.anchoredStart && !driverPlan.anchoredEnd
    for part in parts {
      let view = compact.parts[part].view
      let first = compact.partStarts[part]
      let partPositions = first..<compact.partStarts[part + 1]
      if swept {
        engine.sweepCompact(
          driver.needle, driverPlan, view, first: first, count: partPositions.count, candidates: address,
          rows,
          copy: (copy, positions))
        run.swept &+= partPositions.count
      } else if probed {
        engine.probe(
          driver.needle, driverPlan, partPositions, candidates: address, compact: (view, first), texts,
          filter,
          rows, copy: (copy, positions))
        run.probed &+= partPositions.count
      } else if scanned, !partPositions.isEmpty {
        scanPart(
          driver.needle, driverPlan, view, first: first, count: partPositions.count, address, rows, copy)
        run.scanned &+= partPositions.count
      } else {
        testPart(driverPlan.finder, view, partPositions, first: first, address, rows, copy)
        run.tested &+= partPositions.count
      }
    }
    return run
  }

  /// A longer needle on one part of a compact copy: the part is an arena of its own, scanned as
  /// the whole one is (rather than a `RowFinder` test of each row).
  private func scanPart(
    _ needle: ByteNeedle, _ driverPlan: UnsafeTermPlan, _ view: UnsafeArenaView, first: Int, count: Int,
    _ address: UnsafePointer<Int32>, _ rows: UnsafeRowIDBuffer, _ copy: UnsafeCompactRows.PartBuffer
  ) {
    let (scope, scopes) = (scope, scopes)
    ByteScanner.scan(view, rows: 0..<count, needle: needle, wordStart: driverPlan.kind == .wordStart) {
      slot in
      let row = Int(address[first + slot])
      if UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes) {
        rows.append(row)
        copy.append(view.slice(slot))
      }
    }
  }

  /// Each row of one part of a compact copy tested by `finder`.
  private func testPart(
    _ finder: RowFinder, _ view: UnsafeArenaView, _ positions: Range<Int>, first: Int,
    _ address: UnsafePointer<Int32>,
    _ rows: UnsafeRowIDBuffer, _ copy: UnsafeCompactRows.PartBuffer
  ) {
    let (scope, scopes) = (scope, scopes)
    for position in positions {
      let slice = view.slice(position - first)
      let row = Int(address[position])
      if finder.matches(slice), UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes) {
        rows.append(row)
        copy.append(slice)
      }
    }
  }

  /// A short term re-checked on a large previous result: scattered rows, where a branch on each
  /// row's answer would be mispredicted as often as taken; the probe has none.
  private func recheckByProbe(
    _ positions: Range<Int>, _ rows: UnsafeRowIDBuffer, _ copy: UnsafeCompactRows.PartBuffer
  ) -> SearchRun {
    guard let driver = query.driver, let address = candidates.baseAddress else {
      assertionFailure("a probed re-check without its term")
      return SearchRun()
    }
    engine.probe(
      driver.needle, driver.plan, positions, candidates: address, texts, filter, rows, copy: (copy, positions)
    )
    return SearchRun(probed: positions.count)
  }

  /// One plain term re-checked on a previous result (a typed letter): one inlined kernel per
  /// row, reading the rows in ascending order, in the term's form; returns the touches' value.
  private func recheckPlain(
    _ positions: Range<Int>, _ rows: UnsafeRowIDBuffer, _ copy: UnsafeCompactRows.PartBuffer
  ) -> UInt8 {
    guard let driverPlan = query.driver?.plan else {
      assertionFailure("a plain re-check without its term")
      return 0
    }
    let (candidates, texts, scope, scopes) = (candidates, texts, scope, scopes)
    let finder = driverPlan.finder
    let variant = driverPlan.variant
    let view = variant == .fold || variant == .ci ? texts.fold : texts.cased
    let touchBlock = engine.tuning.touchBlock
    // Reach: an empty last row starts at the end of an arena that may have no padding (the
    // dataset's own): the touch reads at most its last byte.
    let lastByte = view.limit &- 1
    var blockStart = positions.lowerBound
    var touched: UInt8 = 0
    while blockStart < positions.upperBound {
      // Re-checked rows are scattered: touch a block's rows first with independent loads, whose
      // cache misses overlap, then test them from cache.
      let blockEnd = min(positions.upperBound, blockStart + touchBlock)
      for position in blockStart..<blockEnd where lastByte >= 0 {
        touched ^= view.base[min(view.start(Int(candidates[position])), lastByte)]
      }
      for position in blockStart..<blockEnd {
        let row = Int(candidates[position])
        let slice = texts.slice(row, variant)
        if finder.matches(slice), UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes) {
          rows.append(row)
          copy.append(slice)
        }
      }
      blockStart = blockEnd
    }
    return touched
  }

  /// Any query re-checked row by row on candidates: scattered rows are bound by memory latency,
  /// so a block of rows is touched with independent loads first (the CPU overlaps those misses),
  /// then tested from cache; returns the touches' value.
  private func recheckGeneric(_ positions: Range<Int>, _ rows: UnsafeRowIDBuffer) -> UInt8 {
    let (candidates, texts, scope, scopes) = (candidates, texts, scope, scopes)
    let (plan, driverPlan) = (query.plan, query.driver?.plan)
    let touchBlock = engine.tuning.touchBlock
    var blockStart = positions.lowerBound
    var touched: UInt8 = 0
    while blockStart < positions.upperBound {
      let blockEnd = min(positions.upperBound, blockStart + touchBlock)
      for position in blockStart..<blockEnd {
        let row = Int(candidates[position])
        touched ^= texts.fold.base[texts.fold.start(row)]
      }
      for position in blockStart..<blockEnd {
        let row = Int(candidates[position])
        if UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes),
          driverPlan?.matches(row, texts) ?? true,
          plan.matches(row, texts)
        {
          rows.append(row)
        }
      }
      blockStart = blockEnd
    }
    return touched
  }

  /// No term to scan for: every row tested, skipping those whose signature lacks a byte that a
  /// required `fold` term needs.
  private func testEveryRow(_ positions: Range<Int>, _ rows: UnsafeRowIDBuffer) {
    let (texts, scope, scopes, plan) = (texts, scope, scopes, query.plan)
    let required = query.requiredSignature
    let signatures = engine.index.signatures.pointer
    for row in positions where signatures[row] & required == required {
      if UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes), plan.matches(row, texts) {
        rows.append(row)
      }
    }
  }
}
