import Foundation

/// The matching rows one worker keeps when they print only after the input ends (a ranking, or
/// `--tac`): each row's bytes as printed, where it came in, and what the ranking compares.
///
/// Only matches are kept, never the input; what they take is charged to the load limit.
final class OneShotKept {
  /// The rows' bytes, one after another.
  private let bytes: UnsafeBlockBuffer
  /// How many bytes `bytes` holds.
  private var byteCount = 0
  /// Where each row ends in `bytes`.
  private var ends: [Int] = []
  /// Where each row came in: its block's ordinal, then its offset in the block (ascending).
  private var ordinals: [UInt64] = []
  /// Each row's fuzzy score (0 when not ranked).
  private(set) var scores: [Int32] = []
  /// Each row's length for the tiebreak.
  private(set) var lengths: [Int] = []

  /// Bytes a row costs besides its own: its end, ordinal, score and length.
  static let rowOverhead = 3 &* MemoryLayout<Int>.stride &+ MemoryLayout<Int32>.stride

  init() throws(SearchError) {
    bytes = try UnsafeBlockBuffer(capacity: 1 << 16)
  }

  /// How many rows are kept.
  var count: Int { ends.count }

  /// What the kept rows take, as charged to the limit.
  var heldBytes: Int { byteCount &+ count &* Self.rowOverhead }

  /// Keeps `row`, which came in at `ordinal` (after every row kept so far).
  func add(_ row: UnsafeBufferPointer<UInt8>, ordinal: UInt64, score: Int32, length: Int) throws(SearchError)
  {
    assert(ordinals.last.map { $0 < ordinal } ?? true, "kept rows come in the input's order")
    try bytes.reserve(byteCount &+ row.count)
    if let source = row.baseAddress { (bytes.pointer + byteCount).update(from: source, count: row.count) }
    byteCount &+= row.count
    ends.append(byteCount)
    ordinals.append(ordinal)
    scores.append(score)
    lengths.append(length)
  }

  /// Calls `body` with row `index`'s bytes.
  func withRow<Result>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(SearchError) -> Result
  ) throws(SearchError) -> Result {
    let start = index == 0 ? 0 : ends[index &- 1]
    return try body(UnsafeBufferPointer(start: bytes.pointer + start, count: ends[index] &- start))
  }

  /// The order the rows of `kept` (numbered store after store) print in: the input's, reversed
  /// with `reversed`, and with `ranks` best first as the engine ranks (score, then shorter, then
  /// that order).
  static func order(_ kept: [OneShotKept], ranks: Bool, reversed: Bool) -> [Int] {
    var order = merged(kept)
    if reversed { order.reverse() }
    guard ranks, order.count > 1, order.count < Int(Int32.max) else { return order }
    var starts: [Int] = [0]
    for store in kept { starts.append(starts[starts.count - 1] &+ store.count) }
    var scores: [Int32] = []
    var lengths: [Int] = []
    scores.reserveCapacity(order.count)
    lengths.reserveCapacity(order.count)
    for index in order {
      var store = 0
      while index >= starts[store &+ 1] { store &+= 1 }
      scores.append(kept[store].scores[index &- starts[store]])
      lengths.append(kept[store].lengths[index &- starts[store]])
    }
    // Ranked by their place in `order`, whose ascending numbers are the tiebreak's order.
    let ranked = RankSorter.sort(rows: (0..<Int32(order.count)).map { $0 }, scores: scores) {
      lengths[Int($0)]
    }
    return ranked.map { order[Int($0)] }
  }

  /// Every kept row (numbered store after store) in the input's order: the stores' rows merged
  /// by ordinal.
  private static func merged(_ kept: [OneShotKept]) -> [Int] {
    var starts: [Int] = [0]
    for store in kept { starts.append(starts[starts.count - 1] &+ store.count) }
    var next = [Int](repeating: 0, count: kept.count)
    var order: [Int] = []
    order.reserveCapacity(starts[starts.count - 1])
    while true {
      var best = -1
      for store in kept.indices where next[store] < kept[store].count {
        if best < 0 || kept[store].ordinals[next[store]] < kept[best].ordinals[next[best]] { best = store }
      }
      guard best >= 0 else { return order }
      order.append(starts[best] &+ next[best])
      next[best] &+= 1
    }
  }

  /// Checks that the rows are in the input's order and lie inside the bytes.
  func checkInvariants() {
    precondition(
      ends.count == ordinals.count && ends.count == scores.count && ends.count == lengths.count,
      "a kept row without all its fields")
    precondition(zip(ordinals, ordinals.dropFirst()).allSatisfy { $0 < $1 }, "kept rows out of order")
    precondition(zip([0] + ends, ends).allSatisfy { $0 <= $1 }, "a kept row ends before it starts")
    precondition((ends.last ?? 0) == byteCount && byteCount <= bytes.capacity, "kept bytes past their buffer")
    bytes.checkInvariants()
  }
}
