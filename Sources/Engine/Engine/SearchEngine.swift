import Foundation
import Tables

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
package final class SearchEngine {
  /// The rows being searched.
  package let dataset: Dataset
  /// The columns whose text is searched (the title column unless `set fields` says otherwise).
  package let columns: [Int]
  /// The folded text.
  package let index: FoldedIndex
  /// Recent results.
  private(set) var cache: ResultCache
  /// The thresholds the engine splits and sorts by.
  package let tuning: SearchTuning
  /// Bytes the system refused a structure built where no error can be thrown (a sample's side
  /// forms), during the search under way: it then fails once its passes are done (0: none).
  var deferredRefusal = 0
  /// One bit per row whose title is plain (`TitleLengths.plainTitles`), once a fuzzy search or
  /// the rule's preparation built it: ties of a ranking then read no title.
  var plainTitles: UnsafePinnedBuffer<UInt64>?
  /// Work (rows) below which a search runs on one thread.
  var parallelThreshold: Int { tuning.parallel }

  /// An engine with `tuning`'s thresholds (the shell's by default); `isCancelled` (called from
  /// any thread) may stop the index build, after which `wasCancelled` is true and the engine is
  /// to be thrown away.
  package init(
    dataset: Dataset, columns: [Int]? = nil, tuning: SearchTuning = .standard,
    isCancelled: (() -> Bool)? = nil
  ) {
    self.dataset = dataset
    self.columns = columns ?? [dataset.titleColumn]
    self.tuning = tuning
    index = FoldedIndex(
      dataset: dataset, columns: self.columns, parallelThreshold: tuning.parallel,
      sideFormThreshold: tuning.sideForms, gramRows: tuning.gramRows, indexBytes: tuning.indexBytes,
      isCancelled: isCancelled)
    cache = ResultCache(
      rowCount: dataset.rowCount, capacity: max(1, min(tuning.cacheEntries, SearchTuning.maxCacheEntries)),
      bitmapThreshold: tuning.bitmap)
  }

  /// An engine over an index built before (a persisted index, mapped): nothing is folded.
  package init(dataset: Dataset, index: FoldedIndex, tuning: SearchTuning = .standard) {
    precondition(index.rowCount == dataset.rowCount, "the index is the dataset's")
    self.dataset = dataset
    columns = index.columns
    self.tuning = tuning
    self.index = index
    cache = ResultCache(
      rowCount: dataset.rowCount, capacity: max(1, min(tuning.cacheEntries, SearchTuning.maxCacheEntries)),
      bitmapThreshold: tuning.bitmap)
  }

  /// An engine that splits work into chunks from `parallelThreshold` rows on (tests).
  convenience init(dataset: Dataset, columns: [Int]?, parallelThreshold: Int) {
    var tuning = SearchTuning.standard
    tuning.parallel = parallelThreshold
    self.init(dataset: dataset, columns: columns, tuning: tuning)
  }

  /// Whether the index build was cancelled (the engine then finds nothing and is to be dropped).
  package var wasCancelled: Bool { index.wasCancelled }

  /// Whether the index would have taken more than `tuning.indexBytes` and was not built.
  package var exceededLimit: Bool { index.exceededLimit }

  /// The bytes the system refused the index build, if it refused some (the engine is then dropped).
  package var refusedBytes: Int? { index.refusedBytes }

  /// The same search over `dataset`, a relabelling of this engine's rows (`set scopes`): the text
  /// is the same, so the folded index is reused; cached results depend on scopes and start empty.
  package init(reusingIndexOf other: SearchEngine, for dataset: Dataset) {
    precondition(dataset.rowCount == other.dataset.rowCount, "a relabelling keeps every row")
    self.dataset = dataset
    columns = other.columns
    index = other.index
    tuning = other.tuning
    plainTitles = other.plainTitles
    cache = ResultCache(
      rowCount: dataset.rowCount, capacity: other.cache.capacity, bitmapThreshold: other.tuning.bitmap)
  }

  /// The ids of the rows whose text matches `query` (read in `syntax`) under `rule` and whose
  /// scope is `scope`.
  ///
  /// Scope 0 is "All". An empty query (in `extended`, an all-whitespace one) selects every row in
  /// the scope.
  func search(
    _ query: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int = 0
  ) throws(SearchError) -> [Int32] {
    try search(query, rule: rule, syntax: syntax, scope: scope, cancellation: nil) ?? []
  }

  /// `search`, abandoned (returning nil) as soon as `cancellation` is cancelled.
  func search(
    _ query: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int = 0,
    cancellation: SearchCancellation?
  ) throws(SearchError) -> [Int32]? {
    try results(query, rule: rule, syntax: syntax, scope: scope, cancellation: cancellation)?.allRows
  }

  /// `search`'s rows as a `SearchResult`, whose `fuzzy` ranking is ordered only as far as it is
  /// read (the selection below), so a first page neither waits for nor holds the whole order.
  package func results(
    _ query: String, rule: MatchRule, syntax: QuerySyntax = .extended, scope: Int = 0,
    cancellation: SearchCancellation? = nil
  ) throws(SearchError) -> SearchResult? {
    // A regex is its own syntax: the pattern is read the same either way.
    let syntax = rule == .regex ? .extended : syntax
    if let entry = cache.take(query, rule: rule, syntax: syntax, scope: scope) {
      // A result held as bits is answered as bits: it is too large to narrow from, so its ids
      // would only take memory.
      // A result drawn again (searched to validate, then to draw) keeps the answer that found it.
      if lastAnswer?.asks(query, rule: rule, syntax: syntax, scope: scope) != true {
        lastAnswer = SearchAnswer(
          query: query, rule: rule, syntax: syntax, scope: scope, plan: entry.plan, run: entry.run,
          fromCache: true, rows: entry.count, threads: 1)
      }
      return entry.result
    }
    deferredRefusal = 0
    let blank = syntax.isBlank(query)
    let plain = blank || rule == .regex ? nil : ParsedQuery(query, rule: rule, syntax: syntax)
    cache.packLargeEntries(keepingBasesOf: plain, rule: rule, scope: scope)
    let parsed = blank ? ParsedQuery("", rule: rule) : plain
    let terms = parsed.flatMap { $0.isEmpty ? nil : $0 }
    let base = terms.flatMap { cache.narrowingBase(for: $0, rule: rule, scope: scope) }
    // A full scan is driven by the term that matches fewest rows of a sample; a narrowing reads
    // only the previous result's rows, where the sample would cost more than the choice saves.
    let compiled = terms.map {
      CompiledQuery(
        $0, frequency: index.byteFrequency, sampledHits: base == nil ? { self.sampledHits($0) } : nil)
    }
    // Before the chunks, which only read it.
    if rule == .fuzzy { _ = plainTitlesOrNil() }
    let plan = SearchPlanner.plan(
      query: compiled.map { .terms($0, scored: rule == .fuzzy) }
        ?? (blank || rule != .regex ? .blank : .regex),
      scope: scope, statistics: statistics, cache: cacheState(base), tuning: tuning)
    guard
      let found = try run(
        plan, text: query, compiled, candidates: base?.rows, compact: base?.compact, scope: scope,
        scored: rule == .fuzzy, cancellation: cancellation)
    else { return nil }
    // A structure refused where no error could be thrown left this search incomplete.
    if deferredRefusal > 0 { throw .searchOutOfMemory(requested: deferredRefusal) }
    var rows = found.rows
    var packed = found.dense
    var ranked: RankedRows?
    if rule == .fuzzy, let compiled {
      // The ranking orders its rows when read past its top, where no error can be reported: room
      // for that is tried now, while the search can still fail (a trial, not a reservation).
      try SearchMemory.ensureRoom(
        for: UInt8.self, count: (packed?.count ?? found.rows.count) &* RankedRows.orderBytesPerRow)
      if let best = found.best {
        ranked = try ranking(found, best: best, query: compiled)
        // The ranking holds the bits: the entry is a ranking, not a packed result.
        packed = nil
      } else {
        assert(packed == nil, "a fuzzy result as bits without its best rows")
        ranked = RankedRows(
          ascending: found.rows, scores: found.scores, dataset: dataset, plain: plainTitles, tuning: tuning)
      }
      rows = []
    }
    let entry = ResultCache.Entry(
      query: query, rule: rule, syntax: syntax, scope: scope, parsed: parsed, rows: rows, ranked: ranked,
      compact: found.compact, packed: packed, plan: plan, run: found.run)
    cache.remember(entry)
    lastAnswer = SearchAnswer(
      query: query, rule: rule, syntax: syntax, scope: scope, plan: plan, run: found.run, fromCache: false,
      rows: entry.count,
      threads: min(Parallel.chunkCount(dataset.rowCount, threshold: parallelThreshold), Parallel.cores))
    return entry.result
  }

  /// The ranking of `found`'s rows whose first rows are `best`: it scores its other rows when
  /// read past them, and keeps what that needs (not the engine, whose cache keeps the ranking).
  private func ranking(_ found: Found, best: [Int32], query: CompiledQuery) throws(SearchError) -> RankedRows
  {
    let (index, dataset, columns, threshold) = (index, dataset, columns, parallelThreshold)
    let scorers = try Self.rankingScorers(for: query)
    let scoring = { (rows: [Int32]) in
      Self.fuzzyScores(
        rows, query: query, index: index, dataset: dataset, columns: columns, threshold: threshold,
        scorers: scorers)
    }
    if let bits = found.dense {
      return RankedRows(
        bits: bits, top: best, dataset: dataset, plain: plainTitles, tuning: tuning, scoring: scoring)
    }
    return RankedRows(
      ascending: found.rows, top: best, dataset: dataset, plain: plainTitles, tuning: tuning, scoring: scoring
    )
  }

  /// What the planner knows of the dataset.
  private var statistics: SearchPlanner.Statistics {
    SearchPlanner.Statistics(
      rowCount: dataset.rowCount, compactRowLimit: compactRowLimit,
      rowsWithLetter: { letter in
        self.signatureBits(
          mask: RowSignature.bit(letter), in: self.index.signatures.pointer, cancellation: nil)?
          .count ?? 0
      }, grams: index.grams, sampledRows: { self.sampledRows($0) })
  }

  /// What the planner knows of the cache, given the result it may narrow from.
  private func cacheState(_ base: ResultCache.NarrowingBase?) -> SearchPlanner.CacheState {
    SearchPlanner.CacheState(
      base: base.map { .init(query: $0.query, rows: $0.rows.count, compactVariant: $0.compact?.variant) },
      narrowingLimit: (cache.narrowingLimit(copied: true), cache.narrowingLimit(copied: false)))
  }

  /// How the last search was answered (`explain`).
  package private(set) var lastAnswer: SearchAnswer?

  /// The character ranges of a row's title that `query` matched, for highlighting on a terminal.
  func highlights(row: Int, query: String, rule: MatchRule, syntax: QuerySyntax = .extended) -> [Range<Int>] {
    MatchHighlighter.ranges(in: dataset.title(row), query: query, rule: rule, syntax: syntax)
  }

  /// Pointers to every form's arena, valid inside `Dataset.withStorage`.
  func makeTexts(
    bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>,
    cased: (bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>)?, sides: SideForms?
  ) -> UnsafeRowTexts {
    Self.makeTexts(
      index: index, dataset: dataset, columns: columns, bytes: bytes, offsets: offsets, cased: cased,
      sides: sides)
  }

  /// `makeTexts` for an engine's parts (what a ranking keeps to score its rows later).
  static func makeTexts(
    index: FoldedIndex, dataset: Dataset, columns: [Int], bytes: UnsafeBufferPointer<UInt8>,
    offsets: UnsafeBufferPointer<UInt32>,
    cased: (bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>)?,
    sides: SideForms?
  ) -> UnsafeRowTexts {
    func view(_ bytes: UnsafePinnedBuffer<UInt8>, _ offsets: UnsafePinnedBuffer<UInt32>) -> UnsafeArenaView {
      UnsafeArenaView(
        base: bytes.pointer, limit: bytes.count + FoldedIndex.padding, offsets: offsets.pointer, stride: 1,
        column: 0)
    }
    let fold = index.foldView
    let original: UnsafeArenaView
    if let cased {
      original = view(cased.bytes, cased.offsets)
    } else if let base = bytes.baseAddress, let offsetBase = offsets.baseAddress {
      original = UnsafeArenaView(
        base: base, limit: bytes.count, offsets: offsetBase, stride: dataset.columns.count, column: columns[0]
      )
    } else {
      original = fold  // no text at all: every row is empty in every form
    }
    // Without side forms (a query that only folds), their views stand on the fold arena and are
    // never read: every read of a side form comes from a term compared in another form.
    func side(_ variant: TextVariant) -> UnsafeArenaView {
      sides?.view(variant) ?? fold
    }
    return UnsafeRowTexts(
      fold: fold, cased: original, exact: side(.exact), ci: side(.ci), strip: side(.strip),
      wideRows: index.wideRows.pointer, wideCount: index.wideRows.count, wideBits: index.wideBits.pointer,
      wideRanks: index.wideRanks.pointer,
      foldWideRows: index.foldWideRows.buffer,
      exactWideRows: sides?.exactWideRows.buffer ?? index.wideRows.buffer)
  }

  /// Every row in `scope`, ascending.
  func allRows(scope: Int) -> [Int32] {
    if scope == 0 { return (0..<Int32(dataset.rowCount)).map { $0 } }
    let scopes = dataset.rowScopes
    return scopes.indices.filter { Int(scopes[$0]) == scope }.map { Int32($0) }
  }

  // MARK: - Compact copies

  /// A compact copy of a plain result found without reading its rows (from signatures; `rows`
  /// ascending), in the form `variant`, if it is small enough to keep.
  ///
  /// The next keystroke then reads only those rows' bytes, in one pass, for the price of the
  /// copy now. The wide rows of a form other than `fold` come from its side arena.
  func compactCopy(of rows: [Int32], variant: TextVariant = .fold) -> UnsafeCompactRows? {
    guard !rows.isEmpty, rows.count <= compactRowLimit else { return nil }
    let chunks = Parallel.chunks(rows.count, threshold: tuning.scatteredParallel)
    let builders = freeBuilders(chunks.count)
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    // A copy is optional: refused, there is none.
    var sides: SideForms?
    var cased: (bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>)?
    do throws(SearchError) {
      if variant != .fold { sides = try index.sideForms(dataset: dataset, variants: [variant]) }
      if columns.count > 1 { cased = try index.casedArena(dataset: dataset) }
    } catch {
      return nil
    }
    dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      rows.withUnsafeBufferPointer { ids in
        Parallel.forEach(chunks.count) { chunk in
          let part = UnsafeBufferPointer(rebasing: ids[chunks.range(chunk)])
          let builder = builders[chunk]
          let reserved = UnsafeCompactRows.PartBuffer.reservation(
            rows: part.count, averageRow: averageRow, available: index.foldBytes.count + 1)
          builder.reset(limit: max(part.count, 1), share: part.count, bytes: reserved)
          if variant == .fold {
            builder.gather(part) { texts.fold.slice($0) }
          } else {
            // `exact` and `strip` read ASCII rows from the dataset's own text, not padded.
            builder.gather(ascending: part, unpadded: texts.cased) { texts.slice($0, variant) }
          }
        }
      }
    }
    return UnsafeCompactRows(parts: builders, rows: rows.count, variant: variant)
  }

  /// Compact-copy parts, reused from search to search; a kept copy holds its own.
  private(set) var builders: [UnsafeCompactRows.PartBuffer] = []

  /// `count` parts that no kept copy holds.
  func freeBuilders(_ count: Int) -> [UnsafeCompactRows.PartBuffer] {
    var free: [UnsafeCompactRows.PartBuffer] = []
    for index in builders.indices where free.count < count && isKnownUniquelyReferenced(&builders[index]) {
      free.append(builders[index])
    }
    while free.count < count {
      let builder = UnsafeCompactRows.PartBuffer()
      builders.append(builder)
      free.append(builder)
    }
    return free
  }

  /// The most rows a compact copy holds: a result that narrowing would use
  /// (`SearchTuning.compactRowShare`), up to `SearchTuning.compactBytes` of text.
  var compactRowLimit: Int {
    let averageRow = max(1, index.foldBytes.count / max(1, dataset.rowCount))
    let floor = tuning.compactFloor
    return min(
      max(dataset.rowCount / tuning.compactRowShare, floor), max(floor, tuning.compactBytes / averageRow))
  }

  /// Forgets every remembered result (for tests and memory pressure).
  func clearCache() {
    cache.removeAll()
  }
}
