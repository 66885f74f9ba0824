/// Where each chunk of a search writes its ids in the result, and how the ids then come together.
///
/// A chunk may match all its rows, so each used to write from its first row's slot, and moving
/// the ids together wrote pages no chunk had touched: under virtualisation each page's first
/// write is a fault of microseconds (a quarter of 10M rows, 5 ms on one thread). A large search
/// gives each chunk the room a sample of its rows predicts, with a margin, so the ids land near
/// where they end up; a chunk that outgrows its room continues in memory of its own.
struct ChunkSlots: Equatable {
  /// Each chunk's first slot, then one past the last chunk's room.
  let starts: [Int]

  /// The room each chunk's own rows (or candidates) need at most: `layout`'s positions.
  init(whole layout: ChunkLayout) {
    starts =
      (0..<layout.count).map { layout.positions(of: $0).lowerBound } + [
        layout.positions(of: layout.count - 1).upperBound
      ]
  }

  /// Room for what `sampled` evenly spread positions of each chunk predict, `matches` telling
  /// whether the row at a position is found: the share found, two standard deviations more and
  /// `slack` ids (a sweep reserves a block's worth before it writes), at most the chunk's size.
  init(estimating layout: ChunkLayout, sampled: Int, slack: Int, matches: (Int) -> Bool) {
    var starts = [0]
    for chunk in 0..<layout.count {
      let positions = layout.positions(of: chunk)
      starts.append(starts[chunk] &+ Self.room(positions, sampled: sampled, slack: slack, matches: matches))
    }
    self.starts = starts
  }

  /// The ids a chunk over `positions` is given room for.
  static func room(_ positions: Range<Int>, sampled: Int, slack: Int, matches: (Int) -> Bool) -> Int {
    let size = positions.count
    let samples = min(size, max(1, sampled))
    guard samples > 0 else { return 0 }
    var found = 0
    for index in 0..<samples where matches(positions.lowerBound &+ index &* size / samples) { found &+= 1 }
    // A binomial count's standard deviation is at most the root of its mean; one more keeps a
    // chunk whose sample found nothing from being given no room.
    let spread = 2 &* Int(Double(found &+ 1).squareRoot().rounded(.up))
    // `size` is a row count (below 2^32) and `found + spread` at most three times `samples`.
    let predicted = size &* (found &+ spread) / samples
    return min(size, predicted &+ slack)
  }

  /// The room of `chunk`.
  func room(of chunk: Int) -> Int { starts[chunk &+ 1] &- starts[chunk] }

  /// Moves the chunks' ids (`runs`, in chunk order) to one run from `output`, a result of
  /// `capacity` ids; returns how many there are.
  ///
  /// Ids move down or up by what the chunks before found against their room. Down in ascending
  /// order, then up in descending order, then the runs in memory of their own: no run's ids are
  /// overwritten before they move (every run in the result lies within its own room).
  static func moveTogether(
    _ runs: [UnsafeBufferPointer<Int32>], into output: UnsafeMutablePointer<Int32>, capacity: Int
  ) -> Int {
    var destinations: [Int] = []
    var total = 0
    for run in runs {
      destinations.append(total)
      total &+= run.count
    }
    let end = output + capacity
    let inside = runs.map { run in run.baseAddress.map { $0 >= output && $0 < end } ?? false }
    func move(_ index: Int) {
      guard let source = runs[index].baseAddress, source != output + destinations[index] else { return }
      UnsafeMutableRawPointer(output + destinations[index]).copyMemory(
        from: source, byteCount: runs[index].count &* MemoryLayout<Int32>.stride)
    }
    func movesDown(_ index: Int) -> Bool {
      guard let source = runs[index].baseAddress else { return false }
      return output + destinations[index] <= source
    }
    for index in runs.indices where inside[index] && movesDown(index) { move(index) }
    for index in runs.indices.reversed() where inside[index] && !movesDown(index) { move(index) }
    for index in runs.indices where !inside[index] { move(index) }
    return total
  }
}
