import Tables

/// Results read from the row signatures (one 32-bit byte-class set per row) instead of the text.
extension SearchEngine {
  /// The rows whose signature has a bit of `mask` (every bit, with `all`), ascending.
  ///
  /// `signatures` has one per row. A one-letter query's rows, or the rows that may hold words
  /// starting with given letters; nil when cancelled, or when they are more than `limit` (or the
  /// first `SearchTuning.initialsSample` rows say they would be). Counts per chunk first, then every chunk writes its ids
  /// straight into the result at its prefix-sum offset, so no per-chunk arrays are grown and
  /// joined.
  func signatureRows(
    mask: UInt32, in signatures: some SignatureColumn, all: Bool = false, limit: Int = .max,
    cancellation: SearchCancellation?
  ) -> [Int32]? {
    let rowCount = dataset.rowCount
    let chunks = Parallel.chunks(rowCount, threshold: parallelThreshold)
    // A row has every bit when its masked signature, flipped by `mask`, is zero; some bit when it
    // is not zero unflipped: one test for both, with no branch on `all` in the loops.
    let flip = all ? mask : 0
    let invert = all ? 0 : 1
    @inline(__always) func has(_ row: Int) -> Int {
      ((signatures.bits(row) & mask) ^ flip == 0 ? 1 : 0) ^ invert
    }
    if limit < rowCount {
      // The first rows, at the rate they have them, tell whether all of them would pass the
      // limit, before a pass over every row.
      let sample = min(rowCount, tuning.initialsSample)
      var sampled = 0
      for row in 0..<sample { sampled &+= has(row) }
      if sampled * rowCount > limit * sample { return nil }
    }
    let counts = Parallel.map(chunks.count) { chunk -> Int in
      var count = 0
      for row in chunks.range(chunk) { count &+= has(row) }
      return count
    }
    if cancellation?.isCancelled == true { return nil }
    var starts: [Int] = []
    var total = 0
    for count in counts {
      starts.append(total)
      total += count
    }
    if total > limit { return nil }
    return [Int32](unsafeUninitializedCapacity: max(total, 1)) { buffer, initialized in
      guard let address = buffer.baseAddress else { return }
      let output = UncheckedSendable(address)
      Parallel.forEach(chunks.count) { chunk in
        let (lower, upper) = (chunks.range(chunk).lowerBound, chunks.range(chunk).upperBound)
        guard lower < upper else { return }
        var target = output.value + starts[chunk]
        // Branch-free into a small local block (always store, advance only on a match), then one
        // copy of the block's matches: no chunk ever stores outside its own slots.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: SearchTuning.signatureBlock + 1) { block in
          guard let scratch = block.baseAddress else { return }
          var blockStart = lower
          while blockStart < upper {
            let blockEnd = min(upper, blockStart + SearchTuning.signatureBlock)
            var written = 0
            for row in blockStart..<blockEnd {
              scratch[written] = Int32(truncatingIfNeeded: row)
              written &+= has(row)
            }
            target.update(from: scratch, count: written)
            target += written
            blockStart = blockEnd
          }
        }
      }
      initialized = total
    }
  }

  /// A one-letter result from its bits: kept as bits when it is too large to narrow from (most
  /// rows, whose ids would take 32 times the bits' memory), else as ids with a copy.
  func letterRows(_ words: [UInt64], variant: TextVariant, copying: Bool = true) -> Found {
    let bits = RowBitmap(words: words)
    if !cache.narrows(from: bits.count, copied: copying && bits.count <= compactRowLimit) {
      return Found(rows: [], dense: bits)
    }
    let rows = bits.ids
    return Found(rows: rows, compact: copying ? compactCopy(of: rows, variant: variant) : nil)
  }

  /// The wide rows that a one-letter signature result holds by their fold form only, ascending.
  ///
  /// Their `ci` form lacks the letter that their folded form has ("ś" folds to "s"); for ASCII
  /// rows the signature answers `ci` too.
  func wideMisses(term: UnsafeTermPlan, mask: UInt32) -> [Int32] {
    let signatures = index.signatures.pointer
    let finder = term.finder
    // Refused, the search fails (`deferredRefusal`): the rows missed here are never shown.
    guard let sides = sideFormsOrDeferredRefusal([.ci]) else { return [] }
    let ci = sides.view(.ci)
    // On every core: a test per wide row holding the letter.
    let wideCount = index.wideRows.count
    let chunks = Parallel.chunks(wideCount, threshold: tuning.scatteredParallel)
    let wideRows = index.wideRows.pointer
    return Self.concatenate(
      Parallel.map(chunks.count) { chunk -> [Int32] in
        var misses: [Int32] = []
        for position in chunks.range(chunk) {
          let row = wideRows[position]
          if signatures[Int(row)] & mask != 0, !finder.matches(ci.slice(position)) { misses.append(row) }
        }
        return misses
      })
  }

  /// The rows whose text in `plan`'s form holds the one byte of `needle`, as bits (bit `r % 64` of
  /// word `r / 64`): `LetterSweep` over every row, with no branch on its answer.
  func probedBits(_ needle: ByteNeedle, _ plan: UnsafeTermPlan, cancellation: SearchCancellation?)
    -> [UInt64]?
  {
    let rowCount = dataset.rowCount
    let cased = casedArenaOrDeferredRefusal()
    let sides = sideFormsOrDeferredRefusal([plan.variant])
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      let sweep = LetterSweep(
        needle: needle.bytes, texts: texts, variant: plan.variant, finder: plan.finder,
        blockRows: tuning.sweepBlock)
      return rowBits(cancellation: cancellation) { words, output in
        sweep.fill(words, rowCount: rowCount, into: output)
      }?.words
    }
  }

  /// The rows whose text in `plan`'s form holds `needle` (two or three ASCII bytes, anywhere or
  /// starting a word), as bits: `TermSweepBits` over every row.
  func sweptBits(_ needle: ByteNeedle, _ plan: UnsafeTermPlan, cancellation: SearchCancellation?) -> [UInt64]?
  {
    switch (needle.count, plan.kind == .wordStart) {
    case (2, false): return sweptBits(needle, plan, TwoByteProbe.self, cancellation)
    case (2, true): return sweptBits(needle, plan, TwoByteWordProbe.self, cancellation)
    case (3, false): return sweptBits(needle, plan, ThreeByteProbe.self, cancellation)
    case (_, true): return sweptBits(needle, plan, ThreeByteWordProbe.self, cancellation)
    case (_, false): return sweptBits(needle, plan, FourByteProbe.self, cancellation)
    }
  }

  /// `sweptBits` for one shape of needle.
  private func sweptBits<Shape: ProbeShape>(
    _ needle: ByteNeedle, _ plan: UnsafeTermPlan, _ shape: Shape.Type, _ cancellation: SearchCancellation?
  ) -> [UInt64]? {
    let rowCount = dataset.rowCount
    let cased = casedArenaOrDeferredRefusal()
    let sides = plan.variant == .fold ? nil : sideFormsOrDeferredRefusal([plan.variant])
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      let sweep = TermSweepBits<Shape>(
        needle: needle.bytes, texts: texts, plan: plan, blockRows: tuning.sweepBlock)
      return rowBits(cancellation: cancellation) { words, output in
        sweep.fill(words, rowCount: rowCount, into: output)
      }?.words
    }
  }

  /// The rows whose signature has every bit of `mask` and none of `forbidden`, as bits (bit
  /// `r % 64` of word `r / 64`), and how many they are: a query of letters, one pass over the
  /// signatures with no branch per row.
  func signatureBits(
    mask: UInt32, forbidding forbidden: UInt32 = 0, in signatures: some SignatureColumn,
    cancellation: SearchCancellation?
  ) -> (words: [UInt64], count: Int)? {
    let rowCount = dataset.rowCount
    // A copy of the loop for one letter alone, the common case, without the second test.
    @inline(__always) func fill(
      _ words: Range<Int>, _ output: UnsafeMutablePointer<UInt64>, _ forbidden: UInt32
    ) {
      for word in words {
        let first = word &* 64
        var bits: UInt64 = 0
        for row in first..<min(rowCount, first &+ 64) {
          let signature = signatures.bits(row)
          let kept = (signature & mask) ^ mask | signature & forbidden == 0
          bits |= (kept ? 1 : 0) &<< UInt64(truncatingIfNeeded: row &- first)
        }
        output[word] = bits
      }
    }
    return rowBits(cancellation: cancellation) { words, output in
      if forbidden == 0 { fill(words, output, 0) } else { fill(words, output, forbidden) }
    }
  }

  /// One bit per row (bit `r % 64` of word `r / 64`), and how many are set, written on every core:
  /// `fill` sets the words of each chunk it is given, a range of words of 64 rows each, and may
  /// carry state from row to row within it.
  func rowBits(
    cancellation: SearchCancellation?, fill: (Range<Int>, UnsafeMutablePointer<UInt64>) -> Void
  ) -> (words: [UInt64], count: Int)? {
    let wordCount = (dataset.rowCount + 63) / 64
    let chunks = Parallel.Chunks(
      work: wordCount, count: Parallel.chunkCount(dataset.rowCount, threshold: parallelThreshold))
    var counts: [Int] = []
    let words = [UInt64](unsafeUninitializedCapacity: max(wordCount, 1)) { buffer, initialized in
      guard let address = buffer.baseAddress else { return }
      let output = UncheckedSendable(address)
      counts = Parallel.map(chunks.count) { chunk -> Int in
        let words = chunks.range(chunk)
        guard !words.isEmpty else { return 0 }
        fill(words, output.value)
        return words.reduce(0) { $0 &+ output.value[$1].nonzeroBitCount }
      }
      initialized = wordCount
    }
    if cancellation?.isCancelled == true { return nil }
    return (words, counts.reduce(0, +))
  }
}
