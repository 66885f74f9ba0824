/// A single fuzzy term: matching rows, best rows first, and the scores the others wait for.
extension SearchEngine {
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
  func rankFuzzyRows(
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
  static func nextRow(
    from row: Int, to end: Int, signatures: UnsafePointer<UInt32>, required: UInt32
  ) -> Int {
    var row = row
    while row < end, signatures[row] & required != required { row &+= 1 }
    return row
  }

  /// The scores of `rows` (ascending, each matching) for a fuzzy `query`, on every core.
  static func fuzzyScores(
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
}
