/// Chooses how the engine answers a query the cache does not hold: one pure decision from the
/// compiled query, the dataset's statistics, the cache's state and the planning's `SearchTuning`.
enum SearchPlanner {
  /// The query to plan for.
  enum Query {
    /// Empty, all whitespace, or terms that select every row.
    case blank
    /// A regular expression.
    case regex
    /// Compiled terms; `scored` for the `fuzzy` rule, whose rows are ranked.
    case terms(CompiledQuery, scored: Bool)
  }

  /// What the planner knows of the dataset.
  struct Statistics {
    /// How many rows there are.
    var rowCount: Int
    /// The most rows a compact copy holds (`SearchEngine.compactRowLimit`).
    var compactRowLimit: Int
    /// How many rows' signatures have a letter's bit; asked only for a case-significant letter.
    var rowsWithLetter: (UInt8) -> Int
    /// Which short grams some row holds, when the load found them.
    var grams: GramPresence? = nil
    /// How many rows a sample of them says hold a term, scaled to every row; asked only for a
    /// short term alone.
    var sampledRows: ((CompiledTerm) -> Int)? = nil
  }

  /// What the planner knows of the cache.
  struct CacheState {
    /// The smallest cached result that holds every match, if one is worth narrowing from.
    var base: Base?
    /// The most rows a result may have to be narrowed from, with and without a compact copy.
    var narrowingLimit: (copied: Int, scattered: Int)

    /// A cached result to narrow from.
    struct Base {
      /// The query it answered.
      var query: String
      /// How many rows it has.
      var rows: Int
      /// The form its compact copy holds, if it kept one.
      var compactVariant: TextVariant?
    }
  }

  /// How to answer `query` in `scope` (0 is every scope).
  static func plan(
    query: Query, scope: Int, statistics: Statistics, cache: CacheState, tuning: SearchTuning
  ) -> SearchPlan {
    let (compiled, scored): (CompiledQuery, Bool)
    switch query {
    case .blank: return .everyRow
    case .regex: return .regex
    case .terms(let query, let isScored): (compiled, scored) = (query, isScored)
    }
    if let grams = statistics.grams, let gram = absentGram(compiled, grams) {
      return .absentGram(String(decoding: gram, as: UTF8.self))
    }
    if let base = cache.base {
      let variant = compiled.driver?.plan.variant
      let compact = base.compactVariant != nil && base.compactVariant == variant
      // Ranked as a pass over every row ranks them: only a query with no driving term, which the
      // plan's clauses leave out.
      let ranks = scored && compiled.driver == nil && compiled.plan.isRankedBySum
      let swept = ranks && PassChoice.sweepsFuzzy(compiled, scope: scope, longest: tuning.fuzzySweepBytes)
      let recheck = swept ? .fuzzySweep : ranks ? .fuzzyRank : recheck(compiled, compact: compact)
      return .narrow(from: base.query, rows: base.rows, recheck: recheck)
    }
    if scope == 0, let letter = letterPlan(compiled, scored: scored, statistics: statistics, cache: cache) {
      return letter
    }
    if scope == 0, !scored,
      let swept = sweptBitsPlan(compiled, statistics: statistics, cache: cache, tuning: tuning)
    {
      return swept
    }
    let pass = everyRowPass(compiled, scored: scored, scope: scope, tuning: tuning)
    let initials = scored ? 0 : compiled.requiredInitials
    if initials != 0 {
      return .initials(
        mask: initials, limit: statistics.rowCount / tuning.initialsShare,
        recheck: recheck(compiled, compact: false), otherwise: pass)
    }
    return .everyChunk(pass)
  }

  /// A gram no row holds of a term that every match holds: the driver or a clause of one
  /// positive substring or word-start term (a fuzzy term's letters need not be adjacent).
  private static func absentGram(_ query: CompiledQuery, _ grams: GramPresence) -> [UInt8]? {
    for term in query.singleTerms where !term.term.negated && term.term.kind != .fuzzy {
      if let gram = grams.absentGram(in: term.needle.bytes) { return gram }
    }
    return nil
  }

  /// A term of two or three ASCII bytes alone whose rows a sample says are more than a result
  /// worth narrowing from or copying: their ids would only be packed into bits after it.
  private static func sweptBitsPlan(
    _ query: CompiledQuery, statistics: Statistics, cache: CacheState, tuning: SearchTuning
  ) -> SearchPlan? {
    guard query.plan.clauseCount == 0, let driver = query.driver, let sampledRows = statistics.sampledRows,
      statistics.rowCount >= tuning.sweptBits, (2...3).contains(driver.needle.count), driver.needle.isASCII
    else { return nil }
    let term = driver.plan
    guard !term.negated, !term.anchoredStart, !term.anchoredEnd,
      term.kind == .contains || (term.kind == .wordStart && term.variant == .fold),
      sampledRows(driver) > max(cache.narrowingLimit.scattered, statistics.compactRowLimit)
    else { return nil }
    return .sweptBits(term: String(decoding: driver.needle.bytes, as: UTF8.self), variant: term.variant)
  }

  /// The plans that answer one letter from bits, in every scope only.
  private static func letterPlan(
    _ query: CompiledQuery, scored: Bool, statistics: Statistics, cache: CacheState
  ) -> SearchPlan? {
    let clauses = query.plan.clauseCount
    if scored {
      let terms = query.plan.terms
      guard query.plan.isSingleFuzzyTerm, query.driver == nil, terms[0].scalarCount == 1,
        terms[0].variant == .fold, !terms[0].anchoredStart, !terms[0].anchoredEnd,
        terms[0].scalars[0] &- 0x61 < 26
      else { return nil }
      return .fuzzyLetter(letter: UInt8(truncatingIfNeeded: terms[0].scalars[0]))
    }
    guard let driver = query.driver, driver.needle.count == 1 else { return nil }
    let term = driver.plan
    let byte = driver.needle.bytes[0]
    let isLowercase = byte &- 0x61 < 26
    if term.variant == .fold || term.variant == .ci, term.kind == .contains, RowSignature.isExact(byte),
      clauses == 0 || (term.variant == .fold && query.isDecidedBySignature)
    {
      return .signatureBits(letter: byte, variant: term.variant)
    }
    guard clauses == 0, isLowercase else { return nil }
    if term.kind == .contains, term.variant != .fold, term.variant != .ci,
      PassChoice.isProbed(driver.needle, term)
    {
      // Its signature bit bounds its rows: fewer than a result worth narrowing from are probed
      // as any short term is, copying them as they are found.
      let bound = statistics.rowsWithLetter(byte)
      let limit =
        bound <= statistics.compactRowLimit ? cache.narrowingLimit.copied : cache.narrowingLimit.scattered
      return bound > limit ? .probedBits(letter: byte, variant: term.variant) : nil
    }
    // A letter that shares its bit of the initials is picked by the bit and re-checked instead.
    if term.isPlainFold, term.kind == .wordStart, PackedInitials.isExact(byte) {
      return .initialBits(letter: byte)
    }
    return nil
  }

  /// How a list of candidate rows is re-checked; `compact` when it has a copy in the query's form.
  private static func recheck(_ query: CompiledQuery, compact: Bool) -> SearchPlan.Recheck {
    guard query.isPlain, let driver = query.driver else { return .generic }
    if compact { return .compactCopy }
    return PassChoice.isProbed(driver.needle, driver.plan) ? .probe : .plain
  }

  /// How each chunk of every row is read.
  private static func everyRowPass(
    _ query: CompiledQuery, scored: Bool, scope: Int, tuning: SearchTuning
  ) -> SearchPlan.Pass {
    if let driver = query.driver {
      let text = String(decoding: driver.needle.bytes, as: UTF8.self)
      return .scan(term: text, approach: approach(driver.needle, driver.plan, tuning: tuning))
    }
    guard scored, query.plan.isRankedBySum else { return .testEveryRow }
    return PassChoice.sweepsFuzzy(query, scope: scope, longest: tuning.fuzzySweepBytes)
      ? .fuzzySweep(share: tuning.fuzzySweepShare) : .fuzzyRank
  }

  /// How a chunk finds the driving term `driver`.
  static func approach(
    _ driver: ByteNeedle, _ plan: UnsafeTermPlan, tuning: SearchTuning
  ) -> SearchPlan.ScanApproach {
    let wordStart = plan.kind == .wordStart
    let variant = plan.variant
    if driver.count == 1, RowSignature.isExact(RowSignature.mask(driver.bytes)), !wordStart,
      variant == .fold || variant == .ci
    {
      return .signature
    }
    if PassChoice.isSwept(driver, plan) {
      if wordStart { return .sweepWordStartWhenCommon(share: tuning.wordStartSweepShare) }
      let share =
        driver.count == 4
        ? tuning.fourByteSweepShare : variant == .fold ? tuning.foldSweepShare : tuning.formSweepShare
      return .sweepWhenCommon(share: share)
    }
    if PassChoice.isProbed(driver, plan) {
      return .probeWhenCommon(share: driver.count == 3 ? tuning.threeByteProbeShare : tuning.shortProbeShare)
    }
    return .scan
  }
}
