/// `count COL`: the values of a column over some rows, with how many rows hold each, most
/// frequent first and ties by value (byte order), one page of them.
package struct ValueCounts: Equatable, Sendable {
  /// One value and its row count.
  package struct Entry: Equatable, Sendable {
    /// The cell, raw (empty for an empty cell).
    package var value: String
    /// How many of the rows counted hold it.
    package var count: Int

    package init(value: String, count: Int) {
      self.value = value
      self.count = count
    }
  }

  /// The values asked for (a page), in order.
  package var entries: [Entry]
  /// The position of the first entry among all the values (from 0).
  package var first: Int
  /// How many distinct values the rows hold (a lower bound unless `isComplete`).
  package var distinct: Int
  /// How many rows were counted.
  package var rows: Int
  /// Whether every value was counted: false when more distinct values came than the counter
  /// keeps (`distinctLimit`), so `distinct` is a lower bound and later values are missing.
  package var isComplete: Bool

  package init(entries: [Entry], first: Int, distinct: Int, rows: Int, isComplete: Bool = true) {
    self.entries = entries
    self.first = first
    self.distinct = distinct
    self.rows = rows
    self.isComplete = isComplete
  }

  /// The most distinct values one count keeps in memory (their cells are not copied).
  package static let distinctLimit = 1 << 20
}
