/// A query's other clauses, tested on the rows a sweep found in a block from the hit bits that each
/// of their terms sets in one pass over the block (`RowSweep.mark`).
///
/// Reading each found row's text once per term costs hundreds of instructions a row when a
/// sweep finds many rows; a pass over the block's bytes, 64 at a step, and one funnel shift per
/// row and term cost far less.
final class ClauseBits {
  /// One term's sweep, of its length and kind, so that each is specialised.
  private enum Sweep {
    case one(RowSweep<OneByteProbe>)
    case two(RowSweep<TwoByteProbe>)
    case three(RowSweep<ThreeByteProbe>)
    case oneWord(RowSweep<OneByteWordProbe>)
    case twoWord(RowSweep<TwoByteWordProbe>)
    case threeWord(RowSweep<ThreeByteWordProbe>)

    init(needle: [UInt8], wordStart: Bool) {
      switch (needle.count, wordStart) {
      case (1, false): self = .one(RowSweep(needle: needle))
      case (2, false): self = .two(RowSweep(needle: needle))
      case (_, false): self = .three(RowSweep(needle: needle))
      case (1, true): self = .oneWord(RowSweep(needle: needle))
      case (2, true): self = .twoWord(RowSweep(needle: needle))
      case (_, true): self = .threeWord(RowSweep(needle: needle))
      }
    }

    func mark(_ view: UnsafeArenaView, rows: Range<Int>, hits: UnsafeMutablePointer<UInt64>) -> Int {
      switch self {
      case .one(let sweep): return sweep.mark(view, rows: rows, hits: hits)
      case .two(let sweep): return sweep.mark(view, rows: rows, hits: hits)
      case .three(let sweep): return sweep.mark(view, rows: rows, hits: hits)
      case .oneWord(let sweep): return sweep.mark(view, rows: rows, hits: hits)
      case .twoWord(let sweep): return sweep.mark(view, rows: rows, hits: hits)
      case .threeWord(let sweep): return sweep.mark(view, rows: rows, hits: hits)
      }
    }

    /// Which case, as a number the per-row test switches on without copying the sweep.
    var shape: Int {
      switch self {
      case .one: return 0
      case .two: return 1
      case .three: return 2
      case .oneWord: return 3
      case .twoWord: return 4
      case .threeWord: return 5
      }
    }
  }

  /// What a row's test of one term reads: the arena of its form for ASCII rows, its needle, and
  /// the block's bits (the sweep, with its vectors, stays apart: copied per row, it cost a
  /// `memcpy`).
  private struct UnsafeTerm {
    let shape: Int
    let view: UnsafeArenaView
    let needleWord: UInt64
    let needleMask: UInt64
    let negated: Bool
    var hits: UnsafeMutablePointer<UInt64>
    var capacity = 0
    var origin = 0

    /// Nonzero when `row` holds the term's needle (negation aside).
    @inline(__always)
    func holds(_ row: Int) -> UInt64 {
      let start = view.start(row)
      let end = view.end(row)
      let base = view.base
      switch shape {
      case 0:
        return RowSweep<OneByteProbe>.holds(
          base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
          needleMask: needleMask, hitWords: capacity)
      case 1:
        return RowSweep<TwoByteProbe>.holds(
          base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
          needleMask: needleMask, hitWords: capacity)
      case 2:
        return RowSweep<ThreeByteProbe>.holds(
          base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
          needleMask: needleMask, hitWords: capacity)
      case 3:
        return RowSweep<OneByteWordProbe>.holds(
          base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
          needleMask: needleMask, hitWords: capacity)
      case 4:
        return RowSweep<TwoByteWordProbe>.holds(
          base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
          needleMask: needleMask, hitWords: capacity)
      default:
        return RowSweep<ThreeByteWordProbe>.holds(
          base, start: start, end: end, origin: origin, hits: hits, needleWord: needleWord,
          needleMask: needleMask, hitWords: capacity)
      }
    }
  }

  private var sweeps: [Sweep] = []
  private var terms: [UnsafeTerm] = []
  /// Where each clause ends in `terms`.
  private let clauseEnds: [Int]

  /// The clauses of `plan`, if every term is an unanchored ASCII needle of one to three bytes, a
  /// substring in any form or a word start in `fold` form.
  init?(plan: UnsafeQueryPlan, texts: UnsafeRowTexts) {
    clauseEnds = (0..<plan.clauseCount).map { plan.clauseEnds[$0] }
    let plans = (0..<(clauseEnds.last ?? 0)).map { plan.terms[$0] }
    // Every term is checked before any memory is taken: a class whose initialiser fails still
    // runs `deinit`, which frees the terms' bits.
    for term in plans {
      let needle = UnsafeBufferPointer(start: term.needle, count: term.length)
      guard (1...3).contains(needle.count), needle.allSatisfy({ $0 < 0x80 }), !term.anchoredStart,
        !term.anchoredEnd, term.kind == .contains || (term.kind == .wordStart && term.variant == .fold)
      else { return nil }
    }
    for term in plans {
      let sweep = Sweep(
        needle: Array(UnsafeBufferPointer(start: term.needle, count: term.length)),
        wordStart: term.kind == .wordStart)
      sweeps.append(sweep)
      let lead = ByteScanner.leadingWord(term.needle, count: term.length)
      terms.append(
        UnsafeTerm(
          shape: sweep.shape, view: term.variant == .fold || term.variant == .ci ? texts.fold : texts.cased,
          needleWord: lead.word, needleMask: lead.mask, negated: term.negated,
          hits: .allocate(capacity: 0)))
    }
  }

  deinit {
    for term in terms { term.hits.deallocate() }
  }

  /// Keeps, of `rows`' ids from position `start` on (rows of `block`, ascending), those that pass
  /// `filter`, whose clauses these are; false, having changed nothing, when a term's arena
  /// cannot be read around the block (at its edges).
  func keep(
    _ rows: UnsafeRowIDBuffer, from start: Int, block: Range<Int>, filter: UnsafeRowFilter,
    texts: UnsafeRowTexts
  )
    -> Bool
  {
    for index in terms.indices {
      let view = terms[index].view
      let first = view.start(block.lowerBound)
      let last = view.end(block.upperBound &- 1)
      guard first >= 3, last &+ 64 <= view.limit else { return false }
      let words = RowSweep<OneByteProbe>.hitWords(byteCount: last &- first)
      if words > terms[index].capacity {
        terms[index].hits.deallocate()
        terms[index].capacity = max(words, terms[index].capacity &* 2)
        terms[index].hits = .allocate(capacity: terms[index].capacity)
      }
      terms[index].origin = sweeps[index].mark(view, rows: block, hits: terms[index].hits)
    }
    terms.withUnsafeBufferPointer { terms in
      clauseEnds.withUnsafeBufferPointer { ends in
        rows.keep(from: start) { row in
          if !filter.isInScope(row) || !filter.fits(row) { return 0 }
          // A wide row's forms are not its bytes here: its own texts decide.
          if texts.isWide(row) { return filter.plan.matches(row, texts) ? 1 : 0 }
          var passes = 1
          var index = 0
          for end in ends {
            var any = 0
            while index < end {
              let found = terms[index].holds(row)
              any |= (found != 0) != terms[index].negated ? 1 : 0
              index &+= 1
            }
            passes &= any
          }
          return passes
        }
      }
    }
    return true
  }
}
