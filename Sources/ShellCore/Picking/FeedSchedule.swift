/// When the picker's reader builds the table again from the rows read so far.
///
/// The first rows are built at once, so the first screen shows as soon as they arrive. Then a
/// table is built when the rows have grown fourfold since the last one (the builds before the
/// last add up to a third of it: with the last, at most about twice one build of the whole
/// input), or when rows have waited long enough: at least `shortestWait`, and four times what
/// the last build took, so a slow producer's rows show within a moment while rebuilding takes
/// at most a fifth of the time.
struct FeedSchedule: Equatable {
  /// How many rows the last table held.
  private(set) var builtRows = 0
  /// When the last table was built, and how long that took (nanoseconds).
  private var builtAt: UInt64 = 0
  private var buildCost: UInt64 = 0
  /// How many times the rows grow before they are built again without waiting.
  static let growth = 4
  /// The shortest wait between two builds for rows that did not grow so (nanoseconds).
  static let shortestWait: UInt64 = 50_000_000

  /// How long until `rows` read by `now` are to be built: 0 at once, nil while none is new.
  func wait(rows: Int, now: UInt64) -> UInt64? {
    guard rows > builtRows else { return nil }
    if builtRows == 0 || rows / Self.growth >= builtRows { return 0 }
    let (cost, overflow) = buildCost.multipliedReportingOverflow(by: 4)
    let due = builtAt &+ max(Self.shortestWait, overflow ? .max / 2 : cost)
    return due > now ? due - now : 0
  }

  /// Notes a table of `rows` built from `start` to `end`.
  mutating func built(rows: Int, from start: UInt64, to end: UInt64) {
    builtRows = rows
    builtAt = end
    buildCost = end > start ? end - start : 0
  }
}
