/// `sort COL [desc], COL …`: the columns the table's rows are ordered by, first key first.
///
/// Part of what the session asks of its backend, so a backend over a database orders there;
/// the in-memory one sorts every row once per order (`RowOrder`). Rows equal on every key keep
/// the dataset's order.
package struct SortOrder: Equatable, Hashable, Sendable {
  /// One key: a column and its direction.
  package struct Key: Equatable, Hashable, Sendable {
    /// The dataset column sorted by.
    package var column: Int
    /// Whether the key is descending (empty cells still last).
    package var descending: Bool

    package init(column: Int, descending: Bool) {
      self.column = column
      self.descending = descending
    }
  }

  /// The keys, the first deciding first; never empty.
  package private(set) var keys: [Key]

  /// The order of `keys`; nil when there are none (no order).
  package init?(keys: [Key]) {
    guard !keys.isEmpty else { return nil }
    self.keys = keys
  }

  /// The order of one column.
  package init(column: Int, descending: Bool) {
    keys = [Key(column: column, descending: descending)]
  }
}
