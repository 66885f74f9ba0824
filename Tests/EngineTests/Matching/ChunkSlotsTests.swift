import EngineTestSupport
import Testing

@testable import Engine

/// `ChunkSlots`: the room a sample predicts for each chunk, and ids written within their rooms
/// (or outside the result, by a chunk that outgrew its room) moved together into one run.
struct ChunkSlotsTests {
  /// A result whose chunks have `rooms`; each finds `counts` ids, written from its room's start,
  /// or in memory of its own when they outgrow it.
  struct Layout: Sendable {
    let rooms: [Int]
    let counts: [Int]

    /// The run the chunks' ids come together into, and the ids expected.
    func moved() -> (run: [Int32], expected: [Int32]) {
      let capacity = max(1, counts.reduce(0, +), rooms.reduce(0, +))
      let output = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
      defer { output.deallocate() }
      output.initialize(repeating: -1, count: capacity)
      var own: [UnsafeMutablePointer<Int32>] = []
      defer { own.forEach { $0.deallocate() } }
      var runs: [UnsafeBufferPointer<Int32>] = []
      var expected: [Int32] = []
      var start = 0
      for (chunk, count) in counts.enumerated() {
        let ids = (0..<count).map { Int32(chunk * 1_000 + $0) }
        expected += ids
        var target = output + start
        if count > rooms[chunk] {
          // What a chunk wrote before it outgrew its room stays behind, to be overwritten.
          target.update(repeating: -2, count: rooms[chunk])
          target = .allocate(capacity: count)
          own.append(target)
        }
        target.update(from: ids, count: count)
        runs.append(UnsafeBufferPointer(start: target, count: count))
        start += rooms[chunk]
      }
      let total = ChunkSlots.moveTogether(runs, into: output, capacity: capacity)
      return (Array(UnsafeBufferPointer(start: output, count: total)), expected)
    }
  }

  static let layouts: [(String, Layout)] = [
    ("every room full", Layout(rooms: [4, 4, 4], counts: [4, 4, 4])),
    (
      "rooms a quarter used: every run moves down",
      Layout(rooms: [40, 40, 40, 40], counts: [10, 10, 10, 10])
    ),
    ("a chunk outgrew its room: the next move up", Layout(rooms: [5, 20, 20, 20], counts: [30, 2, 19, 20])),
    ("up and down in turn", Layout(rooms: [10, 10, 10, 10, 10], counts: [15, 1, 14, 2, 10])),
    ("every chunk outgrew its room", Layout(rooms: [1, 1, 1], counts: [3, 5, 2])),
    ("empty chunks", Layout(rooms: [0, 8, 0, 8], counts: [0, 3, 0, 8])),
    ("nothing found", Layout(rooms: [8, 8], counts: [0, 0])),
  ]

  @Test(arguments: layouts)
  func idsComeTogetherInChunkOrder(_ name: String, _ layout: Layout) {
    let moved = layout.moved()
    #expect(moved.run == moved.expected, "\(name)")
  }

  @Test func randomRoomsAndCountsComeTogether() {
    var random = SeededGenerator(seed: 33)
    for _ in 0..<500 {
      let chunks = Int.random(in: 1...9, using: &random)
      let rooms = (0..<chunks).map { _ in Int.random(in: 0...12, using: &random) }
      let counts = rooms.map { Int.random(in: 0...($0 + 6), using: &random) }
      let moved = Layout(rooms: rooms, counts: counts).moved()
      #expect(moved.run == moved.expected, "rooms \(rooms), counts \(counts)")
    }
  }

  @Test func roomFollowsTheSampleWithItsMargin() {
    // 256 samples of 2,048 rows read every eighth row; a quarter of them are found.
    let rows = 0..<2_048
    let quarter = ChunkSlots.room(rows, sampled: 256, slack: 100) { ($0 / 8) % 4 == 0 }
    // 64 found, two deviations of at most the root of 65 (rounded up: 9), then the slack.
    #expect(quarter == 2_048 * (64 + 2 * 9) / 256 + 100)
    #expect(ChunkSlots.room(rows, sampled: 256, slack: 100) { _ in true } == 2_048)
    #expect(ChunkSlots.room(rows, sampled: 256, slack: 100) { _ in false } == 2_048 * 2 / 256 + 100)
    // Fewer rows than samples: every row read, 3 found and two deviations of 2.
    #expect(ChunkSlots.room(0..<10, sampled: 256, slack: 0) { $0 < 3 } == 7)
    #expect(ChunkSlots.room(5..<5, sampled: 256, slack: 100) { _ in true } == 0)
  }

  @Test func roomsFollowEachOtherFromTheFirstSlot() {
    let layout = ChunkLayout(work: 100, threshold: 1, compact: nil)
    let slots = ChunkSlots(estimating: layout, sampled: 4, slack: 1) { $0 < 50 }
    #expect(slots.starts.first == 0)
    #expect(slots.starts.count == layout.count + 1)
    for chunk in 0..<layout.count {
      #expect(slots.room(of: chunk) <= layout.positions(of: chunk).count)
    }
    #expect(ChunkSlots(whole: layout).starts.last == 100)
  }
}
