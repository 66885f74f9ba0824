import Foundation

/// A pass over every row, or over a list of candidate rows, in chunks (on every core for large
/// datasets): the plans that read the text.
extension SearchEngine {
  /// What each chunk of `chunks` does: re-check candidate rows, or read every row.
  enum ChunkWork {
    /// Candidate rows (a cached result's, or the initials'), re-checked.
    case recheck(SearchPlan.Recheck)
    /// Every row, by the pass the plan chose.
    case every(SearchPlan.Pass)
  }

  /// One chunk's matches, ascending, with fuzzy scores when asked.
  struct ChunkResult {
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
  /// may hold) in `scope`, by `work`; also returns a compact copy of a small result of a plain
  /// query.
  func chunks(
    _ query: CompiledQuery, _ work: ChunkWork, candidates: [Int32]?, compact: CompactRows? = nil, scope: Int,
    scored: Bool, cancellation: SearchCancellation?
  ) -> Found? {
    let rowCount = dataset.rowCount
    let rowWork = candidates?.count ?? rowCount
    // A little work is quicker on one thread than waking a second, which on a busy machine may
    // wait for a core; re-checked candidates are scattered rows, whose cache misses two cores
    // wait on in parallel, so they split from a quarter of the threshold.
    let split = Parallel.chunks(
      rowWork, threshold: candidates == nil ? parallelThreshold : max(1, parallelThreshold / 4))
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
              switch work {
              case .recheck(.compactCopy):
                guard let driverPlan, let compact, let address = candidateBuffer.baseAddress else {
                  assertionFailure("a compact copy's re-check without its copy")
                  return result
                }
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
                    // A longer needle: the part is an arena of its own, scanned as the whole one is
                    // (rather than a `RowFinder` test of each row).
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
              case .recheck(.probe):
                guard let driver = query.driver, let driverPlan, let address = candidateBuffer.baseAddress
                else {
                  assertionFailure("a probed re-check without its term")
                  return result
                }
                // A short term re-checked on a large previous result: scattered rows, where a
                // branch on each row's answer would be mispredicted as often as taken; the probe
                // has none.
                probe(
                  driver.needle, driverPlan, lower..<upper, candidates: address, texts,
                  rowFilter, result.rows,
                  copy: (copy, positions))
              case .recheck(.plain):
                guard let driverPlan else {
                  assertionFailure("a plain re-check without its term")
                  return result
                }
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
              case .recheck(.generic):
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
              case .every(.scan(_, let approach)):
                guard let driver = query.driver, let driverPlan else {
                  assertionFailure("a scan without its term")
                  return result
                }
                scanChunk(
                  driver: driver.needle, driverPlan: driverPlan, approach: approach, rows: lower..<upper,
                  texts: texts,
                  filter: rowFilter,
                  into: result.rows,
                  compact: copy)
              case .every(.fuzzyRank):
                // Fuzzy terms, each a clause: the matching rows, and the best few scored in the same
                // pass (their bytes still in cache); the others' scores wait until read past them.
                result.best = rankFuzzyRows(
                  plan, rows: lower..<upper, texts: texts, required: required, scope: scope, scopes: scopes,
                  titleLength: TitleLengths(dataset, offsets: offsets), into: result.rows)
                return result
              case .every(.testEveryRow):
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
    let rows = [Int32](unsafeUninitializedCapacity: max(rowWork, 1)) { buffer, initialized in
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
    _ = madvise(address, last - first, MADV_DONTNEED)
  }

  /// Joins chunk results with one allocation (`joined()` copies element by element).
  static func concatenate(_ parts: [[Int32]]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { result.append(contentsOf: part) }
    return result
  }
}
