/// `SearchEngine.sweep` for one shape of needle: a range of rows swept a block at a time by
/// `RowSweep`, the rows at the arena's edges probed, the other clauses tested on the rows found,
/// which are copied on to the compact copy while it is open.
struct UnsafeChunkSweep<Shape: ProbeShape> {
  let engine: SearchEngine
  let driver: ByteNeedle
  let driverPlan: UnsafeTermPlan
  let texts: UnsafeRowTexts
  let filter: UnsafeRowFilter
  let rows: UnsafeRowIDBuffer
  let copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>)
  let sweep: RowSweep<Shape>
  /// The rows' text in the term's form (`fold` for `ci`, the original bytes for the others).
  let view: UnsafeArenaView
  /// Whether wide rows found are re-checked in their own form.
  let rechecked: Bool
  /// The wide rows re-checked (`UnsafeRowTexts.rowsToRecheck`), ascending.
  let wide: UnsafeBufferPointer<Int32>
  /// The other clauses as bits, when the signature does not decide them.
  let clauses: ClauseBits?
  /// The first of `wide` not before the block swept next (blocks come in order).
  private(set) var wideStart: Int
  /// Rows holding the driver, before the other clauses.
  private(set) var held = 0

  init(
    _ engine: SearchEngine, _ driver: ByteNeedle, _ driverPlan: UnsafeTermPlan, from lower: Int,
    _ texts: UnsafeRowTexts,
    _ filter: UnsafeRowFilter, _ rows: UnsafeRowIDBuffer,
    copy: (builder: UnsafeCompactRows.PartBuffer, chunk: Range<Int>)
  ) {
    (self.engine, self.driver, self.driverPlan, self.texts, self.filter, self.rows, self.copy) = (
      engine, driver, driverPlan, texts, filter, rows, copy
    )
    sweep = RowSweep<Shape>(needle: driver.bytes)
    let variant = driverPlan.variant
    view = variant == .fold || variant == .ci ? texts.fold : texts.cased
    let wordStart = driverPlan.kind == .wordStart
    rechecked = wordStart || variant != .fold
    wide = texts.rowsToRecheck(variant, wordStart: wordStart)
    wideStart = UnsafeRowTexts.lowerBound(wide, lower)
    clauses =
      filter.acceptsAll || (filter.scope == 0 && filter.bySignature) || filter.asciiRequired != nil
      ? nil : ClauseBits(plan: filter.plan, texts: texts)
  }

  /// Sweeps `range` (from the row given at init on), a block at a time; rows too near the
  /// arena's edges to read around (a few at most) are probed (tested one by one for four bytes).
  mutating func run(_ range: Range<Int>) {
    var scratch = Scratch()
    defer { scratch.words.deallocate() }
    let blockRows = engine.tuning.sweepBlock
    var lower = range.lowerBound
    while lower < range.upperBound {
      let next = min(range.upperBound, lower &+ blockRows)
      var readable = lower
      while readable < next, view.start(readable) < RowSweep<Shape>.readsBefore { readable &+= 1 }
      var upper = next
      while upper > readable, view.end(upper &- 1) &+ 64 > view.limit { upper &-= 1 }
      probeRun(lower..<readable)
      if upper > readable { sweepBlock(readable..<upper, &scratch) }
      probeRun(max(readable, upper)..<next)
      lower = next
    }
  }

  /// The hit words a block is swept into, grown as blocks need.
  struct Scratch {
    var words = UnsafeMutablePointer<UInt64>.allocate(capacity: 0)
    var capacity = 0

    /// Room for `count` words.
    mutating func reserve(_ count: Int) {
      guard count > capacity else { return }
      words.deallocate()
      capacity = max(count, capacity &* 2)
      words = .allocate(capacity: capacity)
    }
  }

  /// One block swept: its rows found, then filtered and copied.
  private mutating func sweepBlock(_ block: Range<Int>, _ scratch: inout Scratch) {
    let (texts, rows, view, sweep) = (texts, rows, view, sweep)
    let variant = driverPlan.variant
    let finder = driverPlan.finder
    let side = texts.side(variant)
    scratch.reserve(
      RowSweep<Shape>.hitWords(byteCount: view.end(block.upperBound &- 1) &- view.start(block.lowerBound)))
    let hits = scratch.words
    let before = rows.count
    // The block's wide rows come in order: their index in `wideRows` (and their side form) is
    // found by walking on from the last, not by a search.
    var wideIndex = rechecked ? texts.lowerWide(block.lowerBound) : 0
    let blockWide = UnsafeRowTexts.run(of: wide, in: block, from: &wideStart)
    rows.appendBranchFree(upTo: block.count) { output in
      sweep.sweep(view, rows: block, hits: hits, into: output, wide: blockWide) { row, found in
        if variant == .fold { return finder.matches(texts.fold.slice(row)) }
        // The rows rechecked may be some of the wide rows only: the index walks past the others.
        while Int(texts.wideRows[wideIndex]) < row { wideIndex &+= 1 }
        return (found || variant != .ci) && finder.matches(side.slice(wideIndex))
      }
    }
    held &+= rows.count &- before
    if !filter.acceptsAll { keepPassing(from: before, block) }
    copyFound(from: before, block)
  }

  /// The other clauses (and the scope) on the rows found from `before` on, which the signature
  /// alone often decides; from bits when the rows found are many (`SearchTuning.clauseBitsShare`).
  ///
  /// Inlined, like `copyFound`: called out of line, `sweepBlock` copied the whole sweep for it
  /// through the type's runtime metadata, built on first use.
  @inline(__always)
  private func keepPassing(from before: Int, _ block: Range<Int>) {
    let (filter, rows) = (filter, rows)
    if filter.scope == 0, filter.bySignature {
      rows.keep(from: before) { filter.passesBySignature($0) }
    } else if filter.scope == 0, let ascii = filter.asciiRequired {
      rows.keep(from: before) { filter.passesByASCIISignature($0, ascii) }
    } else {
      let fromBits =
        (rows.count &- before) &* engine.tuning.clauseBitsShare >= block.count
        && clauses?.keep(rows, from: before, block: block, filter: filter, texts: texts) == true
      if !fromBits { rows.keep(from: before) { filter.accepts($0) ? 1 : 0 } }
    }
  }

  /// The rows kept from `before` on, copied to the compact copy unless it gives up (or has).
  @inline(__always)
  private func copyFound(from before: Int, _ block: Range<Int>) {
    let (builder, texts, view) = (copy.builder, texts, view)
    guard builder.isOpen else { return }
    let found = rows.count &- before
    if builder.refuses(found, scanned: block.upperBound &- copy.chunk.lowerBound, of: copy.chunk.count) {
      builder.abandon()
      return
    }
    let kept = UnsafeBufferPointer(rebasing: rows.buffer[before...])
    // Each form's own loop: `texts.slice` tests the form per row, a cost the copy's loop need
    // not pay.
    if driverPlan.variant == .fold {
      builder.gather(kept) { texts.fold.slice($0) }
    } else {
      let side = texts.side(driverPlan.variant)
      builder.gather(kept) { texts.isWide($0) ? side.slice(texts.wideIndex($0)) : view.slice($0) }
    }
  }

  /// Rows at the arena's edges: probed, or (four bytes, which the probe does not take) tested one
  /// by one.
  private mutating func probeRun(_ run: Range<Int>) {
    guard !run.isEmpty else { return }
    let (builder, texts, rows, driverPlan) = (copy.builder, texts, rows, driverPlan)
    let before = rows.count
    if PassChoice.isProbed(driver, driverPlan) {
      engine.probe(driver, driverPlan, run, candidates: nil, texts, filter, rows, copy: copy)
    } else {
      for row in run where driverPlan.matches(row, texts) && filter.accepts(row) {
        rows.append(row)
        if builder.isOpen { builder.append(texts.slice(row, driverPlan.variant)) }
      }
    }
    held &+= rows.count &- before
  }
}
