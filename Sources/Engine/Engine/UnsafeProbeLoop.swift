/// `SearchEngine.probeLoop` for one shape of probe and one mode: every row among some positions
/// probed (`RowProbe`) and its id stored without a branch on its answer, the kept rows' bytes
/// offered to the compact copy a block at a time.
///
/// Built and copied into a local `var` by `probeLoop` and run there (every method is inlined):
/// read through a parameter, the probe's vectors would be reloaded after every store to the
/// copy, which might alias them.
struct UnsafeProbeLoop<Shape: ProbeShape, Mode: ProbeMode> {
  let probe: RowProbe<Shape>
  let finder: RowFinder
  let variant: TextVariant
  /// The rows' text in the term's form, or the compact copy.
  let view: UnsafeArenaView
  /// Wide rows' side arena in the term's form.
  let side: UnsafeArenaView
  /// The position of the compact copy's first row (0 without one).
  let slotBase: Int
  /// The last starts the probe may read from, in `view` and `side`.
  let lastStart: Int
  let lastSideStart: Int
  let candidates: UnsafePointer<Int32>?
  let texts: UnsafeRowTexts
  let filter: UnsafeRowFilter
  let builder: UnsafeCompactRows.PartBuffer
  /// Rows offered to the copy at a time, and the share of kept rows from which every row's
  /// bytes are stored (`SearchTuning.probeCopyBlock`, `probeStoreShare`).
  let block: Int
  let storeShare: Int
  /// The mode's tests as found at run time, for the modes that do not know them (`AnyProbe`).
  private let runtime: (filtered: Bool, listed: Bool, compacted: Bool, foldOnly: Bool, bySignature: Bool)
  /// The next wide row's index in `wideRows` (and in the side arenas), when every row is visited.
  private var wideIndex = 0

  @inline(__always)
  init(
    _ probe: RowProbe<Shape>, _ driverPlan: UnsafeTermPlan, candidates: UnsafePointer<Int32>?,
    compact: (view: UnsafeArenaView, first: Int)?, _ texts: UnsafeRowTexts, _ filter: UnsafeRowFilter,
    _ builder: UnsafeCompactRows.PartBuffer, tuning: SearchTuning
  ) {
    (self.probe, self.candidates, self.texts, self.filter, self.builder) = (
      probe, candidates, texts, filter, builder
    )
    variant = driverPlan.variant
    finder = driverPlan.finder
    view = compact?.view ?? (variant == .fold || variant == .ci ? texts.fold : texts.cased)
    slotBase = compact?.first ?? 0
    lastStart = view.limit &- RowProbe<Shape>.reach
    side = texts.side(variant)
    lastSideStart = side.limit &- RowProbe<Shape>.reach
    (block, storeShare) = (tuning.probeCopyBlock, tuning.probeStoreShare)
    runtime = (
      !filter.acceptsAll, candidates != nil, compact != nil, compact != nil,
      filter.scope == 0 && filter.bySignature && !filter.acceptsAll
    )
    assert(listed == (candidates != nil), "a listed probe reads its candidates")
  }

  private var filtered: Bool { Mode.known?.filtered ?? runtime.filtered }
  private var listed: Bool { Mode.known?.listed ?? runtime.listed }
  private var compacted: Bool { Mode.known?.compacted ?? runtime.compacted }
  private var foldOnly: Bool { Mode.known?.foldOnly ?? runtime.foldOnly }
  private var bySignature: Bool { Mode.known?.bySignature ?? runtime.bySignature }

  /// Probes the rows at `range`, storing every id from `output` on; returns how many were kept.
  ///
  /// Copies go to the builder while it is open, which gives up when the rows kept so far,
  /// extrapolated to all of `chunk`, would be too many.
  @inline(__always)
  mutating func run(_ range: Range<Int>, _ output: UnsafeMutablePointer<Int32>, chunk: Range<Int>) -> Int {
    assert(!foldOnly || (view.stride == 1 && view.column == 0), "a fold-only view has one offset per row")
    // Copies are of the term's form: what `view` reads, or a wide row's side arena.
    let copying = builder.isOpen
    var count = 0
    wideIndex =
      foldOnly ? 0 : texts.lowerWide(candidates.map { Int($0[range.lowerBound]) } ?? range.lowerBound)
    var writer = builder.writer
    var blockStart = range.lowerBound
    while blockStart < range.upperBound {
      let blockEnd = min(range.upperBound, blockStart &+ block)
      let open =
        copying
        && builder.reserve(
          rows: blockEnd &- blockStart, rowBytes: RowProbe<Shape>.maxRowBytes,
          scanned: blockStart &- chunk.lowerBound, of: chunk.count)
      // Storing every row pays when many are kept; a few kept rows are cheaper to copy one by
      // one, behind a branch then seldom taken.
      if open, count &* storeShare >= blockStart &- range.lowerBound {
        writer = builder.writer
        for position in blockStart..<blockEnd {
          count &+= test(position, &writer, output + count, copying: true)
        }
        builder.commit(writer)
      } else {
        for position in blockStart..<blockEnd {
          let found = test(position, &writer, output + count, copying: false)
          if open, found != 0 {
            // Listed means candidates are given (asserted at init): the unwrap cannot fail.
            let row = listed ? Int(candidates.unsafelyUnwrapped[position]) : position
            // A wide row compared in its side form (the last one `test` read) is copied from it.
            let sideForm = !foldOnly && variant != .fold && texts.isWide(row)
            builder.append(
              sideForm ? side.slice(wideIndex &- 1) : view.slice(compacted ? position &- slotBase : row))
          }
          count &+= found
        }
      }
      blockStart = blockEnd
    }
    return count
  }

  /// One row: its id stored at `slot`, its answer returned (a number: `&&` on it would branch).
  @inline(__always)
  private mutating func test(
    _ position: Int, _ writer: inout UnsafeCompactRows.PartBuffer.Writer, _ slot: UnsafeMutablePointer<Int32>,
    copying: Bool
  ) -> Int {
    // Listed means candidates are given (asserted at init): the unwrap cannot fail.
    let row = listed ? Int(candidates.unsafelyUnwrapped[position]) : position
    let place = compacted ? position &- slotBase : row
    // A compact copy has one offset per row, and every row clear of its edges (see `PartBuffer`);
    // so has the fold arena, the other view of a fold-only mode (no multiply by a stride).
    let start = foldOnly ? Int(view.offsets[place]) : view.start(place)
    let length = (foldOnly ? Int(view.offsets[place &+ 1]) : view.end(place)) &- start
    let wide = foldOnly && !Shape.wordStart ? false : texts.isWide(row)
    var found: Int
    var stored = false
    // The row's text in the term's form: a wide row compared outside `fold` reads its side
    // arena, probed as the others are (its bytes, not its scalars: the needle is ASCII).
    var text = UnsafeRowSlice(base: view.base, start: start, end: start &+ length, limit: view.limit)
    var clear = compacted || (start >= 1 && start <= lastStart)
    if !foldOnly && wide && variant != .fold {
      if listed { wideIndex = texts.wideIndex(row) }
      text = side.slice(wideIndex)
      clear = text.start >= 1 && text.start <= lastSideStart
      wideIndex &+= 1
    }
    if text.count <= RowProbe<Shape>.maxRowBytes, clear, !(Shape.wordStart && wide) {
      // Reach: the probe reads from `start - 1` to `start + reach - 1`, the writer 48 bytes on.
      assert(
        text.start >= 1 && text.start &+ RowProbe<Shape>.reach <= text.limit,
        "a probe at \(text.start) reads past \(text.limit)")
      found = probe.matches(text.base + text.start, positions: max(text.count &- (Shape.byteCount &- 1), 0))
      stored = true
    } else {
      found = finder.matches(text) ? 1 : 0
    }
    if bySignature {
      found &= filter.passesBySignature(row)
    } else if filtered, found != 0, !filter.accepts(row) {
      found = 0
    }
    slot.pointee = Int32(truncatingIfNeeded: row)
    if copying {
      if stored {
        writer.offer(text.base + text.start, count: text.count, keep: found)
      } else if found != 0 {
        builder.commit(writer)
        builder.append(text, keepingRoom: block &* RowProbe<Shape>.maxRowBytes)
        writer = builder.writer
      }
    }
    return found
  }
}
