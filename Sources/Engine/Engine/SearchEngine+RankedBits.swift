import Tables

/// A fuzzy ranking of every row that a sample says most rows enter, found as bits: each chunk
/// holds a few thousand ids at a time and sets them as bits (`UnsafeRowIDBuffer(bitsFor:)`), so the
/// pages of a result array no later search reads are never faulted in.
extension SearchEngine {
  /// Whether `work` ranks every row by fuzzy terms and `sampledRanking` puts more rows in it
  /// than a ranking is narrowed from (`ResultCache.rankingLimit`), on `SearchTuning.rankedBits` rows
  /// or more.
  func ranksAsBits(_ query: CompiledQuery, _ work: ChunkWork, scope: Int) -> Bool {
    guard case .every(let pass) = work else { return false }
    switch pass {
    case .fuzzyRank, .fuzzySweep: break
    case .scan, .testEveryRow: return false
    }
    guard dataset.rowCount >= tuning.rankedBits else { return false }
    return sampledRanking(query, scope: scope) > cache.rankingLimit
  }

  /// `chunks` for a ranking `ranksAsBits` takes: every chunk's rows set in one bitmap, the best
  /// rows of each merged.
  func rankedAsBits(
    _ query: CompiledQuery, _ work: ChunkWork, _ layout: ChunkLayout, scope: Int, scored: Bool,
    builders: [UnsafeCompactRows.PartBuffer], cancellation: SearchCancellation?
  ) throws(SearchError) -> Found? {
    let parts = chunkResults(
      query, work, layout, candidates: nil, scope: scope, scored: scored, builders: builders,
      cancellation: cancellation, output: nil)
    if parts.contains(where: \.cancelled) { return nil }
    for part in parts { try part.rows.throwIfRefused() }
    let wordCount = (dataset.rowCount &+ 63) >> 6
    try SearchMemory.ensureRoom(for: UInt64.self, count: max(wordCount, 1))
    let words = [UInt64](unsafeUninitializedCapacity: max(wordCount, 1)) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      base.initialize(repeating: 0, count: wordCount)
      for part in parts { part.rows.orBits(into: base) }
      initialized = wordCount
    }
    let best = RankHeap.merged(parts.compactMap(\.best), limit: RankedRows.topCount)
    let run = parts.reduce(SearchRun()) { $0 + $1.run }
    return Found(rows: [], best: best, dense: RowBitmap(words: words), run: run)
  }
}
