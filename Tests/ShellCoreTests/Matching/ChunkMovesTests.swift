import Testing

@testable import ShellCore

/// `ChunkMoves`: chunks' ids written from their slots of one result, moved down into one run in
/// waves, against the plain concatenation of the chunks' ids.
struct ChunkMovesTests {
  /// A result of `capacity` ids split into slots, each chunk's ids from its slot's start (or, for
  /// the chunks in `outside`, in memory of their own).
  struct Layout {
    let capacity: Int
    let counts: [Int]
    let outside: Set<Int>

    /// Writes the chunks, moves them with `parallel`, and returns the run and the ids expected.
    func moved(parallel: Bool) -> (run: [Int32], expected: [Int32], moves: [ChunkMoves.Move]) {
      let output = UnsafeMutablePointer<Int32>.allocate(capacity: max(capacity, 1))
      defer { output.deallocate() }
      output.initialize(repeating: -1, count: max(capacity, 1))
      var own: [UnsafeMutablePointer<Int32>] = []
      defer { own.forEach { $0.deallocate() } }
      var runs: [UnsafeBufferPointer<Int32>] = []
      var expected: [Int32] = []
      for (chunk, count) in counts.enumerated() {
        let slot = capacity * chunk / counts.count
        let ids = (0..<count).map { Int32(truncatingIfNeeded: slot + $0) }
        expected += ids
        let target: UnsafeMutablePointer<Int32>
        if outside.contains(chunk) {
          target = .allocate(capacity: max(count, 1))
          own.append(target)
        } else {
          target = output + slot
        }
        target.update(from: ids, count: count)
        runs.append(UnsafeBufferPointer(start: target, count: count))
      }
      let (moves, total) = ChunkMoves.plan(runs, output: output, capacity: capacity)
      ChunkMoves.run(moves, into: output, parallel: parallel)
      return (Array(UnsafeBufferPointer(start: output, count: total)), expected, moves)
    }
  }

  static let layouts: [(name: String, layout: Layout)] = [
    ("a quarter of every slot", Layout(capacity: 800, counts: Array(repeating: 25, count: 8), outside: [])),
    ("every slot full", Layout(capacity: 80, counts: Array(repeating: 10, count: 8), outside: [])),
    ("empty chunks between", Layout(capacity: 180, counts: [0, 30, 0, 1, 30, 0], outside: [])),
    ("one chunk outside", Layout(capacity: 400, counts: [50, 10, 50, 50], outside: [1])),
    (
      "dense then sparse",
      Layout(capacity: 1_000, counts: [100, 99, 1, 0, 100, 100, 3, 100, 50, 100], outside: [])
    ),
    ("nothing", Layout(capacity: 100, counts: [0, 0, 0, 0], outside: [])),
  ]

  @Test(arguments: layouts)
  func movesIntoOneRun(name: String, layout: Layout) {
    for parallel in [false, true] {
      let moved = layout.moved(parallel: parallel)
      #expect(moved.run == moved.expected, "\(name), parallel: \(parallel)")
    }
  }

  @Test func aMoveWaitsWhileItWouldOverwriteIdsNotYetMoved() {
    // Slots of 100, 25 ids each: the fifth chunk's ids go to 100..<125, where the second's are.
    let moves = Layout(capacity: 800, counts: Array(repeating: 25, count: 8), outside: []).moved(
      parallel: true
    ).moves
    #expect(moves.map(\.destination) == [25, 50, 75, 100, 125, 150, 175])
    let fifth = moves.firstIndex { $0.destination == 100 }
    #expect(fifth.map { ChunkMoves.isReady($0, among: moves) } == false)
    #expect(ChunkMoves.isReady(0, among: moves))
    #expect(ChunkMoves.isReady(fifth.map { $0 + 1 } ?? 0, among: moves))
  }

  @Test func randomLayoutsMoveLikeTheConcatenation() {
    var random = SeededGenerator(seed: 25)
    for _ in 0..<300 {
      let chunks = Int.random(in: 1...12, using: &random)
      let slot = Int.random(in: 1...40, using: &random)
      let counts = (0..<chunks).map { _ in Int.random(in: 0...slot, using: &random) }
      let outside = Set((0..<chunks).filter { _ in Int.random(in: 0..<5, using: &random) == 0 })
      let layout = Layout(capacity: slot * chunks, counts: counts, outside: outside)
      let moved = layout.moved(parallel: true)
      #expect(moved.run == moved.expected, "\(counts), outside \(outside.sorted())")
    }
  }
}
