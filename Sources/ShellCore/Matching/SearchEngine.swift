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
  /// Recent results, least recently used first.
  private var cache: [CacheEntry] = []
  /// Row ids held by `cache` (bits counted as the ids they take the room of), bounded by
  /// `cacheBudget` (the newest entry is always kept).
  private var cachedIDs: Int { cache.reduce(0) { $0 + $1.size } }
  private let cacheBudget: Int
  /// At most this many results are remembered (32; `SEARCHSHELL_CACHE_ENTRIES` lowers it so a
  /// benchmark that repeats queries measures real searches, not cache hits).
  private let cacheEntries: Int
  /// Work (rows) below which a search runs on one thread; tests lower it to exercise chunking.
  private let parallelThreshold: Int

  convenience init(dataset: Dataset, columns: [Int]? = nil) {
    self.init(dataset: dataset, columns: columns, parallelThreshold: 100_000)
  }

  /// An engine that splits work into chunks from `parallelThreshold` rows on.
  init(dataset: Dataset, columns: [Int]?, parallelThreshold: Int) {
    self.dataset = dataset
    self.columns = columns ?? [dataset.titleColumn]
    self.parallelThreshold = parallelThreshold
    index = FoldedIndex(dataset: dataset, columns: self.columns, parallelThreshold: parallelThreshold)
    cacheBudget = max(dataset.rowCount, 1 << 20)
    cacheEntries =
      ProcessInfo.processInfo.environment["SEARCHSHELL_CACHE_ENTRIES"].flatMap(Int.init).map {
        max(1, min($0, 32))
      } ?? 32
  }

  /// The same search over `dataset`, a relabelling of this engine's rows (`set scopes`): the text
  /// is the same, so the folded index is reused; cached results depend on scopes and start empty.
  init(reusingIndexOf other: SearchEngine, for dataset: Dataset) {
    precondition(dataset.rowCount == other.dataset.rowCount, "a relabelling keeps every row")
    self.dataset = dataset
    columns = other.columns
    index = other.index
    parallelThreshold = other.parallelThreshold
    cacheBudget = other.cacheBudget
    cacheEntries = other.cacheEntries
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
  /// read (1M rows, `fuzzy s`: 14.6 → 9.0-9.3 ms with the selection below; peak memory of a
  /// fuzzy session 110 → 91 MiB).
  func results(
    _ query: String, rule: MatchRule, scope: Int = 0, cancellation: SearchCancellation? = nil
  ) throws(ShellError) -> SearchResult? {
    if let position = cache.lastIndex(where: { $0.query == query && $0.rule == rule && $0.scope == scope }) {
      // A result held as bits is answered as bits: it is too large to narrow from, so its ids
      // would only take memory (10M rows, `st` of a quarter of them: 10 MB).
      let entry = cache.remove(at: position)
      cache.append(entry)
      return entry.result
    }
    let plain = query.allSatisfy(\.isWhitespace) || rule == .regex ? nil : ParsedQuery(query, rule: rule)
    packLargeEntries(keepingBasesOf: plain, rule: rule, scope: scope)
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
        let compiled = CompiledQuery(query, frequency: index.byteFrequency)
        let base = narrowingBase(for: query, rule: rule, scope: scope)
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
            ranked = RankedRows(ascending: found.rows, top: best, dataset: dataset) { rows in
              Self.fuzzyScores(
                rows, query: compiled, index: index, dataset: dataset, columns: columns, threshold: threshold)
            }
          } else {
            ranked = RankedRows(ascending: found.rows, scores: found.scores, dataset: dataset)
          }
          rows = []
        }
      }
    }
    let entry = CacheEntry(
      query: query, rule: rule, scope: scope, parsed: parsed, rows: rows, ranked: ranked, compact: compact,
      packed: dense)
    remember(entry)
    return entry.result
  }

  /// The character ranges of a row's title that `query` matched, for highlighting on a terminal.
  func highlights(row: Int, query: String, rule: MatchRule) -> [Range<Int>] {
    MatchHighlighter.ranges(in: dataset.title(row), query: query, rule: rule)
  }

  // MARK: - Scanning

  /// What `run` found: rows ascending (with fuzzy scores, or a single fuzzy term's best rows),
  /// maybe a compact copy of them; or, for a one-letter result of most rows, only its bits.
  private typealias Found = (
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
    var compact: CompactRows.Builder?
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
    if candidates == nil, scope == 0, !scored, query.plan.clauseCount == 0, let driver = query.driver,
      driver.plan.variant == .fold || driver.plan.variant == .ci, driver.plan.kind == .contains,
      driver.needle.count == 1, RowSignature.isExact(driver.needle.bytes[0])
    {
      // The rows whose signature has the letter, as bits (under `ci`, less the wide rows whose own
      // form lacks it): 10M rows, `s` 42.5 → 6.2 ms, 1M 3.5 → 0.7 (`letterRows`).
      let mask = RowSignature.bit(driver.needle.bytes[0])
      guard
        var (words, count) = signatureBits(
          mask: mask, in: index.signatures.pointer, cancellation: cancellation)
      else { return nil }
      if driver.plan.variant == .ci {
        for row in wideMisses(term: driver.plan, mask: mask) {
          words[Int(row) >> 6] &= ~(1 &<< UInt64(row & 63))
          count -= 1
        }
      }
      return letterRows(words, count: count, variant: driver.plan.variant)
    }
    if candidates == nil, scope == 0, !scored, query.plan.clauseCount == 0, let driver = query.driver,
      driver.plan.kind == .contains, driver.needle.count == 1, driver.plan.variant != .fold,
      driver.plan.variant != .ci, Self.isProbed(driver.needle, driver.plan),
      driver.needle.bytes[0] &- 0x61 < 26,
      let bound = signatureBits(
        mask: RowSignature.bit(driver.needle.bytes[0]), in: index.signatures.pointer, cancellation: nil)?
        .count,
      !narrows(from: bound, copied: bound <= compactRowLimit)
    {
      // A lowercase letter compared with case significant, in more rows than a result to narrow
      // from, by its signature bit (which cannot tell case, but a row holding the letter has
      // it): every row is probed, into bits (10M rows, `exact s`: 71-74 → 37-44 ms; its ids took
      // 34 MB). A smaller result, or another byte, whose bit bounds nothing as closely (`S`, `7`),
      // is probed as any short term is, copying its rows as it goes (1M, `exact S`: 7.7 ms from
      // bits, 5.9 so).
      guard let (words, count) = probedBits(driver.needle, driver.plan, cancellation: cancellation) else {
        return nil
      }
      return letterRows(words, count: count, variant: driver.plan.variant)
    }
    if candidates == nil, scope == 0, !scored, query.plan.clauseCount == 0, let driver = query.driver,
      driver.plan.isPlainFold, driver.plan.kind == .wordStart, driver.needle.count == 1,
      driver.needle.bytes[0] &- 0x61 < 26
    {
      // One letter starting a word: the rows whose initials have it.
      let initials = index.initialSignatures(parallelThreshold: parallelThreshold)
      let mask: UInt32 = 1 &<< UInt32(driver.needle.bytes[0] &- 0x61)
      guard let (words, count) = signatureBits(mask: mask, in: initials.pointer, cancellation: cancellation)
      else { return nil }
      return letterRows(words, count: count, variant: .fold)
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
      // The whole order's scores wait until read (1M rows, `s`: a 3.6 MB list and a pass less).
      let best = dataset.withStorage { _, offsets in
        let lengths = TitleLengths(dataset, offsets: offsets)
        let scores = WordStartScores(fold: index.foldView, letter: letter)
        return RankSorter.best(RankedRows.topCount, rows: rows, scores: scores, titleLength: lengths)
      }
      return (rows, [], nil, best, nil)
    }
    let work = candidates?.count ?? rowCount
    // A little work is quicker on one thread than waking a second, which on a busy machine may
    // wait for a core; re-checked candidates are scattered rows, whose cache misses two cores
    // wait on in parallel, so they split from a quarter of the threshold (1M, sta→stan from a
    // compact copy of 33k rows: 1.6-1.7 → 0.9-1.0 ms).
    var chunkCount = Parallel.chunkCount(
      work, threshold: candidates == nil ? parallelThreshold : max(1, parallelThreshold / 4))
    // A compact copy is re-checked part by part, each part whole in one chunk.
    if let compact, chunkCount > 1 { chunkCount = compact.parts.count }
    let chunkSize = (work + chunkCount - 1) / max(1, chunkCount)
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
      let lower = min(work, chunk * chunkSize)
      return lower..<min(work, lower + chunkSize)
    }
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    let sides =
      query.comparesOutsideFold ? index.sideForms(dataset: dataset, variants: query.sideVariants) : nil
    // A plain query's result keeps a compact copy of its rows, in the form it compared, for the
    // next keystroke, made as rows match (their bytes in cache); each chunk gives up past 1.5 times
    // its share, or when its rows so far, extrapolated, pass its share by a quarter. Every form
    // copies (1M, typing `sta` after `st`: `exact` 5.6 → 1.8 ms, `ci` 4.2 → 2.0; `st` pays about
    // 2 ms for its copy, as `fold` did).
    let compactLimit = query.isPlain && scope == 0 ? compactRowLimit : 0
    let builders = freeBuilders(chunkCount)
    let averageRow = max(1, index.foldBytes.count / max(1, rowCount))
    for (chunk, builder) in builders.enumerated() {
      if let compact {
        // A narrowing keeps a part of what it reads (room for all of it: a chunk's ends and bytes,
        // not the whole result's, which took 1 MB of ends per chunk for st→sta at 1M).
        let bytes = partsOf(chunk).reduce(0) { $0 + compact.parts[$1].byteCount }
        let rows = positionsOf(chunk).count
        builder.reset(limit: compactLimit == 0 ? 0 : rows, share: rows, bytes: bytes)
      } else {
        let share = compactLimit / chunkCount + 64
        let limit = compactLimit == 0 ? 0 : share * 3 / 2
        builder.reset(limit: limit, share: share, bytes: limit * averageRow * 5 / 4)
      }
    }
    // Chunks write their ids straight into the result, each from its first row's slot (a chunk
    // matches at most its own rows), and are then moved together: per-chunk buffers joined into a
    // fresh array cost a page fault per 4 KiB about three times over (`exact s`: 1M 9-10 → 6.0 ms, 10M 97 → 77-83).
    func chunkResults(_ output: UnsafeMutablePointer<Int32>) -> [ChunkResult] {
      dataset.withStorage { bytes, offsets in
        dataset.rowScopes.withUnsafeBufferPointer { scopes in
          (candidates ?? []).withUnsafeBufferPointer { candidateBuffer in
            let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
            let plan = query.plan
            let driverPlan = query.driver?.plan
            let required = query.requiredSignature
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
                scope == 0 || (row < scopes.count && Int(scopes[row]) == scope)
              }
              let copy = builders[chunk]
              result.compact = copy
              if candidates != nil, let driverPlan, query.isPlain, let compact,
                let address = candidateBuffer.baseAddress
              {
                // The previous result's rows, copied contiguously: one sequential pass per part.
                let finder = driverPlan.finder
                let filter = RowFilter(scope: scope, scopes: scopes, plan: plan, texts: texts)
                for part in partsOf(chunk) {
                  let view = compact.parts[part].view
                  let first = compact.partStarts[part]
                  let partPositions = first..<compact.partStarts[part + 1]
                  if let driver = query.driver, Self.isProbed(driver.needle, driverPlan) {
                    probe(
                      driver.needle, driverPlan, partPositions, candidates: address,
                      compact: (view, first), texts, filter, result.rows, copy: (copy, positions))
                    continue
                  }
                  if let driver = query.driver, driverPlan.kind != .fuzzy, !driverPlan.negated,
                    !driverPlan.anchoredStart, !driverPlan.anchoredEnd, !partPositions.isEmpty
                  {
                    // A longer needle: the part is an arena of its own, scanned as the whole one is
                    // (1M, sta→stan: 0.68 → 0.53 ms against a `RowFinder` test of each row).
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
                  RowFilter(scope: scope, scopes: scopes, plan: plan, texts: texts), result.rows,
                  copy: (copy, positions))
              } else if candidates != nil, let driverPlan, query.isPlain {
                // One plain term re-checked on a previous result (a typed letter): one inlined
                // kernel per row, reading the rows in ascending order, in the term's form.
                let finder = driverPlan.finder
                let variant = driverPlan.variant
                let view = variant == .fold || variant == .ci ? texts.fold : texts.cased
                var blockStart = lower
                var touched: UInt8 = 0
                while blockStart < upper {
                  // Re-checked rows are scattered: touch a block's rows first with independent loads,
                  // whose cache misses overlap, then test them from cache.
                  let blockEnd = min(upper, blockStart + 32)
                  for position in blockStart..<blockEnd {
                    touched ^= view.base[view.start(Int(candidateBuffer[position]))]
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
                  filter: RowFilter(scope: scope, scopes: scopes, plan: plan, texts: texts),
                  into: result.rows,
                  compact: copy)
              } else if scored, plan.isSingleFuzzyTerm {
                // One fuzzy term: the matching rows, and the best few scored in the same pass (their
                // bytes still in cache); the others' scores wait until something reads past them.
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
    // dropping it wasted its writing (10M rows, `sta`: 328k rows against a limit of 310k, and
    // sta→stan 21 → 5 ms with it).
    let copied =
      compactLimit > 0
      ? query.driver.flatMap { CompactRows(parts: builders, rows: rows.count, variant: $0.plan.variant) }
      : nil
    let heaps = parts.compactMap(\.best)
    if heaps.count == parts.count, !heaps.isEmpty {
      return (rows, [], copied, RankHeap.merged(heaps, limit: RankedRows.topCount), nil)
    }
    let scores = parts.count == 1 ? parts[0].scores : scored ? Self.concatenate(parts.map(\.scores)) : []
    return (rows, scores, copied, nil, nil)
  }

  /// One chunk of a single fuzzy term's search: appends the matching rows to `ids` and returns
  /// the best `RankedRows.topCount` of them.
  ///
  /// A row that the mask kernel takes is only tested (`FuzzyMaskScorer.ceiling`); it is scored
  /// only when an upper bound of its score (the pattern's best possible, less the word-start
  /// bonuses of its first two bytes where they start none of the row's words) could beat the
  /// worst row kept, so most rows are never scored (1M rows, side by side with scoring every row:
  /// `st` 31-34 → 21-22 ms, `sta` 31 → 26-27; `stand` 16 → 18). The word starts come from the
  /// row's bytes, not a signature of every row's initials: 38 MiB less at 10M rows (a `fuzzy`
  /// session's peak 709 → 671 MiB) for 1M `st` 20.6 → 23, `sta` 26 → 29 ms.
  private func rankFuzzyRows(
    _ plan: QueryPlan, rows: Range<Int>, texts: RowTexts, required: UInt32, scope: Int,
    scopes: UnsafeBufferPointer<UInt16>, titleLength: TitleLengths, into ids: RowIDBuffer
  ) -> RankHeap {
    let signatures = index.signatures.pointer
    let scorer = FuzzyScorer()
    let term = plan.terms[0]
    // Rows the kernel cannot take (wide, or longer than 64 bytes) are scored as they match: the
    // score is `none` exactly when the term is not a subsequence, so short patterns, which most
    // signature-passing rows match, skip the subsequence check; from 4 scalars on, fewer rows
    // match and the cheap check first pays (measured before the kernel, 1M rows: `stand` 50 ms
    // without, 37 with; `sta` 82 without, 92 with).
    let check = term.scalarCount >= 4
    let kernel = scorer.maskScorer(pattern: term.scalars, count: term.scalarCount)
    let fold = texts.fold
    // The best score any row could have, and what a row loses of it when one of the pattern's
    // first two bytes starts no word of the row: the first's double word-start bonus, or the
    // second's best step beyond a consecutive one.
    var bound = FuzzyScorer.match &* Int32(term.scalarCount)
    // (The first two only: checking every letter cost longer patterns more than it saved, 1M
    // `stand` 17 → 20 ms with all five.)
    var losses: (first: Int32, second: Int32) = (0, 0)
    for step in 0..<term.scalarCount {
      let best: Int32
      if step == 0 {
        best = 2 &* FuzzyScorer.boundary
      } else {
        let afterWord = TextFolding.isWordScalar(term.scalars[step &- 1])
        best = max(
          FuzzyScorer.consecutive &+ (afterWord ? 0 : FuzzyScorer.boundary), FuzzyScorer.boundary &- 3)
      }
      bound &+= best
      // Off a word start, the first byte earns no bonus and the second a consecutive step at best.
      if step == 0 {
        losses.first = best
      } else if step == 1 {
        losses.second = best &- FuzzyScorer.consecutive
      }
    }
    var best = RankHeap(limit: RankedRows.topCount)
    // The worst row kept, once `best` is full: a row must beat it to enter.
    var rootScore = Int32.min
    var rootLength = 0
    var next = rows.lowerBound
    let end = rows.upperBound
    while next < end {
      // Rows whose signature lacks a byte of the pattern, in a loop of its own: inside the row's
      // work, the compiler kept the loop's values on the stack (1M, `zzqx`: 1.0 → 1.6 ms).
      next = Self.nextRow(from: next, to: end, signatures: signatures, required: required)
      guard next < end else { break }
      let row = next
      next &+= 1
      guard scope == 0 || (row < scopes.count && Int(scopes[row]) == scope) else { continue }
      let start = fold.start(row)
      let length = fold.end(row) &- start
      let score: Int32
      if let kernel, length <= 64, !texts.isWide(row), start &+ FuzzyMaskScorer.reach <= fold.limit {
        let text = fold.base + start
        let reach = kernel.ceiling(
          text, length: length, bound: bound, losses: losses,
          lettersAndSpaces: signatures[row] & ~RowSignature.lettersAndSpace == 0)
        if reach == FuzzyScorer.none { continue }
        // At best a tie on score: a longer title, or an equal one on a later row, ranks after.
        if reach < rootScore || (reach == rootScore && titleLength(row) >= rootLength) {
          ids.append(row)
          continue
        }
        score = kernel.score(text, length: length)
      } else {
        guard !check || plan.matches(row, texts) else { continue }
        score = plan.score(row, texts, scorer)
      }
      guard score > FuzzyScorer.none else { continue }
      ids.append(row)
      if score < rootScore { continue }
      let title = titleLength(row)
      if score == rootScore, title >= rootLength { continue }
      best.offer(RankHeap.Key(score: score, length: title, row: Int32(truncatingIfNeeded: row)))
      if best.isFull {
        rootScore = best.root.score
        rootLength = best.root.length
      }
    }
    return best
  }

  /// The first row from `row` on (or `end`) whose signature has every bit of `required`.
  @inline(never)
  private static func nextRow(
    from row: Int, to end: Int, signatures: UnsafePointer<UInt32>, required: UInt32
  ) -> Int {
    var row = row
    while row < end, signatures[row] & required != required { row &+= 1 }
    return row
  }

  /// The scores of `rows` (ascending, each matching) for a fuzzy `query`, on every core.
  private static func fuzzyScores(
    _ rows: [Int32], query: CompiledQuery, index: FoldedIndex, dataset: Dataset, columns: [Int],
    threshold: Int
  ) -> [Int32] {
    let count = rows.count
    let chunkCount = Parallel.chunkCount(count, threshold: threshold)
    let chunkSize = (count + chunkCount - 1) / max(1, chunkCount)
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(
        index: index, dataset: dataset, columns: columns, bytes: bytes, offsets: offsets, cased: nil,
        sides: nil)
      let plan = query.plan
      return rows.withUnsafeBufferPointer { ids in
        [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
          let output = UncheckedSendable(buffer)
          Parallel.forEach(chunkCount) { chunk in
            let scorer = FuzzyScorer()
            let lower = min(count, chunk * chunkSize)
            for position in lower..<min(count, lower + chunkSize) {
              output.value[position] = plan.score(Int(ids[position]), texts, scorer)
            }
          }
          initialized = count
        }
      }
    }
  }

  /// The rows whose signature (from `signatures`, one per row) has a bit of `mask`, ascending: a
  /// one-letter query.
  ///
  /// A single letter matches most rows. Counts per chunk first, then every chunk writes its ids straight into the result
  /// at its prefix-sum offset, so no per-chunk arrays are grown and joined.
  private func signatureRows(
    mask: UInt32, in signatures: UnsafePointer<UInt32>, cancellation: SearchCancellation?
  ) -> [Int32]? {
    let rowCount = dataset.rowCount
    let chunkCount = Parallel.chunkCount(rowCount, threshold: parallelThreshold)
    let chunkSize = (rowCount + chunkCount - 1) / max(1, chunkCount)
    let counts = Parallel.map(chunkCount) { chunk -> Int in
      let lower = chunk * chunkSize
      let upper = min(rowCount, lower + chunkSize)
      var count = 0
      for row in lower..<max(lower, upper) { count &+= signatures[row] & mask != 0 ? 1 : 0 }
      return count
    }
    if cancellation?.isCancelled == true { return nil }
    var starts: [Int] = []
    var total = 0
    for count in counts {
      starts.append(total)
      total += count
    }
    return [Int32](unsafeUninitializedCapacity: max(total, 1)) { buffer, initialized in
      guard let address = buffer.baseAddress else { return }
      let output = UncheckedSendable(address)
      Parallel.forEach(chunkCount) { chunk in
        let lower = chunk * chunkSize
        let upper = min(rowCount, lower + chunkSize)
        guard lower < upper else { return }
        var target = output.value + starts[chunk]
        // Branch-free into a small local block (always store, advance only on a match), then one
        // copy of the block's matches: no chunk ever stores outside its own slots.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 512) { block in
          guard let scratch = block.baseAddress else { return }
          var blockStart = lower
          while blockStart < upper {
            let blockEnd = min(upper, blockStart + 511)
            var written = 0
            for row in blockStart..<blockEnd {
              scratch[written] = Int32(truncatingIfNeeded: row)
              written &+= signatures[row] & mask != 0 ? 1 : 0
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
  /// rows: 10M rows, `s` is 8.6M ids, 34 MB, where its bits take 1.25), else as ids with a copy.
  private func letterRows(_ words: [UInt64], count: Int, variant: TextVariant) -> Found {
    let bits = RowBitmap(words: words, count: count)
    if !narrows(from: count, copied: count <= compactRowLimit) { return ([], [], nil, nil, bits) }
    let rows = bits.ids
    return (rows, [], compactCopy(of: rows, variant: variant), nil, nil)
  }

  /// The wide rows that a one-letter signature result holds by their fold form only, ascending.
  ///
  /// Their `ci` form lacks the letter that their folded form has ("ś" folds to "s"); for ASCII
  /// rows the signature answers `ci` too.
  private func wideMisses(term: TermPlan, mask: UInt32) -> [Int32] {
    let signatures = index.signatures.pointer
    let finder = term.finder
    let sides = index.sideForms(dataset: dataset, variants: [.ci])
    let ci = sides.view(.ci)
    // On every core: a test per wide row holding the letter (1M rows, `z`: 1.6 ms on one).
    let wideCount = index.wideRows.count
    let chunkCount = Parallel.chunkCount(wideCount, threshold: max(1, parallelThreshold / 4))
    let chunkSize = (wideCount + chunkCount - 1) / max(1, chunkCount)
    let wideRows = index.wideRows.pointer
    return Self.concatenate(
      Parallel.map(chunkCount) { chunk -> [Int32] in
        var misses: [Int32] = []
        let lower = min(wideCount, chunk * chunkSize)
        for position in lower..<min(wideCount, lower + chunkSize) {
          let row = wideRows[position]
          if signatures[Int(row)] & mask != 0, !finder.matches(ci.slice(position)) { misses.append(row) }
        }
        return misses
      })
  }

  /// The rows whose text in `plan`'s form holds the one byte of `needle`, as bits (bit `r % 64` of
  /// word `r / 64`), and how many they are: `RowProbe` on every row, with no branch on its answer.
  private func probedBits(
    _ needle: ByteNeedle, _ plan: TermPlan, cancellation: SearchCancellation?
  ) -> (words: [UInt64], count: Int)? {
    let rowCount = dataset.rowCount
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    let sides = index.sideForms(dataset: dataset, variants: [plan.variant])
    let variant = plan.variant
    let finder = plan.finder
    let probe = RowProbe<OneByteProbe>(needle: needle.bytes)
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      return rowBits(cancellation: cancellation) { words, output in
        // ASCII rows read the original bytes, wide rows their side arena, in order.
        var wideIndex = texts.lowerWide(words.lowerBound &* 64)
        for word in words {
          let first = word &* 64
          var bits: UInt64 = 0
          for row in first..<min(rowCount, first &+ 64) {
            var text = texts.cased.slice(row)
            if texts.isWide(row) {
              text = texts.side(variant).slice(wideIndex)
              wideIndex &+= 1
            }
            let clear = text.start >= 1 && text.start <= text.limit &- RowProbe<OneByteProbe>.reach
            let found =
              text.count <= RowProbe<OneByteProbe>.maxRowBytes && clear
              ? probe.matches(text.base + text.start, positions: text.count)
              : (finder.matches(text) ? 1 : 0)
            bits |= UInt64(truncatingIfNeeded: found) &<< UInt64(truncatingIfNeeded: row &- first)
          }
          output[word] = bits
        }
      }
    }
  }

  /// The rows whose signature has a bit of `mask`, as bits (bit `r % 64` of word `r / 64`), and
  /// how many they are: a one-letter query, one pass over the signatures with no branch per row.
  private func signatureBits(
    mask: UInt32, in signatures: UnsafePointer<UInt32>, cancellation: SearchCancellation?
  ) -> (words: [UInt64], count: Int)? {
    let rowCount = dataset.rowCount
    return rowBits(cancellation: cancellation) { words, output in
      for word in words {
        let first = word &* 64
        var bits: UInt64 = 0
        for row in first..<min(rowCount, first &+ 64) {
          bits |= (signatures[row] & mask != 0 ? 1 : 0) &<< UInt64(truncatingIfNeeded: row &- first)
        }
        output[word] = bits
      }
    }
  }

  /// One bit per row (bit `r % 64` of word `r / 64`), and how many are set, written on every core:
  /// `fill` sets the words of each chunk it is given, a range of words of 64 rows each, and may
  /// carry state from row to row within it.
  private func rowBits(
    cancellation: SearchCancellation?, fill: (Range<Int>, UnsafeMutablePointer<UInt64>) -> Void
  ) -> (words: [UInt64], count: Int)? {
    let wordCount = (dataset.rowCount + 63) / 64
    let chunkCount = Parallel.chunkCount(dataset.rowCount, threshold: parallelThreshold)
    let chunkWords = (wordCount + chunkCount - 1) / max(1, chunkCount)
    var counts: [Int] = []
    let words = [UInt64](unsafeUninitializedCapacity: max(wordCount, 1)) { buffer, initialized in
      guard let address = buffer.baseAddress else { return }
      let output = UncheckedSendable(address)
      counts = Parallel.map(chunkCount) { chunk -> Int in
        let lower = min(wordCount, chunk * chunkWords)
        let upper = min(wordCount, lower + chunkWords)
        guard lower < upper else { return 0 }
        fill(lower..<upper, output.value)
        return (lower..<upper).reduce(0) { $0 &+ output.value[$1].nonzeroBitCount }
      }
      initialized = wordCount
    }
    if cancellation?.isCancelled == true { return nil }
    return (words, counts.reduce(0, +))
  }

  /// Gives the whole pages between two addresses of a result's spare capacity back to the system:
  /// chunks wrote there before their ids moved down (10M rows, after `s` and `st`: resident 662 →
  /// 655 MiB).
  private static func releasePages(
    after start: UnsafeMutablePointer<Int32>, through end: UnsafeMutablePointer<Int32>
  ) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (Int(bitPattern: start) + page - 1) / page * page
    let last = Int(bitPattern: end) / page * page
    // Small spares are not worth a system call.
    guard last - first >= 256 * page, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
    _ = madvise(address, last - first, MADV_DONTNEED)
  }

  /// Joins chunk results with one allocation (`joined()` copies element by element).
  private static func concatenate(_ parts: [[Int32]]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { result.append(contentsOf: part) }
    return result
  }

  /// The full scan of one chunk, driven by the SIMD scan for `driver`.
  private func scanChunk(
    driver: ByteNeedle, driverPlan: TermPlan, rows chunk: Range<Int>, texts: RowTexts, filter: RowFilter,
    into rows: RowIDBuffer, compact: CompactRows.Builder
  ) {
    var range = chunk
    let variant = driverPlan.variant
    let acceptsAll = filter.acceptsAll
    // Wide rows keep their `ci`, `exact` and `strip` forms apart: scan ASCII rows, then them.
    let separateWide = variant != .fold
    let mask = RowSignature.mask(driver.bytes)
    let wordStart = driverPlan.kind == .wordStart
    if driver.count == 1, RowSignature.isExact(mask), !wordStart, variant == .fold || variant == .ci {
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
    }
    if Self.isProbed(driver, driverPlan) {
      // A short needle often matches many rows: then a fixed-cost probe of every row beats the
      // scan's per-hit work, and a rare one is quicker to scan for (1M: `st`, a quarter of the
      // rows, probe 6.4 ms, scan 9.3; `zz` probe 5.0-5.3, scan 3.0-3.6). The chunk's first rows
      // tell which. Two bytes at a word start too, since the probe takes rows of up to 48 bytes
      // (`prefix st`: 1M 8.7 ms against a 9.3 ms scan, 10M 44-73 against 86-90; with 64 bytes it
      // was 9.9-10.2 against 8.6 at 1M). Three bytes verify each other in the scan's comparison,
      // whose candidates are then all hits, so the probe pays only for a sixth of the rows or
      // more (1M: `ing`, 27%, scan 12.3 ms, probe 9.3; `ter`, 8.7%, scan 5.6, probe 7.3).
      let sample =
        driver.count == 1 ? range : range.lowerBound..<min(range.upperBound, range.lowerBound + 4096)
      let before = rows.count
      probe(driver, driverPlan, sample, candidates: nil, texts, filter, rows, copy: (compact, chunk))
      if sample.upperBound == range.upperBound { return }
      range = sample.upperBound..<range.upperBound
      if (rows.count - before) * (driver.count == 3 ? 6 : 25) >= sample.count {
        probe(driver, driverPlan, range, candidates: nil, texts, filter, rows, copy: (compact, chunk))
        return
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
    // per-row test that would first look each row up in `wideRows` (5% of rows cost 2 ms at 1M).
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
  private func probe(
    _ driver: ByteNeedle, _ driverPlan: TermPlan, _ positions: Range<Int>, candidates: UnsafePointer<Int32>?,
    compact: (view: ArenaView, first: Int)? = nil, _ texts: RowTexts, _ filter: RowFilter,
    _ rows: RowIDBuffer,
    copy: (builder: CompactRows.Builder, chunk: Range<Int>)
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
    default: run(ThreeByteProbe.self)
    }
  }

  /// `probe`'s loop for one shape of probe.
  private func probeRows<Shape: ProbeShape>(
    _ probe: RowProbe<Shape>, _ driverPlan: TermPlan, _ range: Range<Int>,
    _ candidates: UnsafePointer<Int32>?, _ compact: (view: ArenaView, first: Int)?, _ texts: RowTexts,
    _ filter: RowFilter, _ rows: RowIDBuffer, _ copy: (builder: CompactRows.Builder, chunk: Range<Int>)
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
    } else if filter.acceptsAll, !listed {
      probeLoop(probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, FormScan.self)
    } else {
      probeLoop(probe, driverPlan, range, candidates, compact, texts, filter, rows, copy, AnyProbe.self)
    }
  }

  /// `probeRows`'s loop, for one mode.
  private func probeLoop<Shape: ProbeShape, Mode: ProbeMode>(
    _ probe: RowProbe<Shape>, _ driverPlan: TermPlan, _ range: Range<Int>,
    _ candidates: UnsafePointer<Int32>?, _ compact: (view: ArenaView, first: Int)?, _ texts: RowTexts,
    _ filter: RowFilter, _ rows: RowIDBuffer, _ copy: (builder: CompactRows.Builder, chunk: Range<Int>),
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
    rows.appendBranchFree(upTo: range.count) { output in
      var count = 0
      // A copy the optimiser can keep in registers: read through the parameter, the probe's
      // vectors are reloaded after every store to the compact copy, which might alias them. A
      // `let` is not copied; a `var` (assigned again so it is one) is (1M, `st`: 83 → 80 M
      // instructions).
      var probe = probe
      probe = probe
      // The next wide row's index in `wideRows` (and in the side arenas), when every row is visited.
      var wideIndex =
        foldOnly ? 0 : texts.lowerWide(candidates.map { Int($0[range.lowerBound]) } ?? range.lowerBound)
      // One row: its id stored, its answer returned (a number: `&&` on it would branch).
      @inline(__always) func test(_ position: Int, _ writer: inout CompactRows.Builder.Writer, copying: Bool)
        -> Int
      {
        let row = listed ? Int(candidates.unsafelyUnwrapped[position]) : position
        let slot = compacted ? position &- slotBase : row
        // A compact copy has one offset per row, and every row clear of its edges (see `Builder`).
        let start = compacted ? Int(view.offsets[slot]) : view.start(slot)
        let length = (compacted ? Int(view.offsets[slot &+ 1]) : view.end(slot)) &- start
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
          found = probe.matches(text.base + text.start, positions: max(text.count &- positionsPast, 0))
          stored = true
        } else {
          found = finder.matches(text) ? 1 : 0
        }
        if filtered, found != 0, !filter.accepts(row) { found = 0 }
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
        // one, behind a branch then seldom taken (1M `prefix st`, 5% kept: 131 → 123 M instructions).
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

  /// Pointers to every form's arena, valid inside `Dataset.withStorage`.
  private func makeTexts(
    bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>,
    cased: (bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>)?, sides: SideForms?
  ) -> RowTexts {
    Self.makeTexts(
      index: index, dataset: dataset, columns: columns, bytes: bytes, offsets: offsets, cased: cased,
      sides: sides)
  }

  /// `makeTexts` for an engine's parts (what a ranking keeps to score its rows later).
  private static func makeTexts(
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
      wideRows: index.wideRows.pointer, wideCount: index.wideRows.count, wideBits: index.wideBits.pointer)
  }

  /// Every row in `scope`, ascending.
  private func allRows(scope: Int) -> [Int32] {
    if scope == 0 { return (0..<Int32(dataset.rowCount)).map { $0 } }
    let scopes = dataset.rowScopes
    return scopes.indices.filter { Int(scopes[$0]) == scope }.map { Int32($0) }
  }

  /// Regex matching: a byte scan for the literals every match contains (when the pattern has
  /// any) picks the candidate rows, and `RegexMatcher.matches` judges each from its original
  /// bytes (the automaton, or ICU on a String for rows and patterns it cannot judge).
  private func regexSearch(_ matcher: RegexMatcher, scope: Int, cancellation: SearchCancellation?) -> [Int32]?
  {
    let rowCount = dataset.rowCount
    let averageRowBytes = Double(index.foldBytes.count) / Double(max(1, rowCount))
    let literals = matcher.literals(frequency: index.byteFrequency, averageRowBytes: averageRowBytes)
    let needles = (literals?.scan ?? []).map {
      ByteNeedle(String(decoding: $0, as: UTF8.self), frequency: index.byteFrequency)
    }
    // Further literals a match needs, checked in each candidate row before the automaton.
    let checks = (literals?.checks ?? []).map { PinnedBuffer($0) }
    // Without a literal, rows that hold none of the bytes a match can start with are skipped
    // (`[0-9]+`), when few rows hold one.
    let firstBytes =
      needles.isEmpty
        && (matcher.firstBytes?.share(frequency: index.byteFrequency) ?? 1) * averageRowBytes < 0.5
      ? matcher.firstBytes : nil
    // ICU costs about a microsecond per row: split small datasets too, unless the automaton
    // judges the rows.
    let threshold = matcher.automaton == nil ? min(parallelThreshold, 2_000) : parallelThreshold
    let chunkCount = Parallel.chunkCount(rowCount, threshold: threshold)
    let chunkSize = (rowCount + chunkCount - 1) / max(1, chunkCount)
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    let parts: [RowIDBuffer?] = dataset.withStorage { bytes, offsets in
      dataset.rowScopes.withUnsafeBufferPointer { scopes in
        // The original text of every row, wide or not: the subject ICU would see.
        let view = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: nil).cased
        return Parallel.map(chunkCount) { chunk -> RowIDBuffer? in
          let rows = RowIDBuffer()
          let lower = chunk * chunkSize
          let upper = min(rowCount, lower + chunkSize)
          guard lower < upper else { return rows }
          @inline(__always) func test(_ row: Int) -> Bool {
            if scope != 0, row >= scopes.count || Int(scopes[row]) != scope { return false }
            return matcher.matches(view.base, start: view.start(row), end: view.end(row))
          }
          @inline(__always) func candidate(_ row: Int) -> Bool {
            for check in checks
            where !RegexLiterals.occurs(
              check.pointer, check.count, in: view.base, view.start(row), view.end(row))
            {
              return false
            }
            return test(row)
          }
          if let firstBytes {
            if cancellation?.isCancelled == true { return nil }
            var checked = 0
            var cancelled = false
            firstBytes.scan(view, rows: lower..<upper) { row in
              checked &+= 1
              if cancelled || (checked % 1024 == 0 && cancellation?.isCancelled == true) {
                cancelled = true
                return
              }
              if test(row) { rows.append(row) }
            }
            if cancelled { return nil }
          } else if needles.isEmpty {
            for row in lower..<upper {
              if row % 4096 == 0, cancellation?.isCancelled == true { return nil }
              if test(row) { rows.append(row) }
            }
          } else if needles.count == 1 {
            if cancellation?.isCancelled == true { return nil }
            var checked = 0
            var cancelled = false
            ByteScanner.scan(view, rows: lower..<upper, needle: needles[0], wordStart: false) { row in
              checked &+= 1
              if cancelled || (checked % 1024 == 0 && cancellation?.isCancelled == true) {
                cancelled = true
                return
              }
              if candidate(row) { rows.append(row) }
            }
            if cancelled { return nil }
          } else {
            // One scan per literal marks the rows containing any of them; then they are judged
            // in order.
            var marks = [UInt64](repeating: 0, count: (upper - lower + 63) / 64)
            for needle in needles {
              if cancellation?.isCancelled == true { return nil }
              ByteScanner.scan(view, rows: lower..<upper, needle: needle, wordStart: false) { row in
                marks[(row - lower) >> 6] |= 1 << UInt64((row - lower) & 63)
              }
            }
            var checked = 0
            for word in marks.indices {
              var bits = marks[word]
              while bits != 0 {
                let row = lower + word * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                checked &+= 1
                if checked % 1024 == 0, cancellation?.isCancelled == true { return nil }
                if candidate(row) { rows.append(row) }
              }
            }
          }
          return rows
        }
      }
    }
    if parts.contains(where: { $0 == nil }) { return nil }
    return RowIDBuffer.join(parts.compactMap { $0 })
  }

  // MARK: - Cache and narrowing

  /// One remembered result.
  private struct CacheEntry {
    var query: String
    var rule: MatchRule
    var scope: Int
    /// nil for regex, which never narrows.
    var parsed: ParsedQuery?
    /// The result in table order, unless `ranked` holds it.
    var rows: [Int32]
    /// A fuzzy result, with its rows ascending (narrowing needs row order).
    var ranked: RankedRows?
    /// The rows' folded text, copied contiguously (only the newest entry keeps it).
    var compact: CompactRows?
    /// `rows` as bits, which then is empty: a one-letter result of most rows (`letterRows`), or
    /// one packed by `packLargeEntries`.
    var packed: RowBitmap?

    /// The rows in row order.
    var ascending: [Int32] { ranked?.ascending ?? rows }
    /// How many rows the result has.
    var count: Int { packed?.count ?? ranked?.count ?? rows.count }
    /// Row ids' worth of memory held: a ranking holds its rows, their scores and maybe the order;
    /// a compact copy its rows' text.
    var size: Int {
      rows.count + (ranked.map { $0.count * 3 } ?? 0) + (packed?.idsOfRoom ?? 0) + (compact?.idsOfRoom ?? 0)
    }
    var result: SearchResult {
      if let packed { return .bits(packed) }
      return ranked.map { .ranked($0) } ?? .rows(rows)
    }
  }

  /// Turns cached results of over a quarter of the rows, or over an eighth that `query` cannot
  /// narrow from, into bits before a search the cache cannot answer.
  ///
  /// Such a result is never a narrowing base, and as ids it would be held through the search
  /// (10M rows, `s` … `zzqx`: peak 701 → 686 MiB under `ci`, 688 → 672 under `fold`, with the
  /// session letting go of its rows first; `stand` `sta` `st` `s` `zzqx`, which holds `st`'s
  /// quarter of the rows while `s` is searched: 699 → 690 under `ci`, 703 → 695 under `exact`). Ranked (fuzzy) results keep their order, which bits
  /// cannot hold. A cache of one entry drops them after the search anyway, so packing them
  /// would only cost time (1M rows, `s` then `zzqx`: 1 ms).
  private func packLargeEntries(keepingBasesOf query: ParsedQuery?, rule: MatchRule, scope: Int) {
    guard cacheEntries > 1 else { return }
    let rowCount = dataset.rowCount
    // A large ranking is dropped instead: searching again costs little more than sorting it.
    cache.removeAll { $0.ranked != nil && $0.count > rowCount / 4 }
    for index in cache.indices {
      let entry = cache[index]
      guard entry.packed == nil, entry.ranked == nil, entry.rows.count > rowCount / 8 else { continue }
      // A result the query may narrow from stays as ids (`narrowingBase` takes up to a quarter).
      if entry.rows.count <= rowCount / 4, let query, let base = entry.parsed, entry.rule == rule,
        entry.scope == scope || entry.scope == 0, query.implies(base)
      {
        continue
      }
      cache[index].packed = RowBitmap(entry.rows, rowCount: rowCount)
      cache[index].rows = []
      cache[index].compact = nil
    }
  }

  /// The smallest cached result that provably contains every row `query` can match, if it is
  /// small enough that re-checking its rows beats a full scan.
  private func narrowingBase(
    for query: ParsedQuery, rule: MatchRule, scope: Int
  ) -> (rows: [Int32], compact: CompactRows?)? {
    var best: CacheEntry?
    for entry in cache where entry.rule == rule && (entry.scope == scope || entry.scope == 0) {
      guard let parsed = entry.parsed, query.implies(parsed) else { continue }
      if entry.packed == nil, best == nil || entry.count < best?.count ?? 0 { best = entry }
    }
    // Re-checked rows are scattered, so each costs memory latency and a hard-to-predict branch,
    // where a full scan streams at ~4-6 ns per row. Measured at 1M rows: `st`→`sta` re-checking
    // the 25% that hold `st` took 5.4-8.8 ms against a 3.3-5.0 ms scan (with `RowFinder`, which
    // needs a third of the instructions of the scan: instructions are not the limit here), and
    // `sta`→`stan` from 3% about as long as the scan; the break-even is near 6%.
    // `RowProbe` has no such branch, but each scattered row is still a cache miss: on both cores,
    // re-checking a quarter of the rows (st→sta) took 4.6-6.1 ms against a 5.2-6.0 ms scan, and a
    // tenth (z→zz) 4.5-6.4 against 3.7-4.2 (1M, the bench's sequence), so the break-even stays.
    // A compact copy is read in one sequential pass of only its rows' bytes, so a result that has
    // one narrows up to a quarter of the rows (1M, st→sta: 2.0-2.3 ms against a 3.4-3.8 ms search).
    guard let best, narrows(from: best.count, copied: best.compact != nil) else { return nil }
    return (best.ascending, best.ranked == nil ? best.compact : nil)
  }

  /// Whether a result of `count` rows is worth narrowing from (see `narrowingBase`): up to a
  /// sixteenth of the rows scattered over the arena, a quarter from a compact copy.
  private func narrows(from count: Int, copied: Bool) -> Bool {
    count <= max(dataset.rowCount / (copied ? 4 : 16), 4096)
  }

  /// Adds an entry, evicting the least recently used beyond the budget.
  private func remember(_ entry: CacheEntry) {
    // Typing extends the newest query: only its compact copy is worth its memory.
    for index in cache.indices { cache[index].compact = nil }
    cache.append(entry)
    while cache.count > 1, cachedIDs > cacheBudget || cache.count > cacheEntries {
      cache.removeFirst()
    }
  }

  /// A compact copy of a plain result found without reading its rows (from signatures), in the
  /// form `variant`, if it is small enough to keep.
  ///
  /// The next keystroke then reads only those rows' bytes, in one pass (1M, z→zz: 0.9 ms, against
  /// 3.1-3.8 by a full search; `z` pays 2.3 ms more for the copy; `ci`: 3.3 → 1.1 ms, `z` 3.8 →
  /// 6.5). The wide rows of a form other than `fold` come from its side arena.
  private func compactCopy(of rows: [Int32], variant: TextVariant = .fold) -> CompactRows? {
    guard !rows.isEmpty, rows.count <= compactRowLimit else { return nil }
    let chunkCount = Parallel.chunkCount(rows.count, threshold: max(1, parallelThreshold / 4))
    let chunkSize = (rows.count + chunkCount - 1) / chunkCount
    let builders = freeBuilders(chunkCount)
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    let sides = variant == .fold ? nil : index.sideForms(dataset: dataset, variants: [variant])
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      rows.withUnsafeBufferPointer { ids in
        Parallel.forEach(chunkCount) { chunk in
          let part = UnsafeBufferPointer(
            rebasing: ids[min(ids.count, chunk * chunkSize)..<min(ids.count, (chunk + 1) * chunkSize)])
          let builder = builders[chunk]
          builder.reset(limit: max(part.count, 1), share: part.count, bytes: part.count * averageRow * 5 / 4)
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
  private var builders: [CompactRows.Builder] = []

  /// `count` parts that no kept copy holds.
  private func freeBuilders(_ count: Int) -> [CompactRows.Builder] {
    var free: [CompactRows.Builder] = []
    for index in builders.indices where free.count < count && isKnownUniquelyReferenced(&builders[index]) {
      free.append(builders[index])
    }
    while free.count < count {
      let builder = CompactRows.Builder()
      builders.append(builder)
      free.append(builder)
    }
    return free
  }

  /// The most rows a compact copy holds: a result that narrowing would use (a quarter of the
  /// rows), up to about 8 MB of text.
  private var compactRowLimit: Int {
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    return min(max(dataset.rowCount / 4, 4096), max(4096, (8 << 20) / averageRow))
  }

  /// Forgets every remembered result (for tests and memory pressure).
  func clearCache() {
    cache.removeAll()
  }
}

/// Which of `SearchEngine.probeLoop`'s tests are known before it runs: a type, so that each mode
/// is a specialisation of its own with the known tests folded away (nil: all decided at run time).
private protocol ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool)? { get }
}

/// A short term re-checked on a compact copy of the previous result.
private enum CompactNarrowing: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool)? {
    (false, true, true, true)
  }
}

/// A short `fold` term probed on every row.
private enum FoldScan: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool)? {
    (false, false, false, true)
  }
}

/// A short term compared in another form than `fold` (`ci`, `exact`), probed on every row.
private enum FormScan: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool)? {
    (false, false, false, false)
  }
}

/// Everything else.
private enum AnyProbe: ProbeMode {
  static var known: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool)? { nil }
}
