import Tables

/// `run`: the engine follows the plan `SearchPlanner` chose, one case per strategy.
extension SearchEngine {
  /// What `run` found: rows ascending (with fuzzy scores, or a single fuzzy term's best rows),
  /// maybe a compact copy of them; or, for a one-letter result of most rows, only its bits.
  struct Found {
    var rows: [Int32]
    var scores: [Int32] = []
    var compact: UnsafeCompactRows?
    var best: [Int32]?
    var dense: RowBitmap?
    /// What the passes chose at run time (`explain` says it).
    var run = SearchRun()
  }

  /// Answers `plan` for `text` (compiled as `query` unless blank or a regex) in `scope`, reading
  /// only `candidates` (ascending, their folded text maybe in `compact`) when it narrows.
  func run(
    _ plan: SearchPlan, text: String, _ query: CompiledQuery?, candidates: [Int32]?,
    compact: UnsafeCompactRows?,
    scope: Int, scored: Bool, cancellation: SearchCancellation?
  ) throws(SearchError) -> Found? {
    switch plan {
    case .everyRow:
      return Found(rows: allRows(scope: scope))
    case .regex:
      let matcher = try RegexMatcher(pattern: text)
      return try regexSearch(matcher, scope: scope, cancellation: cancellation).map { Found(rows: $0) }
    case .absentGram:
      return Found(rows: [])
    case .signatureBits(let letter, let variant):
      guard let query else { return Self.unplanned(plan) }
      return letterBits(query, letter: letter, variant: variant, cancellation: cancellation)
    case .probedBits(_, let variant):
      guard let driver = query?.driver else { return Self.unplanned(plan) }
      guard let words = probedBits(driver.needle, driver.plan, cancellation: cancellation) else { return nil }
      return letterRows(words, variant: variant)
    case .sweptBits(_, let variant):
      guard let driver = query?.driver else { return Self.unplanned(plan) }
      guard let words = sweptBits(driver.needle, driver.plan, cancellation: cancellation) else { return nil }
      return letterRows(words, variant: variant)
    case .initialBits(let letter):
      let initials = try index.initialSignatures(parallelThreshold: parallelThreshold)
      let mask = PackedInitials.bit(letter)
      guard let words = signatureBits(mask: mask, in: initials.column, cancellation: cancellation)?.words
      else { return nil }
      return letterRows(words, variant: .fold)
    case .fuzzyLetter(let letter):
      return fuzzyLetter(letter, cancellation: cancellation)
    case .initials(let mask, let limit, let recheck, let otherwise):
      guard let query else { return Self.unplanned(plan) }
      // When the rows whose initials have every letter are few, they are tested one by one (as a
      // previous result is) instead of every row being read.
      let initials = try index.initialSignatures(parallelThreshold: parallelThreshold).column
      if let rows = signatureRows(
        mask: mask, in: initials, all: true, limit: limit, cancellation: cancellation)
      {
        var found = try chunks(
          query, .recheck(recheck), candidates: rows, scope: scope, scored: false, cancellation: cancellation)
        found?.run.initials = .rechecked(rows.count)
        return found
      }
      var found = try chunks(
        query, .every(otherwise), candidates: nil, scope: scope, scored: false, cancellation: cancellation)
      found?.run.initials = .tooMany
      return found
    case .narrow(_, _, let recheck):
      guard let query else { return Self.unplanned(plan) }
      // A copy holds its rows in the form its own query compared; narrowing only follows a query
      // of the same form (`ParsedQuery.implies`), and any other would read the arenas.
      let compact = compact?.variant == query.driver?.plan.variant ? compact : nil
      return try chunks(
        query, .recheck(recheck), candidates: candidates, compact: compact, scope: scope,
        scored: scored, cancellation: cancellation)
    case .everyChunk(let pass):
      guard let query else { return Self.unplanned(plan) }
      return try chunks(
        query, .every(pass), candidates: nil, scope: scope, scored: scored,
        cancellation: cancellation)
    }
  }

  /// A plan of terms for a query without them, which `SearchPlanner` never makes: nothing found.
  private static func unplanned(_ plan: SearchPlan) -> Found? {
    assertionFailure("the plan \(plan) needs a compiled query")
    return Found(rows: [])
  }

  /// The rows whose signature has `letter`, as bits.
  ///
  /// Under `ci`, less the wide rows whose own form lacks it; other clauses of one letter each,
  /// wanted or excluded, are bits of the same test. Such a result keeps no copy, which only a
  /// one-term query narrows from.
  private func letterBits(
    _ query: CompiledQuery, letter: UInt8, variant: TextVariant, cancellation: SearchCancellation?
  ) -> Found? {
    let mask = RowSignature.bit(letter)
    guard
      var words = signatureBits(
        mask: mask | query.requiredSignature, forbidding: query.forbiddenSignature,
        in: index.signatures.pointer, cancellation: cancellation)?.words
    else { return nil }
    if variant == .ci, let driver = query.driver {
      for row in wideMisses(term: driver.plan, mask: mask) {
        words[Int(row) >> 6] &= ~(1 &<< UInt64(row & 63))
      }
    }
    return letterRows(words, variant: variant, copying: query.isPlain)
  }

  /// One fuzzy letter, ranked from the rows whose signature has it.
  ///
  /// Every row holding it scores `match` plus twice the best bonus of its positions. The
  /// letter's signature bit gives the rows, as bits; only those short enough to rank among the
  /// best are read for their bonuses, and the whole order's scores wait until read. A ranking too
  /// large to narrow from stays as bits (`RankedRows.members`): listing its ids would fault in
  /// pages that only a later page or the whole order reads.
  private func fuzzyLetter(_ letter: UInt8, cancellation: SearchCancellation?) -> Found? {
    guard
      let (words, _) = signatureBits(
        mask: RowSignature.bit(letter), in: index.signatures.pointer, cancellation: cancellation)
    else { return nil }
    let bits = RowBitmap(words: words)
    let cased = casedArenaOrDeferredRefusal()
    let best = dataset.withStorage { bytes, offsets in
      let lengths = TitleLengths(dataset, bytes: bytes, offsets: offsets, plain: plainTitles)
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: nil)
      let scores = WordStartScores(texts: texts, letter: letter)
      return RankSorter.best(
        RankedRows.topCount, bits: bits, scores: scores, titleLength: lengths, threshold: tuning.ranking)
    }
    if cache.ranks(from: bits.count) { return Found(rows: bits.ids, best: best) }
    return Found(rows: [], best: best, dense: bits)
  }
}
