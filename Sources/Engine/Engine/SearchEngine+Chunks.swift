import Foundation
import Tables

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

  /// Evaluates `query` over all rows (or only `candidates`, ascending, whose folded text `compact`
  /// may hold) in `scope`, by `work`; also returns a compact copy of a small result of a plain
  /// query.
  func chunks(
    _ query: CompiledQuery, _ work: ChunkWork, candidates: [Int32]?, compact: UnsafeCompactRows? = nil,
    scope: Int,
    scored: Bool, cancellation: SearchCancellation?
  ) throws(SearchError) -> Found? {
    let rowWork = candidates?.count ?? dataset.rowCount
    // A little work is quicker on one thread than waking a second, which on a busy machine may
    // wait for a core; re-checked candidates are scattered rows, which split sooner.
    let layout = ChunkLayout(
      work: rowWork, threshold: candidates == nil ? parallelThreshold : tuning.scatteredParallel,
      compact: compact)
    // A plain query's result keeps a compact copy of its rows, in the form it compared, for the
    // next keystroke, made as rows match (their bytes in cache). Every form copies: the next
    // keystroke then reads only the copy.
    let compactLimit = query.isPlain && scope == 0 ? compactRowLimit : 0
    // The forms the passes read, built now, where their refusal is an error (in the passes it
    // could not be).
    if columns.count > 1 { _ = try index.casedArena(dataset: dataset) }
    if query.comparesOutsideFold { _ = try index.sideForms(dataset: dataset, variants: query.sideVariants) }
    let asBits = candidates == nil && ranksAsBits(query, work, scope: scope)
    // The result's room for every row it may match is the search's largest allocation: asked
    // for before anything else (the copy's builders) is.
    if !asBits { try SearchMemory.ensureRoom(for: Int32.self, count: max(rowWork, 1)) }
    let builders = freeBuilders(layout.count)
    resetBuilders(builders, layout, compactLimit: compactLimit, listed: candidates != nil)
    if asBits {
      return try rankedAsBits(
        query, work, layout, scope: scope, scored: scored, builders: builders, cancellation: cancellation)
    }
    var parts: [ChunkResult] = []
    // Chunks write their ids straight into the result, each from its first row's slot (a chunk
    // matches at most its own rows), and are then moved together: per-chunk buffers joined into
    // a fresh array cost a page fault per 4 KiB about three times over.
    let rows = [Int32](unsafeUninitializedCapacity: max(rowWork, 1)) { buffer, initialized in
      guard let output = buffer.baseAddress else { return }
      parts = chunkResults(
        query, work, layout, candidates: candidates, scope: scope, scored: scored, builders: builders,
        cancellation: cancellation, output: output)
      let total = ChunkSlots.moveTogether(
        parts.filter { !$0.cancelled }.map(\.rows.buffer), into: output, capacity: buffer.count)
      initialized = parts.contains(where: \.cancelled) ? 0 : total
      releasePages(after: output + total, through: output + buffer.count)
    }
    if parts.contains(where: \.cancelled) { return nil }
    for part in parts { try part.rows.throwIfRefused() }
    let run = parts.reduce(SearchRun()) { $0 + $1.run }
    // A copy every part finished is kept, though it may pass the limit by what the parts allow:
    // dropping it would waste its writing and slow the next keystroke.
    let copied =
      compactLimit > 0
      ? query.driver.flatMap {
        UnsafeCompactRows(parts: builders, rows: rows.count, variant: $0.plan.variant)
      }
      : nil
    // Either every chunk that found rows ranked them as it went, or none did (an empty chunk of
    // a compact copy returns before it ranks).
    let heaps = parts.compactMap(\.best)
    if !heaps.isEmpty {
      assert(parts.allSatisfy { $0.best != nil || $0.rows.total == 0 }, "some chunks ranked, some not")
      return Found(
        rows: rows, compact: copied, best: RankHeap.merged(heaps, limit: RankedRows.topCount), run: run)
    }
    let scores = parts.count == 1 ? parts[0].scores : scored ? Self.concatenate(parts.map(\.scores)) : []
    return Found(rows: rows, scores: scores, compact: copied, run: run)
  }

  /// Each chunk's matches, written from `output` on (`UnsafeChunkPass`), or as bits without one.
  func chunkResults(
    _ query: CompiledQuery, _ work: ChunkWork, _ layout: ChunkLayout, candidates: [Int32]?, scope: Int,
    scored: Bool, builders: [UnsafeCompactRows.PartBuffer], cancellation: SearchCancellation?,
    output: UnsafeMutablePointer<Int32>?
  ) -> [ChunkResult] {
    // Built by `chunks` before: these only read them.
    let cased = casedArenaOrDeferredRefusal()
    let sides = query.comparesOutsideFold ? sideFormsOrDeferredRefusal(query.sideVariants) : nil
    return dataset.withStorage { bytes, offsets in
      dataset.rowScopes.withUnsafeBufferPointer { scopes in
        (candidates ?? []).withUnsafeBufferPointer { candidates in
          let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
          let filter = UnsafeRowFilter(
            scope: scope, scopes: scopes, plan: query.plan, texts: texts,
            signatures: index.signatures.pointer,
            required: query.requiredSignature, forbidden: query.forbiddenSignature,
            bySignature: query.isDecidedBySignature, asciiRequired: query.asciiSignature)
          let slots =
            output == nil
            ? ChunkSlots(whole: layout)
            : slots(for: layout, query, candidates: candidates, texts: texts, filter: filter)
          let pass = UnsafeChunkPass(
            engine: self, query: query, work: work, layout: layout, candidates: candidates, texts: texts,
            filter: filter, scope: scope, scopes: scopes,
            titleLength: TitleLengths(dataset, bytes: bytes, offsets: offsets, plain: plainTitles),
            scored: scored, builders: builders, cancellation: cancellation, output: output, slots: slots)
          return Parallel.map(layout.count) { pass.run($0) }
        }
      }
    }
  }

  /// Where each chunk writes its ids (`ChunkSlots`): room estimated from a sample of its rows
  /// when the work is large (`SearchTuning.slotEstimate`), else room for all of them.
  private func slots(
    for layout: ChunkLayout, _ query: CompiledQuery, candidates: UnsafeBufferPointer<Int32>,
    texts: UnsafeRowTexts,
    filter: UnsafeRowFilter
  ) -> ChunkSlots {
    let work = layout.positions(of: layout.count - 1).upperBound
    guard layout.count > 1, work >= tuning.slotEstimate else { return ChunkSlots(whole: layout) }
    let driverPlan = query.driver?.plan
    return ChunkSlots(estimating: layout, sampled: tuning.slotSample, slack: tuning.slotSlack) { position in
      let row = candidates.isEmpty ? position : Int(candidates[position])
      return (driverPlan?.matches(row, texts) ?? true) && filter.accepts(row)
    }
  }

  /// Readies each chunk's compact-copy part for at most its share of `compactLimit` rows (none
  /// when it is 0); `listed` when the chunks read candidates.
  ///
  /// A narrowing's part keeps what it reads (room for all of it: the chunk's ends and bytes, not
  /// the whole result's). Otherwise each chunk gives up past its share and a margin, or when its
  /// rows so far, extrapolated, pass its share by a margin (`SearchTuning.copyOverrun` and the margins).
  private func resetBuilders(
    _ builders: [UnsafeCompactRows.PartBuffer], _ layout: ChunkLayout, compactLimit: Int, listed: Bool
  ) {
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    for (chunk, builder) in builders.enumerated() {
      let positions = layout.positions(of: chunk)
      if let compact = layout.compact {
        let bytes = layout.parts(of: chunk).reduce(0) { $0 + compact.parts[$1].byteCount }
        builder.reset(limit: compactLimit == 0 ? 0 : positions.count, share: positions.count, bytes: bytes)
        continue
      }
      let share = compactLimit / layout.count + tuning.copySlack
      let limit = compactLimit == 0 ? 0 : share + share / tuning.copyOverrun
      // A result past a quarter of the rows is not narrowed from (`ResultCache.narrows`): a copy
      // held to that gives up sooner than one held to its bytes, which the next keystroke needs.
      let margin =
        compactLimit >= cache.narrowingLimit(copied: true)
        ? share / tuning.copyEstimateMargin : share / tuning.copyBytesMargin
      // At most the bytes the chunk's rows hold (its rows of the fold arena; a narrowing's
      // candidates, any of them) and the copy's leading byte: room past that grows if needed.
      let available =
        1
        + (listed
          ? index.foldBytes.count
          : Int(index.foldOffsets.base[positions.upperBound])
            - Int(index.foldOffsets.base[positions.lowerBound]))
      let reserved = UnsafeCompactRows.PartBuffer.reservation(
        rows: min(limit, positions.count), averageRow: averageRow, available: available)
      builder.reset(limit: limit, share: share, margin: margin, bytes: reserved)
    }
  }

  /// Gives the whole pages between two addresses of a result's spare capacity back to the system:
  /// chunks wrote there before their ids moved down, and those pages would stay resident.
  private func releasePages(
    after start: UnsafeMutablePointer<Int32>, through end: UnsafeMutablePointer<Int32>
  ) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (Int(bitPattern: start) + page - 1) / page * page
    let last = Int(bitPattern: end) / page * page
    guard last - first >= tuning.releasedPages * page,
      let address = UnsafeMutableRawPointer(bitPattern: first)
    else { return }
    MemoryAdvice.releasePages(address, length: last - first)
  }

  /// Joins chunk results with one allocation (`joined()` copies element by element).
  static func concatenate(_ parts: [[Int32]]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { result.append(contentsOf: part) }
    return result
  }
}
