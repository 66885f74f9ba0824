/// `sort COL [desc]`: the column the table's rows are ordered by, and which way.
///
/// Part of what the session asks of its backend, so a backend over a database would order
/// there; the in-memory one sorts every row once per order (`RowOrder`).
package struct SortOrder: Equatable, Sendable {
  /// The dataset column sorted by.
  package var column: Int
  /// Whether the order is descending (empty cells still last).
  package var descending: Bool

  package init(column: Int, descending: Bool) {
    self.column = column
    self.descending = descending
  }
}
