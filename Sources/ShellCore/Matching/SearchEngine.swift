import Foundation

/// Finds the rows that a query selects, fast enough to run on every keystroke.
///
/// Built once per dataset (and per set of searched columns): the text is folded into byte arenas
/// (`FoldedIndex`). `search` returns row ids in table order: original order for every rule but
/// `fuzzy`, rank order for `fuzzy` (best first; ties: shorter title, then original order).
///
/// Per keystroke, a full search runs a SIMD scan for the query's most selective term over the
/// arena (on every core for large datasets) and checks the other terms per candidate row. The
/// engine remembers recent results: a repeated query (backspace) is answered from the cache, and a
/// query that provably selects a subset of a cached one (`ParsedQuery.implies`, e.g. typing one
/// more letter) only re-checks that result's rows. Not thread-safe: call it from one thread at a
/// time; only `SearchCancellation.cancel()` may come from another thread.
final class SearchEngine {
  /// The rows being searched.
  let dataset: Dataset
  /// The columns whose text is searched (the title column unless `set fields` says otherwise).
  let columns: [Int]
  /// The folded text.
  let index: FoldedIndex
  /// Recent results.
  private(set) var cache: ResultCache
  /// The thresholds the engine splits and sorts by.
  let tuning: Tuning
  /// Work (rows) below which a search runs on one thread.
  var parallelThreshold: Int { tuning.parallel }

  /// An engine with `tuning`'s thresholds (the shell's by default); `isCancelled` (called from
  /// any thread) may stop the index build, after which `wasCancelled` is true and the engine is
  /// to be thrown away.
  init(dataset: Dataset, columns: [Int]? = nil, tuning: Tuning = .standard, isCancelled: (() -> Bool)? = nil)
  {
    self.dataset = dataset
    self.columns = columns ?? [dataset.titleColumn]
    self.tuning = tuning
    index = FoldedIndex(
      dataset: dataset, columns: self.columns, parallelThreshold: tuning.parallel,
      sideFormThreshold: tuning.sideForms, isCancelled: isCancelled)
    cache = ResultCache(
      rowCount: dataset.rowCount, capacity: max(1, min(tuning.cacheEntries, 32)),
      bitmapThreshold: tuning.bitmap)
  }

  /// An engine that splits work into chunks from `parallelThreshold` rows on (tests).
  convenience init(dataset: Dataset, columns: [Int]?, parallelThreshold: Int) {
    var tuning = Tuning.standard
    tuning.parallel = parallelThreshold
    self.init(dataset: dataset, columns: columns, tuning: tuning)
  }

  /// Whether the index build was cancelled (the engine then finds nothing and is to be dropped).
  var wasCancelled: Bool { index.wasCancelled }

  /// The same search over `dataset`, a relabelling of this engine's rows (`set scopes`): the text
  /// is the same, so the folded index is reused; cached results depend on scopes and start empty.
  init(reusingIndexOf other: SearchEngine, for dataset: Dataset) {
    precondition(dataset.rowCount == other.dataset.rowCount, "a relabelling keeps every row")
    self.dataset = dataset
    columns = other.columns
    index = other.index
    tuning = other.tuning
    cache = ResultCache(
      rowCount: dataset.rowCount, capacity: other.cache.capacity, bitmapThreshold: other.tuning.bitmap)
  }

  /// The ids of the rows whose text matches `query` under `rule` and whose scope is `scope`.
  ///
  /// Scope 0 is "All". An empty (or all-whitespace) query selects every row in the scope.
  func search(_ query: String, rule: MatchRule, scope: Int = 0) throws(ShellError) -> [Int32] {
    try search(query, rule: rule, scope: scope, cancellation: nil) ?? []
  }

  /// `search`, abandoned (returning nil) as soon as `cancellation` is cancelled.
  func search(
    _ query: String, rule: MatchRule, scope: Int = 0, cancellation: SearchCancellation?
  ) throws(ShellError) -> [Int32]? {
    try results(query, rule: rule, scope: scope, cancellation: cancellation)?.allRows
  }

  /// `search`'s rows as a `SearchResult`, whose `fuzzy` ranking is ordered only as far as it is
  /// read (the selection below), so a first page neither waits for nor holds the whole order.
  func results(
    _ query: String, rule: MatchRule, scope: Int = 0, cancellation: SearchCancellation? = nil
  ) throws(ShellError) -> SearchResult? {
    if let entry = cache.take(query, rule: rule, scope: scope) {
      // A result held as bits is answered as bits: it is too large to narrow from, so its ids
      // would only take memory.
      return entry.result
    }
    let plain = query.allSatisfy(\.isWhitespace) || rule == .regex ? nil : ParsedQuery(query, rule: rule)
    cache.packLargeEntries(keepingBasesOf: plain, rule: rule, scope: scope)
    var parsed: ParsedQuery?
    var rows: [Int32]
    var ranked: RankedRows?
    var compact: CompactRows?
    var dense: RowBitmap?
    if query.allSatisfy(\.isWhitespace) {
      rows = allRows(scope: scope)
      parsed = ParsedQuery("", rule: rule)
    } else if rule == .regex {
      let matcher = try RegexMatcher(pattern: query)
      guard let found = regexSearch(matcher, scope: scope, cancellation: cancellation) else { return nil }
      rows = found
    } else {
      let query = plain ?? ParsedQuery(query, rule: rule)
      parsed = query
      if query.isEmpty {
        rows = allRows(scope: scope)
      } else {
        let base = cache.narrowingBase(for: query, rule: rule, scope: scope)
        // A full scan is driven by the term that matches fewest rows of a sample; a narrowing reads
        // only the previous result's rows, where the sample would cost more than the choice saves.
        let compiled = CompiledQuery(
          query, frequency: index.byteFrequency, sampledHits: base == nil ? { self.sampledHits($0) } : nil)
        guard
          let found = run(
            compiled, candidates: base?.rows, compact: base?.compact, scope: scope, scored: rule == .fuzzy,
            cancellation: cancellation)
        else { return nil }
        rows = found.rows
        compact = found.compact
        dense = found.dense
        if rule == .fuzzy {
          if let best = found.best {
            // The ranking scores its other rows when read past `best`: it keeps what that needs
            // (not the engine, whose cache keeps the ranking).
            let (index, dataset, columns, threshold) = (index, dataset, columns, parallelThreshold)
            ranked = RankedRows(ascending: found.rows, top: best, dataset: dataset, tuning: tuning) { rows in
              Self.fuzzyScores(
                rows, query: compiled, index: index, dataset: dataset, columns: columns, threshold: threshold)
            }
          } else {
            ranked = RankedRows(ascending: found.rows, scores: found.scores, dataset: dataset, tuning: tuning)
          }
          rows = []
        }
      }
    }
    let entry = ResultCache.Entry(
      query: query, rule: rule, scope: scope, parsed: parsed, rows: rows, ranked: ranked, compact: compact,
      packed: dense)
    cache.remember(entry)
    return entry.result
  }

  /// The character ranges of a row's title that `query` matched, for highlighting on a terminal.
  func highlights(row: Int, query: String, rule: MatchRule) -> [Range<Int>] {
    MatchHighlighter.ranges(in: dataset.title(row), query: query, rule: rule)
  }

  // MARK: - Scanning

  /// What `run` found: rows ascending (with fuzzy scores, or a single fuzzy term's best rows),
  /// maybe a compact copy of them; or, for a one-letter result of most rows, only its bits.
  typealias Found = (
    rows: [Int32], scores: [Int32], compact: CompactRows?, best: [Int32]?, dense: RowBitmap?
  )

  /// One chunk's matches, ascending, with fuzzy scores when asked.
  private struct ChunkResult {
    /// Writes into the chunk's share of the result array.
    var rows: RowIDBuffer
    var scores: [Int32] = []
    var cancelled = false
    /// The prefetch loads' combined value, kept so the compiler cannot drop them.
    var touched: UInt8 = 0
    /// A copy of the matched rows' folded text, while the result is small enough to narrow from.
    var compact: CompactRows.PartBuffer?
    /// A single fuzzy term's best rows, when the others' scores wait until read (`rankFuzzyRows`).
    var best: RankHeap?
  }

  /// Evaluates `query` over all rows (or only `candidates`, ascending, whose folded text `compact`
  /// may hold) in `scope`; also returns a compact copy of a small result of a plain `fold` query.
  private func run(
    _ query: CompiledQuery, candidates: [Int32]?, compact: CompactRows? = nil, scope: Int, scored: Bool,
    cancellation: SearchCancellation?
  ) -> Found? {
    let rowCount = dataset.rowCount
    // A copy holds its rows in the form its own query compared; narrowing only follows a query of
    // the same form (`ParsedQuery.implies`), and any other would read the arenas.
    let compact = compact?.variant == query.driver?.plan.variant ? compact : nil
    if candidates == nil, scope == 0, !scored, let driver = query.driver,
      driver.plan.variant == .fold || driver.plan.variant == .ci, driver.plan.kind == .contains,
      driver.needle.count == 1, RowSignature.isExact(driver.needle.bytes[0]),
      query.plan.clauseCount == 0 || (driver.plan.variant == .fold && query.isDecidedBySignature)
    {
      // The rows whose signature has the letter, as bits (under `ci`, less the wide rows whose own
      // form lacks it; `letterRows`). Other clauses of one letter each, wanted or excluded, are bits
      // of the same test; such a result keeps no copy, which only a one-term query narrows from.
      let mask = RowSignature.bit(driver.needle.bytes[0])
      guard
        var words = signatureBits(
          mask: mask | query.requiredSignature, forbidding: query.forbiddenSignature,
          in: index.signatures.pointer, cancellation: cancellation)?.words
      else { return nil }
      if driver.plan.variant == .ci {
        for row in wideMisses(term: driver.plan, mask: mask) {
          words[Int(row) >> 6] &= ~(1 &<< UInt64(row & 63))
        }
      }
      return letterRows(words, variant: driver.plan.variant, copying: query.isPlain)
    }
    if candidates == nil, scope == 0, !scored, query.plan.clauseCount == 0, let driver = query.driver,
      driver.plan.kind == .contains, driver.needle.count == 1, driver.plan.variant != .fold,
      driver.plan.variant != .ci, Self.isProbed(driver.needle, driver.plan),
      driver.needle.bytes[0] &- 0x61 < 26,
      let bound = signatureBits(
        mask: RowSignature.bit(driver.needle.bytes[0]), in: index.signatures.pointer, cancellation: nil)?
        .count,
      !cache.narrows(from: bound, copied: bound <= compactRowLimit)
    {
      // A lowercase letter compared with case significant, in more rows than a result to narrow
      // from, by its signature bit (which cannot tell case, but a row holding the letter has
      // it): every row is probed, into bits, not ids. A smaller result, or another byte, whose bit
      // bounds nothing as closely (`S`, `7`), is probed as any short term is, copying its rows as
      // it goes.
      guard let words = probedBits(driver.needle, driver.plan, cancellation: cancellation) else { return nil }
      return letterRows(words, variant: driver.plan.variant)
    }
    if candidates == nil, scope == 0, !scored, query.plan.clauseCount == 0, let driver = query.driver,
      driver.plan.isPlainFold, driver.plan.kind == .wordStart, driver.needle.count == 1,
      driver.needle.bytes[0] &- 0x61 < 26
    {
      // One letter starting a word: the rows whose initials have it.
      let initials = index.initialSignatures(parallelThreshold: parallelThreshold)
      let mask: UInt32 = 1 &<< UInt32(driver.needle.bytes[0] &- 0x61)
      guard let words = signatureBits(mask: mask, in: initials.pointer, cancellation: cancellation)?.words
      else { return nil }
      return letterRows(words, variant: .fold)
    }
    if candidates == nil, scope == 0, scored, query.plan.isSingleFuzzyTerm, query.driver == nil,
      query.plan.terms[0].scalarCount == 1, query.plan.terms[0].variant == .fold,
      !query.plan.terms[0].anchoredStart, !query.plan.terms[0].anchoredEnd,
      query.plan.terms[0].scalars[0] &- 0x61 < 26
    {
      // One fuzzy letter: every row holding it scores `match`, plus twice `boundary` when it
      // starts a word there. The letter's signature bit gives the rows; only those short enough
      // to rank among the best are read for a word start.
      let letter = UInt8(truncatingIfNeeded: query.plan.terms[0].scalars[0])
      guard
        let rows = signatureRows(
          mask: RowSignature.bit(letter), in: index.signatures.pointer, cancellation: cancellation)
      else { return nil }
      // The whole order's scores wait until read: no list of them and one pass less.
      let best = dataset.withStorage { _, offsets in
        let lengths = TitleLengths(dataset, offsets: offsets)
        let scores = WordStartScores(fold: index.foldView, letter: letter)
        return RankSorter.best(
          RankedRows.topCount, rows: rows, scores: scores, titleLength: lengths, threshold: tuning.ranking)
      }
      return (rows, [], nil, best, nil)
    }
    let initialsMask = candidates == nil && !scored ? query.requiredInitials : 0
    if initialsMask != 0 {
      // Terms that start words: only rows whose initials have their first letters can match. When
      // those are few, they are tested one by one (as a previous result is) instead of every row
      // being read.
      let initials = index.initialSignatures(parallelThreshold: parallelThreshold).pointer
      if let rows = signatureRows(
        mask: initialsMask, in: initials, all: true, limit: rowCount / Self.initialsShare,
        cancellation: cancellation)
      {
        return run(query, candidates: rows, scope: scope, scored: false, cancellation: cancellation)
      }
    }
    let work = candidates?.count ?? rowCount
    // A little work is quicker on one thread than waking a second, which on a busy machine may
    // wait for a core; re-checked candidates are scattered rows, whose cache misses two cores
    // wait on in parallel, so they split from a quarter of the threshold.
    let split = Parallel.chunks(
      work, threshold: candidates == nil ? parallelThreshold : max(1, parallelThreshold / 4))
    var chunkCount = split.count
    // A compact copy is re-checked part by part, each part whole in one chunk (a part may be
    // empty: its chunk then finds nothing).
    if let compact, chunkCount > 1 { chunkCount = compact.parts.count }
    func partsOf(_ chunk: Int) -> Range<Int> {
      guard let compact else { return 0..<0 }
      let count = compact.parts.count
      return chunk * count / chunkCount..<(chunk + 1) * count / chunkCount
    }
    func positionsOf(_ chunk: Int) -> Range<Int> {
      if let compact {
        let parts = partsOf(chunk)
        return compact.partStarts[parts.lowerBound]..<compact.partStarts[parts.upperBound]
      }
      return split.range(chunk)
    }
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    let sides =
      query.comparesOutsideFold ? index.sideForms(dataset: dataset, variants: query.sideVariants) : nil
    // A plain query's result keeps a compact copy of its rows, in the form it compared, for the
    // next keystroke, made as rows match (their bytes in cache); each chunk gives up past 1.5 times
    // its share, or when its rows so far, extrapolated, pass its share by a quarter. Every form
    // copies: the next keystroke then reads only the copy.
    let compactLimit = query.isPlain && scope == 0 ? compactRowLimit : 0
    let builders = freeBuilders(chunkCount)
    let averageRow = max(1, index.foldBytes.count / max(1, rowCount))
    for (chunk, builder) in builders.enumerated() {
      if let compact {
        // A narrowing keeps a part of what it reads (room for all of it: a chunk's ends and bytes,
        // not the whole result's, which each chunk would otherwise reserve).
        let bytes = partsOf(chunk).reduce(0) { $0 + compact.parts[$1].byteCount }
        let rows = positionsOf(chunk).count
        builder.reset(limit: compactLimit == 0 ? 0 : rows, share: rows, bytes: bytes)
      } else {
        let share = compactLimit / chunkCount + 64
        let limit = compactLimit == 0 ? 0 : share * 3 / 2
        // A result past a quarter of the rows is not narrowed from (`ResultCache.narrows`): a copy
        // held to that gives up once it outpaces its share by a 16th (over twice the spread of an
        // estimate from 4,096 rows), so a common term does not copy for nothing. One held to its
        // bytes may pass them by a quarter and is still read: the next keystroke needs it most.
        let margin = compactLimit >= cache.narrowingLimit(copied: true) ? share / 16 : share / 4
        // At most the bytes the chunk's rows hold (its rows of the fold arena; a narrowing's
        // candidates, any of them) and the copy's leading byte: room past that grows if needed.
        let available =
          1
          + (candidates == nil
            ? Int(index.foldOffsets.base[positionsOf(chunk).upperBound])
              - Int(index.foldOffsets.base[positionsOf(chunk).lowerBound])
            : index.foldBytes.count)
        let reserved = CompactRows.PartBuffer.reservation(
          rows: min(limit, positionsOf(chunk).count), averageRow: averageRow, available: available)
        builder.reset(limit: limit, share: share, margin: margin, bytes: reserved)
      }
    }
    // Chunks write their ids straight into the result, each from its first row's slot (a chunk
    // matches at most its own rows), and are then moved together: per-chunk buffers joined into a
    // fresh array cost a page fault per 4 KiB about three times over.
    func chunkResults(_ output: UnsafeMutablePointer<Int32>) -> [ChunkResult] {
      dataset.withStorage { bytes, offsets in
        dataset.rowScopes.withUnsafeBufferPointer { scopes in
          (candidates ?? []).withUnsafeBufferPointer { candidateBuffer in
            let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
            let plan = query.plan
            let driverPlan = query.driver?.plan
            let required = query.requiredSignature
            let rowFilter = RowFilter(
              scope: scope, scopes: scopes, plan: plan, texts: texts, signatures: index.signatures.pointer,
              required: required, forbidden: query.forbiddenSignature,
              bySignature: query.isDecidedBySignature,
              asciiRequired: query.asciiSignature
            )
            return Parallel.map(chunkCount) { chunk in
              let positions = positionsOf(chunk)
              let lower = positions.lowerBound
              let upper = positions.upperBound
              var result = ChunkResult(rows: RowIDBuffer(borrowing: output + lower, capacity: upper - lower))
              if cancellation?.isCancelled == true {
                result.cancelled = true
                return result
              }
              guard lower < upper else { return result }
              @inline(__always) func inScope(_ row: Int) -> Bool {
                RowFilter.isInScope(row, scope: scope, scopes: scopes)
              }
              let copy = builders[chunk]
              result.compact = copy
              if candidates != nil, let driverPlan, query.isPlain, let compact,
                let address = candidateBuffer.baseAddress
              {
                // The previous result's rows, copied contiguously: one sequential pass per part.
                let finder = driverPlan.finder
                let filter = rowFilter
                for part in partsOf(chunk) {
                  let view = compact.parts[part].view
                  let first = compact.partStarts[part]
                  let partPositions = first..<compact.partStarts[part + 1]
                  if let driver = query.driver, filter.acceptsAll, driverPlan.kind == .contains,
                    Self.isSwept(driver.needle, driverPlan)
                  {
                    sweepCompact(
                      driver.needle, driverPlan, view, first: first, count: partPositions.count,
                      candidates: address, result.rows, copy: (copy, positions))
                    continue
                  }
                  if let driver = query.driver, Self.isProbed(driver.needle, driverPlan) {
                    probe(
                      driver.needle, driverPlan, partPositions, candidates: address,
                      compact: (view, first), texts, filter, result.rows, copy: (copy, positions))
                    continue
                  }
                  if let driver = query.driver, driverPlan.kind != .fuzzy, !driverPlan.negated,
                    !driverPlan.anchoredStart, !driverPlan.anchoredEnd, !partPositions.isEmpty
                  {
                    // A longer needle: the part is an arena of its own, scanned as the whole one is (rather than
                    // a `RowFinder` test of each row).
                    ByteScanner.scan(
                      view, rows: 0..<partPositions.count, needle: driver.needle,
                      wordStart: driverPlan.kind == .wordStart
                    ) {
                      slot in
                      let row = Int(address[first + slot])
                      if inScope(row) {
                        result.rows.append(row)
                        copy.append(view.slice(slot))
                      }
                    }
                    continue
                  }
                  for position in partPositions {
                    let slice = view.slice(position - first)
                    let row = Int(address[position])
                    if finder.matches(slice), inScope(row) {
                      result.rows.append(row)
                      copy.append(slice)
                    }
                  }
                }
              } else if candidates != nil, let driver = query.driver, let driverPlan, query.isPlain,
                Self.isProbed(driver.needle, driverPlan), let address = candidateBuffer.baseAddress
              {
                // A short term re-checked on a large previous result: scattered rows, where a
                // branch on each row's answer would be mispredicted as often as taken; the probe
                // has none.
                probe(
                  driver.needle, driverPlan, lower..<upper, candidates: address, texts,
                  rowFilter, result.rows,
                  copy: (copy, positions))
              } else if candidates != nil, let driverPlan, query.isPlain {
                // One plain term re-checked on a previous result (a typed letter): one inlined
                // kernel per row, reading the rows in ascending order, in the term's form.
                let finder = driverPlan.finder
                let variant = driverPlan.variant
                let view = variant == .fold || variant == .ci ? texts.fold : texts.cased
                // Reach: an empty last row starts at the end of an arena that may have no padding
                // (the dataset's own): the touch reads at most its last byte.
                let lastByte = view.limit &- 1
                var blockStart = lower
                var touched: UInt8 = 0
                while blockStart < upper {
                  // Re-checked rows are scattered: touch a block's rows first with independent loads,
                  // whose cache misses overlap, then test them from cache.
                  let blockEnd = min(upper, blockStart + 32)
                  for position in blockStart..<blockEnd where lastByte >= 0 {
                    touched ^= view.base[min(view.start(Int(candidateBuffer[position])), lastByte)]
                  }
                  for position in blockStart..<blockEnd {
                    let row = Int(candidateBuffer[position])
                    let slice = texts.slice(row, variant)
                    if finder.matches(slice), inScope(row) {
                      result.rows.append(row)
                      copy.append(slice)
                    }
                  }
                  blockStart = blockEnd
                }
                result.touched = touched
              } else if candidates != nil {
                // Scattered rows are bound by memory latency: touch a block of rows with independent
                // loads first (the CPU overlaps those misses), then test them from cache.
                var blockStart = lower
                var touched: UInt8 = 0
                while blockStart < upper {
                  let blockEnd = min(upper, blockStart + 32)
                  for position in blockStart..<blockEnd {
                    let row = Int(candidateBuffer[position])
                    touched ^= texts.fold.base[texts.fold.start(row)]
                  }
                  for position in blockStart..<blockEnd {
                    let row = Int(candidateBuffer[position])
                    if inScope(row), driverPlan?.matches(row, texts) ?? true, plan.matches(row, texts) {
                      result.rows.append(row)
                    }
                  }
                  blockStart = blockEnd
                }
                result.touched = touched
              } else if let driver = query.driver, let driverPlan {
                scanChunk(
                  driver: driver.needle, driverPlan: driverPlan, rows: lower..<upper, texts: texts,
                  filter: rowFilter,
                  into: result.rows,
                  compact: copy)
              } else if scored, plan.isRankedBySum {
                // Fuzzy terms, each a clause: the matching rows, and the best few scored in the same
                // pass (their bytes still in cache); the others' scores wait until read past them.
                result.best = rankFuzzyRows(
                  plan, rows: lower..<upper, texts: texts, required: required, scope: scope, scopes: scopes,
                  titleLength: TitleLengths(dataset, offsets: offsets), into: result.rows)
                return result
              } else {
                // No term to scan for: test every row, skipping those whose signature lacks a byte
                // that a required `fold` term needs.
                let signatures = index.signatures.pointer
                for row in lower..<upper where signatures[row] & required == required {
                  if inScope(row), plan.matches(row, texts) { result.rows.append(row) }
                }
              }
              if scored {
                let scorer = FuzzyScorer()
                result.scores = result.rows.buffer.map { plan.score(Int($0), texts, scorer) }
              }
              return result
            }
          }
        }
      }
    }
    var parts: [ChunkResult] = []
    let rows = [Int32](unsafeUninitializedCapacity: max(work, 1)) { buffer, initialized in
      guard let output = buffer.baseAddress else { return }
      parts = chunkResults(output)
      var total = 0
      for part in parts where !part.cancelled {
        if part.rows.base != output + total {
          UnsafeMutableRawPointer(output + total).copyMemory(
            from: part.rows.base, byteCount: part.rows.count * MemoryLayout<Int32>.stride)
        }
        total += part.rows.count
      }
      initialized = parts.contains(where: \.cancelled) ? 0 : total
      Self.releasePages(after: output + total, through: output + buffer.count)
    }
    if parts.contains(where: \.cancelled) { return nil }
    // A copy every part finished is kept, though it may pass the limit by what the parts allow:
    // dropping it would waste its writing and slow the next keystroke.
    let copied =
      compactLimit > 0
      ? query.driver.flatMap { CompactRows(parts: builders, rows: rows.count, variant: $0.plan.variant) }
      : nil
    // Either every chunk that found rows ranked them as it went, or none did (an empty chunk of
    // a compact copy returns before it ranks).
    let heaps = parts.compactMap(\.best)
    if !heaps.isEmpty {
      assert(parts.allSatisfy { $0.best != nil || $0.rows.count == 0 }, "some chunks ranked, some not")
      return (rows, [], copied, RankHeap.merged(heaps, limit: RankedRows.topCount), nil)
    }
    let scores = parts.count == 1 ? parts[0].scores : scored ? Self.concatenate(parts.map(\.scores)) : []
    return (rows, scores, copied, nil, nil)
  }

  /// Gives the whole pages between two addresses of a result's spare capacity back to the system:
  /// chunks wrote there before their ids moved down, and those pages would stay resident.
  private static func releasePages(
    after start: UnsafeMutablePointer<Int32>, through end: UnsafeMutablePointer<Int32>
  ) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (Int(bitPattern: start) + page - 1) / page * page
    let last = Int(bitPattern: end) / page * page
    // Small spares are not worth a system call.
    guard last - first >= 256 * page, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
    MemoryAdvice.releasePages(address, length: last - first)
  }

  /// Joins chunk results with one allocation (`joined()` copies element by element).
  static func concatenate(_ parts: [[Int32]]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { result.append(contentsOf: part) }
    return result
  }

  /// Pointers to every form's arena, valid inside `Dataset.withStorage`.
  func makeTexts(
    bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>,
    cased: (bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>)?, sides: SideForms?
  ) -> RowTexts {
    Self.makeTexts(
      index: index, dataset: dataset, columns: columns, bytes: bytes, offsets: offsets, cased: cased,
      sides: sides)
  }

  /// `makeTexts` for an engine's parts (what a ranking keeps to score its rows later).
  static func makeTexts(
    index: FoldedIndex, dataset: Dataset, columns: [Int], bytes: UnsafeBufferPointer<UInt8>,
    offsets: UnsafeBufferPointer<UInt32>, cased: (bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>)?,
    sides: SideForms?
  ) -> RowTexts {
    func view(_ bytes: PinnedBuffer<UInt8>, _ offsets: PinnedBuffer<UInt32>) -> ArenaView {
      ArenaView(
        base: bytes.pointer, limit: bytes.count + FoldedIndex.padding, offsets: offsets.pointer, stride: 1,
        column: 0)
    }
    let fold = index.foldView
    let original: ArenaView
    if let cased {
      original = view(cased.bytes, cased.offsets)
    } else if let base = bytes.baseAddress, let offsetBase = offsets.baseAddress {
      original = ArenaView(
        base: base, limit: bytes.count, offsets: offsetBase, stride: dataset.columns.count, column: columns[0]
      )
    } else {
      original = fold  // no text at all: every row is empty in every form
    }
    // Without side forms (a query that only folds), their views stand on the fold arena and are
    // never read: every read of a side form comes from a term compared in another form.
    func side(_ variant: TextVariant) -> ArenaView {
      sides?.view(variant) ?? fold
    }
    return RowTexts(
      fold: fold, cased: original, exact: side(.exact), ci: side(.ci), strip: side(.strip),
      wideRows: index.wideRows.pointer, wideCount: index.wideRows.count, wideBits: index.wideBits.pointer,
      wideRanks: index.wideRanks.pointer,
      foldWideRows: index.foldWideRows.buffer,
      exactWideRows: sides?.exactWideRows.buffer ?? index.wideRows.buffer)
  }

  /// How many rows of a fixed sample `term` matches (positive, in its own form): 8 blocks of 256
  /// rows spread over the dataset, so a sorted file's first rows do not stand for all of it.
  private func sampledHits(_ term: CompiledTerm) -> Int {
    let rowCount = dataset.rowCount
    let plan = term.plan
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    let sides = plan.variant == .fold ? nil : index.sideForms(dataset: dataset, variants: [plan.variant])
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      var hits = 0
      for block in 0..<8 {
        let start = rowCount * block / 8
        for row in start..<min(rowCount, start + 256) where plan.matches(row, texts) { hits += 1 }
      }
      return hits
    }
  }

  /// Every row in `scope`, ascending.
  private func allRows(scope: Int) -> [Int32] {
    if scope == 0 { return (0..<Int32(dataset.rowCount)).map { $0 } }
    let scopes = dataset.rowScopes
    return scopes.indices.filter { Int(scopes[$0]) == scope }.map { Int32($0) }
  }

  // MARK: - Compact copies

  /// A compact copy of a plain result found without reading its rows (from signatures), in the
  /// form `variant`, if it is small enough to keep.
  ///
  /// The next keystroke then reads only those rows' bytes, in one pass, for the price of the
  /// copy now. The wide rows of a form other than `fold` come from its side arena.
  func compactCopy(of rows: [Int32], variant: TextVariant = .fold) -> CompactRows? {
    guard !rows.isEmpty, rows.count <= compactRowLimit else { return nil }
    let chunks = Parallel.chunks(rows.count, threshold: max(1, parallelThreshold / 4))
    let builders = freeBuilders(chunks.count)
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    let sides = variant == .fold ? nil : index.sideForms(dataset: dataset, variants: [variant])
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      rows.withUnsafeBufferPointer { ids in
        Parallel.forEach(chunks.count) { chunk in
          let part = UnsafeBufferPointer(rebasing: ids[chunks.range(chunk)])
          let builder = builders[chunk]
          let reserved = CompactRows.PartBuffer.reservation(
            rows: part.count, averageRow: averageRow, available: index.foldBytes.count + 1)
          builder.reset(limit: max(part.count, 1), share: part.count, bytes: reserved)
          if variant == .fold {
            builder.gather(part) { texts.fold.slice($0) }
          } else {
            builder.gather(part) { texts.slice($0, variant) }
          }
        }
      }
    }
    return CompactRows(parts: builders, rows: rows.count, variant: variant)
  }

  /// Compact-copy parts, reused from search to search; a kept copy holds its own.
  private(set) var builders: [CompactRows.PartBuffer] = []

  /// `count` parts that no kept copy holds.
  private func freeBuilders(_ count: Int) -> [CompactRows.PartBuffer] {
    var free: [CompactRows.PartBuffer] = []
    for index in builders.indices where free.count < count && isKnownUniquelyReferenced(&builders[index]) {
      free.append(builders[index])
    }
    while free.count < count {
      let builder = CompactRows.PartBuffer()
      builders.append(builder)
      free.append(builder)
    }
    return free
  }

  /// Rows picked by their initials are tested one by one when they are at most one in this many.
  ///
  /// Else every row is read (see `run`): past this share, testing rows one by one costs more
  /// than a sweep of all of them.
  static var initialsShare: Int { 12 }

  /// The most rows a compact copy holds: a result that narrowing would use (a quarter of the
  /// rows), up to about 8 MB of text.
  var compactRowLimit: Int {
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    let floor = tuning.compactFloor
    return min(max(dataset.rowCount / 4, floor), max(floor, (8 << 20) / averageRow))
  }

  /// Forgets every remembered result (for tests and memory pressure).
  func clearCache() {
    cache.removeAll()
  }
}
