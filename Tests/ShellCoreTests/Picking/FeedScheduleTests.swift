import Testing

@testable import ShellCore

/// When the picker's reader builds the table again: the first rows at once, rows grown
/// fourfold at once, other new rows after a wait of four builds' time (at least 50 ms), none
/// without rows.
struct FeedScheduleTests {
  static let ms: UInt64 = 1_000_000

  struct Case: Sendable, CustomTestStringConvertible {
    /// The last build: rows, when it ended and how long it took (ms); nil for none yet.
    let built: (rows: Int, end: UInt64, cost: UInt64)?
    let rows: Int
    let now: UInt64
    /// The wait (ms), or nil for nothing to build.
    let wait: UInt64?
    var testDescription: String { "built \(String(describing: built)), \(rows) rows at \(now) ms" }
  }

  static let cases: [Case] = [
    Case(built: nil, rows: 0, now: 0, wait: nil),
    Case(built: nil, rows: 1, now: 0, wait: 0),
    Case(built: (10, 1_000, 5), rows: 10, now: 5_000, wait: nil),
    Case(built: (10, 1_000, 5), rows: 40, now: 1_001, wait: 0),
    Case(built: (10, 1_000, 5), rows: 39, now: 1_001, wait: 49),
    // A cheap build: the shortest wait.
    Case(built: (10, 1_000, 5), rows: 11, now: 1_010, wait: 40),
    Case(built: (10, 1_000, 5), rows: 11, now: 1_050, wait: 0),
    // A build of 100 ms: the next waits 400 ms, unless the rows grew fourfold.
    Case(built: (1_000, 1_000, 100), rows: 3_999, now: 1_100, wait: 300),
    Case(built: (1_000, 1_000, 100), rows: 3_999, now: 1_400, wait: 0),
    Case(built: (1_000, 1_000, 100), rows: 4_000, now: 1_100, wait: 0),
  ]

  @Test(arguments: cases)
  func buildsWhenDue(_ example: Case) {
    var schedule = FeedSchedule()
    if let built = example.built {
      schedule.built(
        rows: built.rows, from: (built.end - built.cost) * Self.ms, to: built.end * Self.ms)
    }
    #expect(
      schedule.wait(rows: example.rows, now: example.now * Self.ms) == example.wait.map { $0 * Self.ms })
  }

  /// A fast input: the builds before the last hold at most a third of its rows (and a step).
  @Test func buildsBeforeTheLastAddUpToAThirdOfIt() {
    var schedule = FeedSchedule()
    var built = 0
    var last = 0
    for rows in stride(from: 1, through: 1_000_000, by: 997) where schedule.wait(rows: rows, now: 0) == 0 {
      schedule.built(rows: rows, from: 0, to: 0)
      built += rows
      last = rows
    }
    #expect(built - last <= last / 3 + 997)
  }
}
