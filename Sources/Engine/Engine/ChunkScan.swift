/// One chunk's full scan for its driving term (`SearchEngine.scanChunk`): the rows read from
/// signatures, swept or probed where the chunk's first rows say the term is common, else the
/// SIMD scan for its rarest bytes, with wide rows compared in their own form.
struct ChunkScan {
  let engine: SearchEngine
  let driver: ByteNeedle
  let driverPlan: UnsafeTermPlan
  /// The chunk's rows.
  let chunk: Range<Int>
  let texts: UnsafeRowTexts
  let filter: UnsafeRowFilter
  /// Where the chunk's ids go.
  let rows: UnsafeRowIDBuffer
  /// The chunk's compact-copy part.
  let compact: UnsafeCompactRows.PartBuffer

  /// Wide rows keep their `ci`, `exact` and `strip` forms apart: ASCII rows are scanned, then them.
  private var separateWide: Bool { driverPlan.variant != .fold }

  /// Scans the chunk as `approach` says (`SearchPlanner.approach`); returns the passes it chose.
  func run(_ approach: SearchPlan.ScanApproach) -> SearchRun {
    var run = SearchRun()
    let sweeps: Bool
    let share: Int
    switch approach {
    case .signature:
      fromSignatures()
      return run
    case .sweepWhenCommon(let common), .sweepWordStartWhenCommon(let common): (sweeps, share) = (true, common)
    case .probeWhenCommon(let common): (sweeps, share) = (false, common)
    case .scan:
      scan(chunk)
      run.scanned = chunk.count
      return run
    }
    guard let rest = commonPass(sweeps: sweeps, share: share, &run) else { return run }
    scan(rest)
    run.scanned &+= rest.count
    return run
  }

  /// A single letter or space matches most rows, where a text scan pays per hit: the rows whose
  /// signature has it are the matches (of an ASCII row's `ci` form too, which is its fold).
  private func fromSignatures() {
    let (texts, filter, rows, compact, driverPlan) = (texts, filter, rows, compact, driverPlan)
    let variant = driverPlan.variant
    let separateWide = separateWide
    let acceptsAll = filter.acceptsAll
    let mask = RowSignature.mask(driver.bytes)
    let signatures = engine.index.signatures.pointer
    for row in chunk where signatures[row] & mask != 0 {
      let wide = separateWide && texts.isWide(row)
      if wide ? driverPlan.matches(row, texts) : true, acceptsAll || filter.accepts(row) {
        rows.append(row)
        compact.append(wide ? texts.slice(row, variant) : texts.fold.slice(row))
      }
    }
  }

  /// A pass over every row where the chunk's first rows hold the term often; returns the rows
  /// left to scan, nil when the pass read them all, and counts the rows it read in `run`.
  ///
  /// A short needle often matches many rows: then a pass over every row, at a fixed cost per row,
  /// beats the scan's per-hit work, and a rare one is quicker to scan for. The pass is a sweep
  /// (`RowSweep`, the other clauses then tested on the rows it finds), or the probe's, row by row,
  /// for terms it cannot take.
  private func commonPass(sweeps: Bool, share: Int, _ run: inout SearchRun) -> Range<Int>? {
    let first = chunk.lowerBound..<min(chunk.upperBound, chunk.lowerBound + engine.tuning.scanSample)
    if sweeps, driverPlan.kind == .wordStart {
      // A word start's scan pays for every occurrence, most of them inside words (`prefix ing`):
      // the first rows holding the needle anywhere tell its cost, before either pass.
      guard engine.rowsHolding(driver, first, texts.fold) * share >= first.count else { return chunk }
      every(chunk, sweeps: sweeps, &run)
      return nil
    }
    let sample = driver.count == 1 ? chunk : first
    let found = every(sample, sweeps: sweeps, &run)
    if sample.upperBound == chunk.upperBound { return nil }
    let rest = sample.upperBound..<chunk.upperBound
    // The share is the plan's (`SearchTuning`'s, by the term's length and form).
    guard found * share >= sample.count else { return rest }
    every(rest, sweeps: sweeps, &run)
    return nil
  }

  /// Sweeps or probes `part`: how many rows hold the driver (before the other clauses, for a
  /// sweep: the scan's cost).
  @discardableResult private func every(_ part: Range<Int>, sweeps: Bool, _ run: inout SearchRun) -> Int {
    if sweeps {
      run.swept &+= part.count
      return engine.sweep(driver, driverPlan, part, texts, filter, rows, copy: (compact, chunk))
    }
    run.probed &+= part.count
    let before = rows.count
    engine.probe(driver, driverPlan, part, candidates: nil, texts, filter, rows, copy: (compact, chunk))
    return rows.count - before
  }

  /// The SIMD scan of `range` for the driver.
  ///
  /// An ASCII substring of a wide row's `ci` form is one of its fold form: the scan of the fold
  /// arena finds every wide row that can match, in order, and its `ci` form decides; an ASCII
  /// substring in `exact` form is `scanExact`'s. Other wide rows (`strip`, a needle that is not
  /// ASCII) are found after the others, by a scan of their side arena, out of the copy's order
  /// (which is then given up): such a form is not found in the row's own bytes.
  private func scan(_ range: Range<Int>) {
    let (texts, filter, rows, compact, chunk, driverPlan) = (texts, filter, rows, compact, chunk, driverPlan)
    let variant = driverPlan.variant
    let separateWide = separateWide
    let acceptsAll = filter.acceptsAll
    if driver.isASCII, driverPlan.kind == .contains, variant == .exact {
      scanExact(range)
      return
    }
    let inline = driver.isASCII && driverPlan.kind == .contains && variant == .ci
    if separateWide, !inline { compact.abandon() }
    if variant == .fold || driver.isASCII {
      let view = variant == .fold || variant == .ci ? texts.fold : texts.cased
      let finder = driverPlan.finder
      let side = texts.side(variant)
      var wideIndex = separateWide ? texts.lowerWide(range.lowerBound) : 0
      ByteScanner.scan(view, rows: range, needle: driver, wordStart: driverPlan.kind == .wordStart) { row in
        var text = view.slice(row)
        if separateWide, texts.isWide(row) {
          guard inline else { return }
          while Int(texts.wideRows[wideIndex]) < row { wideIndex &+= 1 }
          text = side.slice(wideIndex)
          guard finder.matches(text) else { return }
        }
        if acceptsAll || filter.accepts(row) {
          rows.append(row)
          // Counted from the chunk's start: the probed sample's rows are in the copy already.
          compact.append(text, scanned: row &- chunk.lowerBound &+ 1, of: chunk.count)
        }
      }
    }
    guard separateWide, !inline else { return }
    scanWide(range)
  }

  /// `scan` for an ASCII substring in `exact` form, in row order, so the compact copy is kept.
  ///
  /// A row's bytes are its `exact` form but for the few not in NFC (`UnsafeRowTexts.rowsToRecheck`):
  /// those are tested in their own form as the scan passes them, found in the bytes or not (NFC
  /// turns U+212A KELVIN SIGN into `K`, which the bytes lack).
  private func scanExact(_ range: Range<Int>) {
    let (texts, filter, rows, compact, chunk) = (texts, filter, rows, compact, chunk)
    let acceptsAll = filter.acceptsAll
    let finder = driverPlan.finder
    let side = texts.side(.exact)
    let rechecked = texts.rowsToRecheck(.exact, wordStart: false)
    var next = UnsafeRowTexts.lowerBound(rechecked, range.lowerBound)
    @inline(__always) func keep(_ row: Int, _ text: UnsafeRowSlice) {
      guard acceptsAll || filter.accepts(row) else { return }
      rows.append(row)
      // Counted from the chunk's start: the probed sample's rows are in the copy already.
      compact.append(text, scanned: row &- chunk.lowerBound &+ 1, of: chunk.count)
    }
    /// The re-checked rows before `row`, and `row` itself if it is one (then true), each in its
    /// own form.
    func recheck(through row: Int) -> Bool {
      while next < rechecked.count, Int(rechecked[next]) <= row {
        let wide = Int(rechecked[next])
        let text = side.slice(texts.wideIndex(wide))
        if finder.matches(text) { keep(wide, text) }
        next &+= 1
        if wide == row { return true }
      }
      return false
    }
    ByteScanner.scan(texts.cased, rows: range, needle: driver, wordStart: false) { row in
      if !recheck(through: row) { keep(row, texts.cased.slice(row)) }
    }
    _ = recheck(through: range.upperBound &- 1)
  }

  /// The wide rows of `range` in a form other than `fold`, merged into the rows found: they lie
  /// back to back in their form's side arena, so one scan of it, not a per-row test that would
  /// first look each row up in `wideRows`.
  private func scanWide(_ range: Range<Int>) {
    let (texts, filter, rows) = (texts, filter, rows)
    let acceptsAll = filter.acceptsAll
    var wide: [Int32] = []
    let wideRange = texts.lowerWide(range.lowerBound)..<texts.lowerWide(range.upperBound)
    ByteScanner.scan(
      texts.side(driverPlan.variant), rows: wideRange, needle: driver,
      wordStart: driverPlan.kind == .wordStart
    ) { position in
      let row = Int(texts.wideRows[position])
      if acceptsAll || filter.accepts(row) { wide.append(Int32(row)) }
    }
    if wide.isEmpty { return }
    let narrow = Array(rows.buffer)
    rows.removeAll()
    var left = 0
    var right = 0
    while left < narrow.count || right < wide.count {
      if right == wide.count || (left < narrow.count && narrow[left] < wide[right]) {
        rows.append(Int(narrow[left]))
        left += 1
      } else {
        rows.append(Int(wide[right]))
        right += 1
      }
    }
  }
}
