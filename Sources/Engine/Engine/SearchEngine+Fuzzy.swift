import Tables

/// Fuzzy terms: matching rows, best rows first, and the scores the others wait for.
extension SearchEngine {
  /// One chunk of a search whose fuzzy terms each stand as a clause (`UnsafeQueryPlan.isRankedBySum`):
  /// appends the matching rows to `ids` and returns the best `RankedRows.topCount` of them.
  ///
  /// A row that the mask kernels take is only tested (`UnsafeFuzzyMaskScorer.ceiling`); it is scored
  /// only when an upper bound of its score (per step, the highest bonus where its byte may start
  /// one of the row's words, less elsewhere) could beat the worst row kept, so most rows are
  /// never scored. The word starts come from the row's bytes, not a signature of every row's
  /// initials: a little slower, 4 bytes a row less.
  ///
  /// With `candidates` (ascending), `rows` are positions in them: a previous result narrowed.
  func rankFuzzyRows(
    _ plan: UnsafeQueryPlan, rows: Range<Int>, candidates: UnsafePointer<Int32>? = nil, texts: UnsafeRowTexts,
    required: UInt32, scope: Int, scopes: UnsafeBufferPointer<UInt16>, titleLength: TitleLengths,
    shared: SharedRankFloor? = nil, into ids: UnsafeRowIDBuffer
  ) -> RankHeap {
    // One scorer per fuzzy term: a mask kernel keeps its splatted pattern in its scorer.
    let owners = (0..<plan.termCount).filter { plan.terms[$0].kind == .fuzzy }.map { index in
      (plan.terms[index], FuzzyScorer())
    }
    // Kernels read one arena for every term: the fold form's, or the original bytes when every
    // term is case-sensitive (an ASCII row's `strip` form is its own bytes).
    let variants = Set(owners.map(\.0.variant))
    let view = variants == [.strip] ? texts.cased : texts.fold
    let bounds =
      variants != [.fold] && variants != [.strip]
      ? []
      : owners.compactMap { term, owner in
        owner.maskScorer(pattern: term.scalars, count: term.scalarCount).map { FuzzyTermBound(kernel: $0) }
      }
    let filtered = plan.clauseCount > owners.count
    // Rows the kernels cannot take (wide, or longer than 64 bytes) are scored as they match: a
    // single term's score is `none` exactly when it is not a subsequence, so short patterns,
    // which most signature-passing rows match, skip the subsequence check; longer ones
    // (`SearchTuning.fuzzyCheckedScalars`) match fewer rows and the cheap check first pays. Several
    // terms' scores add up, where one `none` would not show: they are always checked.
    let check = owners.count != 1 || filtered || owners[0].0.scalarCount >= tuning.fuzzyCheckedScalars
    let arguments = UnsafeFuzzyRanking(
      plan: plan, rows: rows, candidates: candidates, texts: texts, view: view, required: required,
      scope: scope, scopes: scopes, titleLength: titleLength, check: check, shared: shared, ids: ids)
    return withExtendedLifetime(owners) {
      bounds.withUnsafeBufferPointer { bounds in
        if bounds.count != owners.count { return rankFuzzyRows(arguments, bound: FuzzyTermBound?.none) }
        if bounds.count == 1, !filtered {
          let signatures = index.signatures.pointer
          if candidates == nil, bounds[0].kernel.count <= 2,
            Self.mostRowsPass(
              rows, signatures: signatures, required, sample: tuning.shortFuzzySample,
              share: tuning.shortFuzzyShare)
          {
            return rankShortFuzzyRows(arguments, term: bounds[0])
          }
          return rankFuzzyRows(arguments, bound: bounds[0])
        }
        return rankFuzzyRows(
          arguments, bound: UnsafeFuzzyTermBounds(terms: bounds, plan: plan, filtered: filtered))
      }
    }
  }

  /// What `rankFuzzyRows` passes on to its loop.
  struct UnsafeFuzzyRanking {
    let plan: UnsafeQueryPlan
    /// Rows, or positions in `candidates` when there are.
    let rows: Range<Int>
    let candidates: UnsafePointer<Int32>?
    let texts: UnsafeRowTexts
    /// The arena the kernels read (`texts.fold`, or the original bytes).
    let view: UnsafeArenaView
    let required: UInt32
    let scope: Int
    let scopes: UnsafeBufferPointer<UInt16>
    let titleLength: TitleLengths
    /// Whether a row the kernels cannot take is tested before it is scored.
    let check: Bool
    /// The floor the search's chunks share.
    let shared: SharedRankFloor?
    let ids: UnsafeRowIDBuffer
  }

  /// `rankFuzzyRows`' loop over every row of a range, or over candidates.
  private func rankFuzzyRows<Bound: FuzzyRowBound>(_ arguments: UnsafeFuzzyRanking, bound: Bound?) -> RankHeap
  {
    let required = arguments.required
    guard let candidates = arguments.candidates else {
      return rankFuzzyRows(
        arguments, bound: bound, from: EveryFuzzyRow(rows: arguments.rows, required: required))
    }
    return rankFuzzyRows(
      arguments, bound: bound,
      from: CandidateFuzzyRows(candidates: candidates, positions: arguments.rows, required: required))
  }

  /// `rankFuzzyRows`' loop, rows of at most 64 ASCII bytes ranked by `bound` (when there is one).
  private func rankFuzzyRows<Bound: FuzzyRowBound, Rows: FuzzyRowSource>(
    _ arguments: UnsafeFuzzyRanking, bound: Bound?, from source: Rows
  ) -> RankHeap {
    let (plan, texts, scope, scopes) = (arguments.plan, arguments.texts, arguments.scope, arguments.scopes)
    let (titleLength, check, ids) = (arguments.titleLength, arguments.check, arguments.ids)
    let signatures = index.signatures.pointer
    let scorer = FuzzyScorer()
    let fold = arguments.view
    var best = RankHeap(limit: RankedRows.topCount, shared: arguments.shared)
    var source = source
    while true {
      let row = source.next(signatures: signatures)
      guard row >= 0 else { break }
      guard UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes) else { continue }
      let start = fold.start(row)
      let length = fold.end(row) &- start
      let score: Int32
      if let bound, length <= 64, !texts.isWide(row), start &+ UnsafeFuzzyMaskScorer.reach <= fold.limit {
        let text = fold.base + start
        let reach = bound.ceiling(
          text, length: length, lettersAndSpaces: signatures[row] & ~RowSignature.lettersAndSpace == 0,
          row: row,
          texts: texts)
        if reach == FuzzyScorer.none { continue }
        if !best.admits(score: reach, length: titleLength(row)) {
          ids.append(row)
          continue
        }
        score = bound.score(text, cased: texts.casedBytes(row), length: length)
      } else {
        guard !check || plan.matches(row, texts) else { continue }
        score = plan.score(row, texts, scorer)
      }
      guard score > FuzzyScorer.none else { continue }
      ids.append(row)
      best.consider(score: score, length: titleLength(row), row: row)
    }
    ids.noteRefused(scorer.refusedBytes)
    return best
  }

  /// `rankFuzzyRows`' loop for one term of one or two bytes that most rows' signatures pass.
  ///
  /// Every row of at most 64 ASCII bytes goes through the kernel (`shortCeiling`), signature or
  /// not, with no branch on whether it matches: its id is stored and counted by the answer.
  /// Where most rows have both letters, the signature test and the match were coin tosses for
  /// the predictor. Rare letters keep the other loop, whose signature test skips most rows.
  private func rankShortFuzzyRows(_ arguments: UnsafeFuzzyRanking, term: FuzzyTermBound) -> RankHeap {
    let (plan, texts, scope, scopes) = (arguments.plan, arguments.texts, arguments.scope, arguments.scopes)
    let (titleLength, check, required) = (arguments.titleLength, arguments.check, arguments.required)
    let signatures = index.signatures.pointer
    let scorer = FuzzyScorer()
    let fold = arguments.view
    let kernel = term.kernel
    var best = RankHeap(limit: RankedRows.topCount, shared: arguments.shared)
    let rows = arguments.rows
    // A block at a time: a buffer in bits mode holds no more than a block's ids.
    var lower = rows.lowerBound
    while lower < rows.upperBound {
      let block = lower..<min(rows.upperBound, lower &+ tuning.sweepBlock)
      lower = block.upperBound
      arguments.ids.appendBranchFree(upTo: block.count) { output in
        var count = 0
        for row in block {
          let start = fold.start(row)
          let length = fold.end(row) &- start
          let inScope = UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes)
          let score: Int32
          if length <= 64, !texts.isWide(row), start &+ UnsafeFuzzyMaskScorer.reach <= fold.limit, inScope {
            let text = fold.base + start
            let reach = kernel.shortCeiling(
              text, length: length, lettersAndSpaces: signatures[row] & ~RowSignature.lettersAndSpace == 0)
            output[count] = Int32(truncatingIfNeeded: row)
            if !best.admits(score: reach, length: titleLength(row)) {
              count &+= reach != FuzzyScorer.none ? 1 : 0
              continue
            }
            // Only until `best` is full: after that, a row that does not match is never admitted.
            if reach == FuzzyScorer.none { continue }
            score = kernel.score(text, cased: texts.casedBytes(row), length: length)
          } else {
            guard inScope, signatures[row] & required == required else { continue }
            guard !check || plan.matches(row, texts) else { continue }
            score = plan.score(row, texts, scorer)
          }
          guard score > FuzzyScorer.none else { continue }
          output[count] = Int32(truncatingIfNeeded: row)
          count &+= 1
          best.consider(score: score, length: titleLength(row), row: row)
        }
        return count
      }
    }
    arguments.ids.noteRefused(scorer.refusedBytes)
    return best
  }

  /// Whether at least one in `share` of the first `sample` of `rows` have every bit of
  /// `required` in their signatures (where `rankShortFuzzyRows` beats skipping the others).
  static func mostRowsPass(
    _ rows: Range<Int>, signatures: UnsafePointer<UInt32>, _ required: UInt32, sample: Int, share: Int
  ) -> Bool {
    let sample = rows.prefix(sample)
    var passing = 0
    for row in sample { passing &+= signatures[row] & required == required ? 1 : 0 }
    return passing &* share >= sample.count
  }

  /// Scorers for a ranking read past its top, one per core, made while a search can still fail:
  /// each scores a row whose scratch the system refuses with scratch for the longest term.
  static func rankingScorers(for query: CompiledQuery) throws(SearchError) -> [FuzzyScorer] {
    var scorers: [FuzzyScorer] = []
    for _ in 0..<Parallel.cores { scorers.append(try FuzzyScorer(streamRoom: query.longestFuzzyTerm)) }
    return scorers
  }

  /// The scores of `rows` (ascending, each matching) for a fuzzy `query`, with one of `scorers`
  /// (from `rankingScorers`) per core.
  static func fuzzyScores(
    _ rows: [Int32], query: CompiledQuery, index: FoldedIndex, dataset: Dataset, columns: [Int],
    threshold: Int, scorers: [FuzzyScorer]
  ) -> [Int32] {
    let count = rows.count
    let chunks = Parallel.chunks(count, threshold: threshold)
    let lanes = min(scorers.count, chunks.count)
    precondition(lanes > 0, "a ranking scores with at least one scorer")
    // Built by the search before (a refusal then was its error): the bonuses read the original
    // text, and a smart-case term its own form.
    let cased = columns.count > 1 ? try? index.casedArena(dataset: dataset) : nil
    let sides =
      query.comparesOutsideFold ? try? index.sideForms(dataset: dataset, variants: query.sideVariants) : nil
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(
        index: index, dataset: dataset, columns: columns, bytes: bytes, offsets: offsets, cased: cased,
        sides: sides)
      let plan = query.plan
      return rows.withUnsafeBufferPointer { ids in
        [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
          let output = UncheckedSendable(buffer)
          // Each lane owns one scorer and takes every `lanes`-th chunk.
          Parallel.forEach(lanes) { lane in
            let scorer = scorers[lane]
            for chunk in stride(from: lane, to: chunks.count, by: lanes) {
              for position in chunks.range(chunk) {
                output.value[position] = plan.score(Int(ids[position]), texts, scorer)
              }
            }
            // Read past its top, a ranking has no error to fail with: a row whose scratch is
            // refused is scored by the stream scorer, whose room holds every term of the query.
            precondition(scorer.refusedBytes == 0, "a ranking's row left unscored")
          }
          initialized = count
        }
      }
    }
  }
}
