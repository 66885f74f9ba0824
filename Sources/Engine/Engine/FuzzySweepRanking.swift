/// `SearchEngine.sweepFuzzyRows` on one chunk: its rows swept a block at a time by
/// `FuzzySweep`, the rows found appended in order, the few whose ceilings could enter the best
/// rows scored, and the rows the sweep cannot take ranked one by one.
struct FuzzySweepRanking {
  let engine: SearchEngine
  let plan: UnsafeQueryPlan
  let texts: UnsafeRowTexts
  let titleLength: TitleLengths
  let ids: UnsafeRowIDBuffer
  let term: FuzzyTermBound
  let scorer: FuzzyScorer
  /// The best rows so far.
  private(set) var best: RankHeap

  init(
    engine: SearchEngine, plan: UnsafeQueryPlan, texts: UnsafeRowTexts, titleLength: TitleLengths,
    ids: UnsafeRowIDBuffer,
    term: FuzzyTermBound, scorer: FuzzyScorer, shared: SharedRankFloor? = nil
  ) {
    best = RankHeap(limit: RankedRows.topCount, shared: shared)
    (self.engine, self.plan, self.texts, self.titleLength, self.ids, self.term, self.scorer) = (
      engine, plan, texts, titleLength, ids, term, scorer
    )
  }

  /// Ranks `rows` by `sweep`: blocks of `SearchTuning.sweepBlock` rows, the rows too near the arena's
  /// end to read 64 bytes past (a few at most) one by one.
  mutating func run<Shape: ProbeShape>(_ rows: Range<Int>, _ sweep: FuzzySweep<Shape>) {
    let fold = texts.fold
    let blockRows = engine.tuning.sweepBlock
    var masks = UnsafeChunkSweep<Shape>.Scratch()
    let reaches = UnsafeMutablePointer<Int32>.allocate(capacity: blockRows)
    defer {
      masks.words.deallocate()
      reaches.deallocate()
    }
    // Most wide rows fold to ASCII (`café`), whose fold bytes the sweep reads as the scorer does.
    let wide = texts.foldWideRows
    var wideStart = UnsafeRowTexts.lowerBound(wide, rows.lowerBound)
    var lower = rows.lowerBound
    while lower < rows.upperBound {
      let next = min(rows.upperBound, lower &+ blockRows)
      var upper = next
      while upper > lower, fold.end(upper &- 1) &+ 64 > fold.limit { upper &-= 1 }
      if upper > lower {
        let blockWide = UnsafeRowTexts.run(of: wide, in: lower..<upper, from: &wideStart)
        sweepBlock(fold, lower..<upper, sweep, wide: blockWide, masks: &masks, reaches: reaches)
      }
      for row in upper..<next { rankOne(row, into: ids) }
      lower = next
    }
  }

  /// Ranks the rows at `positions` of `candidates` (ascending) by `sweep`: each block of them
  /// gathered into an arena of its own (`UnsafeGatheredFoldBuffer`), then swept as `run` sweeps
  /// the whole arena's.
  mutating func run<Shape: ProbeShape>(
    candidates: UnsafePointer<Int32>, positions: Range<Int>, _ sweep: FuzzySweep<Shape>
  ) {
    let gathered = UnsafeGatheredFoldBuffer(capacity: engine.tuning.sweepBlock)
    var masks = UnsafeChunkSweep<Shape>.Scratch()
    let reaches = UnsafeMutablePointer<Int32>.allocate(capacity: gathered.capacity)
    defer {
      masks.words.deallocate()
      reaches.deallocate()
    }
    var wideIndex = 0
    var lower = positions.lowerBound
    while lower < positions.upperBound {
      let next = min(positions.upperBound, lower &+ gathered.capacity)
      gathered.gather(
        candidates, lower..<next, fold: texts.fold, wide: texts.foldWideRows, wideIndex: &wideIndex)
      sweepBlock(
        gathered.view, 0..<gathered.count, sweep, wide: gathered.excluded, masks: &masks, reaches: reaches,
        ids: candidates + lower)
      lower = next
    }
  }

  /// One block of `fold`'s rows swept: its masks marked, then each run of rows it can take.
  ///
  /// Runs end at the rows of `wide` and at rows too long, which are ranked one by one. With `ids`,
  /// `fold` holds gathered rows (`UnsafeGatheredFoldBuffer`) whose ids it lists, and those are appended.
  mutating func sweepBlock<Shape: ProbeShape>(
    _ fold: UnsafeArenaView, _ block: Range<Int>, _ sweep: FuzzySweep<Shape>,
    wide: UnsafeBufferPointer<Int32>,
    masks: inout UnsafeChunkSweep<Shape>.Scratch, reaches: UnsafeMutablePointer<Int32>,
    ids map: UnsafePointer<Int32>? = nil
  ) {
    let origin = fold.start(block.lowerBound)
    let byteCount = fold.end(block.upperBound &- 1) &- origin
    let stride = FuzzySweep<Shape>.maskWords(byteCount: byteCount)
    masks.reserve(stride &* FuzzySweep<Shape>.maskCount)
    let words = masks.words
    _ = sweep.mark(fold, rows: block, masks: words, stride: stride)
    ids.appendBranchFree(upTo: block.count) { output in
      var count = 0
      var row = block.lowerBound
      var nextWide = 0
      while true {
        let stop = nextWide < wide.count ? Int(wide[nextWide]) : block.upperBound
        if row < stop {
          let (found, after) = sweep.ceilings(
            fold, rows: row..<stop, origin: origin, masks: words, stride: stride, lead: byteCount,
            output: output + count, reaches: reaches + count)
          if let map {
            for index in count..<count &+ found { output[index] = map[Int(output[index])] }
          }
          admit(output + count, reaches + count, found)
          count &+= found
          row = after
        }
        guard row < block.upperBound else { return count }
        if row == stop { nextWide &+= 1 }
        // A wide row, or one longer than the sweep takes.
        count &+= rankOne(map.map { Int($0[row]) } ?? row, into: output + count)
        row &+= 1
      }
    }
  }

  /// Scores the `count` rows found at `rows` whose ceilings at `reaches` the best rows admit.
  ///
  /// A wide row whose fold form is ASCII (`café`) is swept as its fold bytes read; its original
  /// bytes are not its fold form's one for one, so its bonuses come from `FuzzyScorer.casedProxy`.
  @inline(__always)
  private mutating func admit(_ rows: UnsafePointer<Int32>, _ reaches: UnsafePointer<Int32>, _ count: Int) {
    let (fold, kernel, titleLength) = (texts.fold, term.kernel, titleLength)
    for index in 0..<count {
      let reach = reaches[index]
      // Most rows fall below the floor's score once the best rows are full: no title read.
      if reach < best.floor.score { continue }
      let row = Int(rows[index])
      let titled = titleLength(row)
      guard best.admits(score: reach, length: titled) else { continue }
      let start = fold.start(row)
      let text = fold.base + start
      let length = fold.end(row) &- start
      let cased =
        texts.isWide(row)
        ? scorer.casedProxy(fold: text, length: length, cased: texts.casedSlice(row)) : texts.casedBytes(row)
      let score = kernel.score(text, cased: cased, length: length)
      best.consider(score: score, length: titled, row: row)
    }
  }

  /// A row the sweep does not take, tested and scored in its own form; appended to `ids` when
  /// it matches.
  mutating func rankOne(_ row: Int, into ids: UnsafeRowIDBuffer) {
    ids.appendBranchFree(upTo: 1) { rankOne(row, into: $0) }
  }

  /// `rankOne` writing to `output`: returns 1 when the row matches, else 0.
  private mutating func rankOne(_ row: Int, into output: UnsafeMutablePointer<Int32>) -> Int {
    guard plan.matches(row, texts) else { return 0 }
    let score = plan.score(row, texts, scorer)
    guard score > FuzzyScorer.none else { return 0 }
    output.pointee = Int32(truncatingIfNeeded: row)
    best.consider(score: score, length: titleLength(row), row: row)
    return 1
  }
}
