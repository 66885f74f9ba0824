/// One fuzzy term of two to four ASCII bytes ranked over every row from bits (`FuzzySweep`).
extension SearchEngine {
  /// `rankFuzzyRows` for a term `sweepsFuzzy` takes: swept a block at a time when one of the
  /// chunk's first rows in `share` has every byte of it (else every row costs the sweep what a
  /// skipped row costs the signature test), then the rows the sweep cannot take (wide, longer
  /// than `FuzzySweep.longestRow`, at the arena's end) by the row loop's own steps.
  ///
  /// With `candidates` (ascending), `rows` are positions in them (a previous result narrowed),
  /// always swept.
  func sweepFuzzyRows(
    _ plan: UnsafeQueryPlan, rows: Range<Int>, candidates: UnsafePointer<Int32>? = nil, texts: UnsafeRowTexts,
    required: UInt32, titleLength: TitleLengths, share: Int, shared: SharedRankFloor? = nil,
    into ids: UnsafeRowIDBuffer
  ) -> (best: RankHeap, swept: Int) {
    let scorer = FuzzyScorer()
    let term = plan.terms[0]
    let signatures = index.signatures.pointer
    guard
      let kernel = scorer.maskScorer(pattern: term.scalars, count: term.scalarCount),
      candidates != nil
        || Self.mostRowsPass(
          rows, signatures: signatures, required, sample: tuning.shortFuzzySample, share: share)
    else {
      let best = rankFuzzyRows(
        plan, rows: rows, texts: texts, required: required, scope: 0, scopes: .init(start: nil, count: 0),
        titleLength: titleLength, shared: shared, into: ids)
      return (best, 0)
    }
    let bound = FuzzyTermBound(kernel: kernel)
    let pattern = (0..<term.scalarCount).map { UInt8(truncatingIfNeeded: term.scalars[$0]) }
    var ranking = FuzzySweepRanking(
      engine: self, plan: plan, texts: texts, titleLength: titleLength, ids: ids, term: bound, scorer: scorer,
      shared: shared)
    func run<Shape: ProbeShape>(_ sweep: FuzzySweep<Shape>) {
      if let candidates {
        ranking.run(candidates: candidates, positions: rows, sweep)
      } else {
        ranking.run(rows, sweep)
      }
    }
    let best = withExtendedLifetime(scorer) { () -> RankHeap in
      switch term.scalarCount {
      case 2: run(FuzzySweep<TwoByteProbe>(pattern: pattern, bound: bound.bound))
      case 3: run(FuzzySweep<ThreeByteProbe>(pattern: pattern, bound: bound.bound))
      default: run(FuzzySweep<FourByteProbe>(pattern: pattern, bound: bound.bound))
      }
      return ranking.best
    }
    ids.noteRefused(scorer.refusedBytes)
    return (best, rows.count)
  }
}
