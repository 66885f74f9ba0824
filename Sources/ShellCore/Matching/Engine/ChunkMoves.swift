/// Moves the chunks' ids, each written from its first row's slot of one result, down into one run.
///
/// A move writes pages of the result that no chunk touched, and under virtualisation each first
/// write to a page costs microseconds: a quarter of 10M rows took 5 ms on one thread. Moves run on
/// every core in waves, a move joining a wave once no other chunk's ids still wait where it writes.
enum ChunkMoves {
  /// One chunk's ids: where they are and where they go (offsets in ids from the result's start;
  /// `source` is nil when the ids are in memory of their own).
  struct Move: Equatable {
    var source: Int?
    var pointer: UnsafePointer<Int32>
    var destination: Int
    var count: Int
  }

  /// Moves `parts`' ids to one run from `output`, a result of `capacity` ids; returns the count.
  ///
  /// Fewer than `parallelFrom` ids move on this thread, in order.
  static func together(
    _ parts: [ChunkResult], into output: UnsafeMutablePointer<Int32>, capacity: Int, parallelFrom: Int
  ) -> Int {
    let (moves, total) = plan(
      parts.filter { !$0.cancelled }.map(\.rows.buffer), output: output, capacity: capacity)
    run(moves, into: output, parallel: total >= parallelFrom)
    return total
  }

  /// The moves of `runs` (in order) that change anything, and the ids in all.
  static func plan(
    _ runs: [UnsafeBufferPointer<Int32>], output: UnsafeMutablePointer<Int32>, capacity: Int
  ) -> (moves: [Move], total: Int) {
    var moves: [Move] = []
    var total = 0
    let start = Int(bitPattern: output)
    let end = start &+ capacity &* MemoryLayout<Int32>.stride
    for run in runs {
      guard let base = run.baseAddress, run.count > 0 else { continue }
      let address = Int(bitPattern: base)
      // Ids in the result itself move within it; ids elsewhere (a chunk that outgrew its slot)
      // are only read.
      let inside = address >= start && address < end
      let source = inside ? (address &- start) / MemoryLayout<Int32>.stride : nil
      if source != total {
        moves.append(Move(source: source, pointer: base, destination: total, count: run.count))
      }
      total &+= run.count
    }
    return (moves, total)
  }

  /// Carries out `moves`: in waves on every core when `parallel`, else in order.
  static func run(_ moves: [Move], into output: UnsafeMutablePointer<Int32>, parallel: Bool) {
    var pending = moves
    while parallel, pending.count > 1 {
      let ready = pending.indices.filter { index in isReady(index, among: pending) }
      // The lowest pending move is always ready (every id moves down); in order is always safe.
      guard !ready.isEmpty else { break }
      let wave = ready.map { pending[$0] }
      Parallel.forEach(wave.count) { slot in copy(wave[slot], into: output) }
      let moved = Set(ready)
      pending = pending.indices.filter { !moved.contains($0) }.map { pending[$0] }
    }
    for move in pending { copy(move, into: output) }
  }

  /// Whether the move at `index` writes where no other pending move's ids still wait.
  static func isReady(_ index: Int, among pending: [Move]) -> Bool {
    let written = pending[index].destination..<pending[index].destination &+ pending[index].count
    return pending.indices.allSatisfy { other in
      guard other != index, let source = pending[other].source else { return true }
      return !written.overlaps(source..<source &+ pending[other].count)
    }
  }

  private static func copy(_ move: Move, into output: UnsafeMutablePointer<Int32>) {
    UnsafeMutableRawPointer(output + move.destination).copyMemory(
      from: move.pointer, byteCount: move.count &* MemoryLayout<Int32>.stride)
  }
}
