/// `filter COL = VALUE`: keeps the rows whose cell in one column is exactly one value.
///
/// Part of what the session asks of its backend (as the scope is), so a database filters
/// where the rows live; an empty value keeps the empty cells (a database's NULLs too).
package struct ColumnFilter: Equatable, Hashable, Sendable {
  /// The dataset column compared.
  package var column: Int
  /// The value a kept row's cell equals, byte for byte.
  package var value: String

  package init(column: Int, value: String) {
    self.column = column
    self.value = value
  }
}
