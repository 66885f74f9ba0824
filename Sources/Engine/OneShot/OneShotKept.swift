import Foundation

/// The matching rows one worker keeps when they print only after the input ends (a ranking, or
/// `--tac`): each row's bytes as printed, where it came in, and what the ranking compares.
///
/// Only matches are kept, never the input; what they take is charged to the load limit. A row of
/// a mapped file is not copied: it is read from the mapping, which outlives the run. A value
/// with one owner (its worker) that adds to it; copies only read. Its fields are a value's, not
/// a class's: a row added cost several dynamic exclusivity checks as a class's arrays.
struct OneShotKept {
  /// One kept row.
  struct Row {
    /// Where it came in: its block's ordinal, then its offset in the block (ascending).
    var ordinal: UInt64
    /// Where its bytes start: an offset in the kept bytes, or for a borrowed row its address.
    var start: Int
    /// How many bytes it has.
    var count: Int
    /// Its fuzzy score (0 when not ranked).
    var score: Int32
    /// Its length for the tiebreak (at most `Int32.max`: rows are shorter than the load limit).
    var length: Int32
    /// Whether its bytes are the input's own (a mapped file), not a copy.
    var borrowed: Bool
  }

  /// Owns the copied rows' bytes, one after another.
  private let storage: UnsafeBlockBuffer
  /// `storage`'s pointer and room, read without going through the class per row.
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes the copied rows take.
  private var byteCount = 0
  /// The rows, in the input's order.
  private(set) var rows: [Row] = []

  /// Bytes a row costs besides its own.
  static let rowOverhead = MemoryLayout<Row>.stride

  init() throws(SearchError) {
    storage = try UnsafeBlockBuffer(capacity: 1 << 16)
    base = storage.pointer
    capacity = storage.capacity
  }

  /// What the kept rows take, as charged to the limit.
  var heldBytes: Int { byteCount &+ rows.count &* Self.rowOverhead }

  /// Keeps `row`, which came in at `ordinal` (after every row kept so far): its address when
  /// `borrowing` (the input's own bytes, alive to the end of the run), else a copy.
  mutating func add(
    _ row: UnsafeBufferPointer<UInt8>, ordinal: UInt64, score: Int32, length: Int, borrowing: Bool
  ) throws(SearchError) {
    assert(rows.last.map { $0.ordinal < ordinal } ?? true, "kept rows come in the input's order")
    let length = Int32(clamping: length)
    if borrowing, let source = row.baseAddress {
      let address = Int(bitPattern: UnsafeRawPointer(source))
      rows.append(
        Row(ordinal: ordinal, start: address, count: row.count, score: score, length: length, borrowed: true))
      return
    }
    let end = byteCount &+ row.count
    if end > capacity {
      try storage.reserve(end)
      (base, capacity) = (storage.pointer, storage.capacity)
    }
    if let source = row.baseAddress { (base + byteCount).update(from: source, count: row.count) }
    rows.append(
      Row(ordinal: ordinal, start: byteCount, count: row.count, score: score, length: length, borrowed: false)
    )
    byteCount = end
  }

  /// A row's bytes (valid while the owner keeps them, and the input for a borrowed row).
  func bytes(of row: Row) -> UnsafeBufferPointer<UInt8> {
    guard row.borrowed, let address = UnsafePointer<UInt8>(bitPattern: row.start) else {
      return UnsafeBufferPointer(start: base + row.start, count: row.count)
    }
    return UnsafeBufferPointer(start: address, count: row.count)
  }

  /// The rows of `kept` (their bytes) and the order they print in (indices into them; nil: as
  /// they stand): the input's, reversed with `reversed`, and with `ranks` best first as the
  /// engine ranks (score, then shorter, then that order).
  static func printOrder(
    _ kept: [OneShotKept], ranks: Bool, reversed: Bool
  ) -> (rows: [UnsafeBufferPointer<UInt8>], order: [Int32]?) {
    var (spans, scores, lengths) = merged(kept)
    if reversed {
      spans.reverse()
      scores.reverse()
      lengths.reverse()
    }
    guard ranks, spans.count > 1, spans.count < Int(Int32.max) else { return (spans, nil) }
    // Ranked by their place in `spans`, whose ascending numbers are the tiebreak's order.
    let ranked = RankSorter.sort(rows: (0..<Int32(spans.count)).map { $0 }, scores: scores) {
      Int(lengths[Int($0)])
    }
    return (spans, ranked)
  }

  /// Every kept row's bytes, score and length in the input's order: the stores merged by ordinal.
  private static func merged(_ kept: [OneShotKept]) -> ([UnsafeBufferPointer<UInt8>], [Int32], [Int32]) {
    let lists = kept.map(\.rows)
    let total = lists.reduce(0) { $0 &+ $1.count }
    var spans: [UnsafeBufferPointer<UInt8>] = []
    var scores: [Int32] = []
    var lengths: [Int32] = []
    spans.reserveCapacity(total)
    scores.reserveCapacity(total)
    lengths.reserveCapacity(total)
    var next = [Int](repeating: 0, count: lists.count)
    while spans.count < total {
      var best = -1
      for store in lists.indices where next[store] < lists[store].count {
        if best < 0 || lists[store][next[store]].ordinal < lists[best][next[best]].ordinal { best = store }
      }
      let row = lists[best][next[best]]
      spans.append(kept[best].bytes(of: row))
      scores.append(row.score)
      lengths.append(row.length)
      next[best] &+= 1
    }
    return (spans, scores, lengths)
  }

  /// Checks that the rows are in the input's order and the copied ones lie back to back inside
  /// the bytes.
  func checkInvariants() {
    precondition(zip(rows, rows.dropFirst()).allSatisfy { $0.ordinal < $1.ordinal }, "kept rows out of order")
    let copied = rows.filter { !$0.borrowed }
    precondition(
      zip(copied, copied.dropFirst()).allSatisfy { $0.start &+ $0.count == $1.start },
      "copied rows not back to back")
    precondition(
      copied.reduce(0) { $0 &+ $1.count } == byteCount && byteCount <= capacity,
      "kept bytes past their buffer")
    precondition(
      base == storage.pointer && capacity == storage.capacity, "kept bytes moved without their owner")
    storage.checkInvariants()
  }
}
