/// How the caller picks a column for a role (title or scope).
package enum ColumnChoice: Equatable, Sendable {
  /// Detect the column by its name (`name`/`title`, `category`/`type`/`kind`/`group`).
  case automatic
  /// The column with this name (case-insensitive when no column matches exactly).
  case named(String)
  /// No column: only meaningful for the scope, where it means no scope bar.
  case none
}
