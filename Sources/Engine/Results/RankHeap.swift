/// The best rows seen so far in rank order (higher score, shorter title, earlier row), at most
/// `limit` of them, in a heap whose root is the worst one kept.
struct RankHeap {
  /// A row's place in the rank order.
  struct Key {
    var score: Int32
    var length: Int
    var row: Int32

    /// Whether `self` comes before `other` in the rank order.
    @inline(__always)
    func ranksBefore(_ other: Key) -> Bool {
      if score != other.score { return score > other.score }
      if length != other.length { return length < other.length }
      return row < other.row
    }
  }

  /// The most rows kept.
  let limit: Int
  /// The kept rows; `keys[0]` ranks last among them.
  private(set) var keys: [Key] = []

  /// The floor the chunks of one ranking share, when there are several (nil: this heap alone).
  let shared: SharedRankFloor?

  init(limit: Int, shared: SharedRankFloor? = nil) {
    self.limit = limit
    self.shared = shared
    keys.reserveCapacity(limit)
  }

  /// Whether `limit` rows are kept, so a row must beat `root` to enter.
  var isFull: Bool { keys.count >= limit }
  /// The worst row kept (only when some row is).
  var root: Key { keys[0] }
  /// The root's score and title length once the heap is full (the lowest score and no length
  /// before): kept apart from `keys` so that a ranking loop tests each row against two values
  /// in registers instead of the array's first element.
  private(set) var floor: (score: Int32, length: Int) = (.min, 0)

  /// Whether a row of `score` whose title is `length` long (`TitleLengths`) could enter: it beats
  /// the root on score, or ties and has a shorter title (a later row of equal title ranks after
  /// the root), and does not score below another chunk's floor (`shared`).
  @inline(__always)
  func admits(score: Int32, length: Int) -> Bool {
    guard score > floor.score || (score == floor.score && length < floor.length) else { return false }
    // Below another chunk's floor the row ranks after that chunk's best rows.
    guard let shared else { return true }
    return score >= shared.score
  }

  /// Keeps a matching row if it is among the best `limit` so far, testing it against `floor`
  /// first (most rows of a long ranking are not).
  @inline(__always)
  mutating func consider(score: Int32, length: Int, row: Int) {
    if admits(score: score, length: length) {
      offer(Key(score: score, length: length, row: Int32(truncatingIfNeeded: row)))
    }
  }

  /// Keeps `key` if it is among the best `limit` so far.
  mutating func offer(_ key: Key) {
    guard limit > 0 else { return }
    defer {
      if isFull {
        floor = (keys[0].score, keys[0].length)
        shared?.raise(to: floor.score)
      }
    }
    if keys.count < limit {
      keys.append(key)
      var child = keys.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard keys[parent].ranksBefore(keys[child]) else { return }
        keys.swapAt(parent, child)
        child = parent
      }
      return
    }
    guard key.ranksBefore(keys[0]) else { return }
    keys[0] = key
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < keys.count else { return }
      var worse = left
      if left + 1 < keys.count, keys[left].ranksBefore(keys[left + 1]) { worse = left + 1 }
      guard keys[parent].ranksBefore(keys[worse]) else { return }
      keys.swapAt(parent, worse)
      parent = worse
    }
  }

  /// The best `limit` rows among several heaps' (one per chunk), best first.
  static func merged(_ heaps: [RankHeap], limit: Int) -> [Int32] {
    heaps.flatMap(\.keys).sorted { $0.ranksBefore($1) }.prefix(limit).map(\.row)
  }
}
