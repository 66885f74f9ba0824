import Tables

/// Regular expressions: literals scanned for, candidates judged by the automaton.
extension SearchEngine {
  /// Regex matching: a byte scan for the literals every match contains (when the pattern has
  /// any) picks the candidate rows, and `RegexMatcher.matches` judges each from its original
  /// bytes (the automaton, or ICU on a String for rows and patterns it cannot judge).
  func regexSearch(
    _ matcher: RegexMatcher, scope: Int, cancellation: SearchCancellation?
  ) throws(SearchError) -> [Int32]? {
    let rowCount = dataset.rowCount
    let averageRowBytes = Double(index.foldBytes.count) / Double(max(1, rowCount))
    let literals = matcher.literals(frequency: index.byteFrequency, averageRowBytes: averageRowBytes)
    let needles = (literals?.scan ?? []).map {
      ByteNeedle(String(decoding: $0, as: UTF8.self), frequency: index.byteFrequency)
    }
    // Further literals a match needs, checked in each candidate row before the automaton.
    let checks = (literals?.checks ?? []).map { UnsafePinnedBuffer($0) }
    // Without a literal, rows that hold none of the bytes a match can start with are skipped
    // (`[0-9]+`), when few rows hold one.
    let firstBytes =
      needles.isEmpty
        && (matcher.firstBytes?.share(frequency: index.byteFrequency) ?? 1) * averageRowBytes
          < tuning.regexFirstByteShare
      ? matcher.firstBytes : nil
    // ICU costs about a microsecond per row: split small datasets too, unless the automaton
    // judges the rows.
    let threshold = matcher.automaton == nil ? min(parallelThreshold, tuning.regexICU) : parallelThreshold
    let chunks = Parallel.chunks(rowCount, threshold: threshold)
    let cased = columns.count == 1 ? nil : try index.casedArena(dataset: dataset)
    let watch = RegexWatch(cancellation: cancellation)
    let parts: [UnsafeRowIDBuffer?] = dataset.withStorage { bytes, offsets in
      dataset.rowScopes.withUnsafeBufferPointer { scopes in
        let search = UnsafeRegexChunk(
          matcher: matcher, view: makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: nil).cased,
          checks: checks, scope: scope, scopes: scopes, cancellation: cancellation, watch: watch)
        return Parallel.map(chunks.count) { chunk in
          search.run(chunks.range(chunk), needles: needles, firstBytes: firstBytes)
        }
      }
    }
    // A row ICU gave up on has no answer: the search fails rather than leave it out.
    if watch.exceeded {
      throw .regexBacktracking(matcher.expression.pattern, budget: RegexWatch.progressBudget)
    }
    if watch.isStopped || parts.contains(where: { $0 == nil }) { return nil }
    let found = parts.compactMap { $0 }
    for part in found { try part.throwIfRefused() }
    // The joined ids are a Swift array, whose refusal would trap.
    try SearchMemory.ensureRoom(for: Int32.self, count: found.reduce(0) { $0 &+ $1.count })
    return UnsafeRowIDBuffer.join(found)
  }
}
