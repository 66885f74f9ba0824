import Tables

/// A `fuzzy` result: its rows in row order with their scores, put in rank order only as far as
/// it is read.
///
/// The table shows a page, and the count needs no order: the first rows come from a selection
/// (`RankSorter.best`) and the whole order is sorted only when something reads past them (a
/// later page, `list all`, a script's `expect row`).
package final class RankedRows: Equatable {
  /// The matching rows as bits, when most rows match: their ids are listed only when read.
  let members: RowBitmap?
  /// The matching rows' ids, ascending, once known.
  private var listed: [Int32]?
  /// Each row's score, by position in `ascending`, once known.
  private var scores: [Int32]?
  /// Computes `scores` from `ascending`, when the search left them for later.
  private let scoring: (([Int32]) -> [Int32])?
  private let dataset: Dataset
  /// Which titles are plain (`TitleLengths`), when the engine knew.
  private let plain: UnsafePinnedBuffer<UInt64>?
  /// The thresholds its selection and sort split by.
  private let tuning: SearchTuning
  /// The first rows in rank order, before the whole order is known.
  private var top: [Int32] = []
  /// Every row in rank order, once something read past `top`.
  private var all: [Int32]?

  /// How many rows a selection takes at once: a few pages.
  static let topCount = 256

  /// The most bytes per row that ranking every row past `top` takes at once: the ids listed
  /// from bits, their scores, and the sort's keys, spares and result (`RankSorter`).
  static let orderBytesPerRow = 32

  init(
    ascending: [Int32], scores: [Int32], dataset: Dataset, plain: UnsafePinnedBuffer<UInt64>? = nil,
    tuning: SearchTuning = .standard
  ) {
    precondition(scores.count == ascending.count, "a score for every row")
    members = nil
    listed = ascending
    self.scores = scores
    self.dataset = dataset
    self.plain = plain
    self.tuning = tuning
    scoring = nil
  }

  /// A ranking whose first rows (`top`, at least `topCount` unless fewer matched) the search
  /// found, and whose other rows `scoring` scores when something reads past them.
  init(
    ascending: [Int32], top: [Int32], dataset: Dataset, plain: UnsafePinnedBuffer<UInt64>? = nil,
    tuning: SearchTuning = .standard, scoring: @escaping ([Int32]) -> [Int32]
  ) {
    members = nil
    listed = ascending
    self.top = top
    self.dataset = dataset
    self.plain = plain
    self.tuning = tuning
    self.scoring = scoring
  }

  /// A ranking of the rows of `bits` whose first rows are `top`, as `init(ascending:top:)` makes
  /// one; the ids are listed when something reads them (narrowing, the whole order).
  init(
    bits: RowBitmap, top: [Int32], dataset: Dataset, plain: UnsafePinnedBuffer<UInt64>? = nil,
    tuning: SearchTuning = .standard, scoring: @escaping ([Int32]) -> [Int32]
  ) {
    members = bits
    self.top = top
    self.dataset = dataset
    self.plain = plain
    self.tuning = tuning
    self.scoring = scoring
  }

  /// The matching rows, ascending (what narrowing reads).
  package var ascending: [Int32] {
    if let listed { return listed }
    let ids = members?.ids ?? []
    listed = ids
    return ids
  }

  /// How many rows matched.
  package var count: Int { members?.count ?? listed?.count ?? 0 }

  /// Row ids' worth of memory the ranking holds or will once read in full: its rows (as bits
  /// until listed), their scores and their order.
  var idsOfRoom: Int {
    guard let members else { return count &* 3 }
    return members.idsOfRoom &+ (listed == nil && all == nil ? 0 : count &* 3)
  }

  /// The same ranking (one search's), not an equal one.
  package static func == (left: RankedRows, right: RankedRows) -> Bool { left === right }

  /// The row at rank `index` (0-based).
  package subscript(index: Int) -> Int32 {
    if index < top.count { return top[index] }
    if all == nil, index < Self.topCount, count > 4 * Self.topCount, let scores {
      top = dataset.withStorage { bytes, offsets in
        let lengths = TitleLengths(dataset, bytes: bytes, offsets: offsets, plain: plain)
        return RankSorter.best(
          Self.topCount, rows: ascending, scores: scores, titleLength: lengths, threshold: tuning.ranking)
      }
      return top[index]
    }
    return ordered[index]
  }

  /// Every row in rank order.
  var ordered: [Int32] {
    if let all { return all }
    let known = scores ?? scoring?(ascending) ?? []
    scores = known
    let sorted = dataset.withStorage { bytes, offsets in
      let lengths = TitleLengths(dataset, bytes: bytes, offsets: offsets, plain: plain)
      return RankSorter.sort(
        rows: ascending, scores: known, radixFrom: tuning.radixSort, slicesFrom: tuning.sortSlices
      ) { lengths(Int($0)) }
    }
    all = sorted
    return sorted
  }
}
