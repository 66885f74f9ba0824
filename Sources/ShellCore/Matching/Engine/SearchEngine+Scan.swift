/// One chunk's full scan: the SIMD scan for the driving term, or a sweep of every row for a short term that matches many.
extension SearchEngine {
  /// The full scan of one chunk for `driver`, found as `approach` says (`SearchPlanner.approach`).
  func scanChunk(
    driver: ByteNeedle, driverPlan: TermPlan, approach: SearchPlan.ScanApproach, rows chunk: Range<Int>,
    texts: RowTexts, filter: RowFilter,
    into rows: RowIDBuffer, compact: CompactRows.PartBuffer
  ) {
    var range = chunk
    let variant = driverPlan.variant
    let acceptsAll = filter.acceptsAll
    // Wide rows keep their `ci`, `exact` and `strip` forms apart: scan ASCII rows, then them.
    let separateWide = variant != .fold
    let mask = RowSignature.mask(driver.bytes)
    let wordStart = driverPlan.kind == .wordStart
    // Whether a pass over every row may pay, which one, and from what share of rows found.
    let (passes, sweeps, share): (Bool, Bool, Int)
    switch approach {
    case .signature:
      // A single letter or space matches most rows, where a text scan pays per hit: the rows whose
      // signature has it are the matches (of an ASCII row's `ci` form too, which is its fold).
      let signatures = index.signatures.pointer
      for row in range where signatures[row] & mask != 0 {
        let wide = separateWide && texts.isWide(row)
        if wide ? driverPlan.matches(row, texts) : true, acceptsAll || filter.accepts(row) {
          rows.append(row)
          compact.append(wide ? texts.slice(row, variant) : texts.fold.slice(row))
        }
      }
      return
    case .sweepWhenCommon(let common), .sweepWordStartWhenCommon(let common):
      (passes, sweeps, share) = (true, true, common)
    case .probeWhenCommon(let common): (passes, sweeps, share) = (true, false, common)
    case .scan: (passes, sweeps, share) = (false, false, 0)
    }
    if passes {
      // A short needle often matches many rows: then a pass over every row, at a fixed cost per
      // row, beats the scan's per-hit work, and a rare one is quicker to scan for. The chunk's
      // first rows tell which: the pass is a sweep (`RowSweep`, the other clauses then tested on
      // the rows it finds), or the probe's, row by row, for terms it cannot take. A `fold`
      // substring's sweep pays from a smaller share of the rows than other forms', whose sweeps
      // check wide rows in their own form and word starts the byte before each hit; the probe pays
      // from fewer rows with two bytes than with three, whose scan candidates are all hits.
      // How many rows hold the driver (before the other clauses, for a sweep: the scan's cost).
      @discardableResult func every(_ part: Range<Int>) -> Int {
        if sweeps { return sweep(driver, driverPlan, part, texts, filter, rows, copy: (compact, chunk)) }
        let before = rows.count
        probe(driver, driverPlan, part, candidates: nil, texts, filter, rows, copy: (compact, chunk))
        return rows.count - before
      }
      let first = range.lowerBound..<min(range.upperBound, range.lowerBound + tuning.scanSample)
      if sweeps, wordStart {
        // A word start's scan pays for every occurrence, most of them inside words (`prefix ing`):
        // the first rows holding the needle anywhere tell its cost, before either pass.
        if rowsHolding(driver, first, texts.fold) * share >= first.count {
          every(range)
          return
        }
      } else {
        let sample = driver.count == 1 ? range : first
        let found = every(sample)
        if sample.upperBound == range.upperBound { return }
        range = sample.upperBound..<range.upperBound
        // The share is the plan's (`Tuning`'s, by the term's length and form).
        if found * share >= sample.count {
          every(range)
          return
        }
      }
    }
    // An ASCII substring of a wide row's `ci` form is one of its fold form: the scan of the fold
    // arena finds every wide row that can match, in order, and its `ci` form decides. Other wide
    // rows are found after the others, by a scan of their side arena, out of the copy's order
    // (which is then given up): an `exact` form is not found in the row's own bytes when NFC
    // turns a sign into a letter (U+212A KELVIN SIGN is `K`).
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
    // The chunk's wide rows lie back to back in their form's side arena: one scan of it, not a
    // per-row test that would first look each row up in `wideRows`.
    var wide: [Int32] = []
    let wideRange = texts.lowerWide(range.lowerBound)..<texts.lowerWide(range.upperBound)
    ByteScanner.scan(
      texts.side(variant), rows: wideRange, needle: driver, wordStart: driverPlan.kind == .wordStart
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

  /// Appends the rows of `range` that hold `driver` (`isSwept`) and pass `filter`, by `RowSweep`.
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
    _ driver: ByteNeedle, _ driverPlan: TermPlan, _ range: Range<Int>, _ texts: RowTexts, _ filter: RowFilter,
    _ rows: RowIDBuffer, copy: (builder: CompactRows.PartBuffer, chunk: Range<Int>)
  ) -> Int {
    let variant = driverPlan.variant
    let view = variant == .fold || variant == .ci ? texts.fold : texts.cased
    // Rows holding the driver, before the other clauses.
    var held = 0
    let wordStart = driverPlan.kind == .wordStart
    let rechecked = wordStart || variant != .fold
    let wide = texts.rowsToRecheck(variant, wordStart: wordStart)
    // The first of `wide` not before the block swept next (blocks come in order).
    var wideStart = RowTexts.lowerBound(wide, range.lowerBound)
    let finder = driverPlan.finder
    let side = texts.side(variant)
    // Other clauses that the signature does not decide are tested from bits when the rows found
    // are many (a pass over the block per term pays from about a 16th of its rows found, against
    // reading each row's text once per term).
    let clauseBitsShare = tuning.clauseBitsShare
    let clauses =
      filter.acceptsAll || (filter.scope == 0 && filter.bySignature) || filter.asciiRequired != nil
      ? nil : ClauseBits(plan: filter.plan, texts: texts)
    func run<Shape: ProbeShape>(_ shape: Shape.Type) {
      let sweep = RowSweep<Shape>(needle: driver.bytes)
      let builder = copy.builder
      var capacity = 0
      var scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: 0)
      defer { scratch.deallocate() }
      func sweepBlock(_ block: Range<Int>) {
        let words = RowSweep<Shape>.hitWords(
          byteCount: view.end(block.upperBound &- 1) &- view.start(block.lowerBound))
        if words > capacity {
          scratch.deallocate()
          capacity = max(words, capacity &* 2)
          scratch = .allocate(capacity: capacity)
        }
        let before = rows.count
        // The block's wide rows come in order: their index in `wideRows` (and their side form)
        // is found by walking on from the last, not by a search.
        var wideIndex = rechecked ? texts.lowerWide(block.lowerBound) : 0
        while wideStart < wide.count, Int(wide[wideStart]) < block.lowerBound { wideStart &+= 1 }
        var wideEnd = wideStart
        while wideEnd < wide.count, Int(wide[wideEnd]) < block.upperBound { wideEnd &+= 1 }
        let blockWide = UnsafeBufferPointer(rebasing: wide[wideStart..<wideEnd])
        wideStart = wideEnd
        rows.appendBranchFree(upTo: block.count) { output in
          sweep.sweep(view, rows: block, hits: scratch, into: output, wide: blockWide) { row, found in
            if variant == .fold { return finder.matches(texts.fold.slice(row)) }
            // The rows rechecked may be some of the wide rows only: the index walks past the others.
            while Int(texts.wideRows[wideIndex]) < row { wideIndex &+= 1 }
            return (found || variant != .ci) && finder.matches(side.slice(wideIndex))
          }
        }
        held &+= rows.count &- before
        if !filter.acceptsAll {
          // The other clauses (and the scope) on the rows found, which the signature alone
          // often decides.
          if filter.scope == 0, filter.bySignature {
            rows.keep(from: before) { filter.passesBySignature($0) }
          } else if filter.scope == 0, let ascii = filter.asciiRequired {
            rows.keep(from: before) { filter.passesByASCIISignature($0, ascii) }
          } else {
            let fromBits =
              (rows.count &- before) &* clauseBitsShare >= block.count
              && clauses?.keep(rows, from: before, block: block, filter: filter, texts: texts) == true
            if !fromBits { rows.keep(from: before) { filter.accepts($0) ? 1 : 0 } }
          }
        }
        guard builder.isOpen else { return }
        let found = rows.count &- before
        if builder.refuses(found, scanned: block.upperBound &- copy.chunk.lowerBound, of: copy.chunk.count) {
          builder.abandon()
        } else {
          let found = UnsafeBufferPointer(rebasing: rows.buffer[before...])
          // Each form's own loop: `texts.slice` tests the form per row, a cost the copy's loop
          // need not pay.
          if variant == .fold {
            builder.gather(found) { texts.fold.slice($0) }
          } else {
            builder.gather(found) { texts.isWide($0) ? side.slice(texts.wideIndex($0)) : view.slice($0) }
          }
        }
      }
      func probeRun(_ run: Range<Int>) {
        guard !run.isEmpty else { return }
        let before = rows.count
        if Self.isProbed(driver, driverPlan) {
          probe(driver, driverPlan, run, candidates: nil, texts, filter, rows, copy: copy)
        } else {
          // Four bytes, which the probe does not take: the few rows at the edges one by one.
          for row in run where driverPlan.matches(row, texts) && filter.accepts(row) {
            rows.append(row)
            if builder.isOpen { builder.append(texts.slice(row, variant)) }
          }
        }
        held &+= rows.count &- before
      }
      var lower = range.lowerBound
      while lower < range.upperBound {
        let next = min(range.upperBound, lower &+ RowSweep<Shape>.blockRows)
        // Rows too near the arena's edges to read around (a few at most) are probed (tested one by
        // one for four bytes).
        var readable = lower
        while readable < next, view.start(readable) < RowSweep<Shape>.readsBefore { readable &+= 1 }
        var upper = next
        while upper > readable, view.end(upper &- 1) &+ 64 > view.limit { upper &-= 1 }
        probeRun(lower..<readable)
        if upper > readable { sweepBlock(readable..<upper) }
        probeRun(max(readable, upper)..<next)
        lower = next
      }
    }
    switch (driver.count, wordStart) {
    case (1, false): run(OneByteProbe.self)
    case (1, true): run(OneByteWordProbe.self)
    case (2, false): run(TwoByteProbe.self)
    case (2, true): run(TwoByteWordProbe.self)
    case (3, false): run(ThreeByteProbe.self)
    case (_, true): run(ThreeByteWordProbe.self)
    case (_, false): run(FourByteProbe.self)
    }
    return held
  }

  /// `sweep` for a narrowing that re-reads one part of a compact copy (`view`: every row in the
  /// term's form, one offset per row, the part's first row at `first` among `candidates`):
  /// appends the ids of the part's rows that hold `driver`, an `isSwept` substring, and copies
  /// them on to `copy.builder`.
  func sweepCompact(
    _ driver: ByteNeedle, _ driverPlan: TermPlan, _ view: ArenaView, first: Int, count: Int,
    candidates: UnsafePointer<Int32>, _ rows: RowIDBuffer,
    copy: (builder: CompactRows.PartBuffer, chunk: Range<Int>)
  ) {
    let builder = copy.builder
    let finder = driverPlan.finder
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
        let block = slot..<min(count, slot &+ RowSweep<Shape>.blockRows)
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
  func rowsHolding(_ driver: ByteNeedle, _ sample: Range<Int>, _ view: ArenaView) -> Int {
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

  /// Whether `sweep` takes a term: ASCII, a substring of one to four bytes in any form, or a word
  /// start of one to three in `fold` form.
  static func isSwept(_ driver: ByteNeedle, _ plan: TermPlan) -> Bool {
    guard driver.isASCII, !plan.negated, !plan.anchoredStart, !plan.anchoredEnd else { return false }
    switch plan.kind {
    case .contains: return (1...4).contains(driver.count)
    case .wordStart: return (1...3).contains(driver.count) && plan.variant == .fold
    case .fuzzy: return false
    }
  }

  /// Whether `probe` takes a term: ASCII, of one to three bytes, a substring (or one byte at a
  /// word start, in `fold` form).
  static func isProbed(_ driver: ByteNeedle, _ plan: TermPlan) -> Bool {
    guard driver.isASCII, !plan.negated, !plan.anchoredStart, !plan.anchoredEnd else { return false }
    switch plan.kind {
    case .contains: return (1...3).contains(driver.count)
    case .wordStart: return driver.count <= 2 && plan.variant == .fold
    case .fuzzy: return false
    }
  }
}
