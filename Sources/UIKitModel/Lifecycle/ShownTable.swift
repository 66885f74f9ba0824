/// Which list the user sees: the full list or the filtered one.
public enum ShownTable: String, Equatable, Sendable {
  /// The full list (the presenting table with every row).
  case main
  /// The filtered list (the inline table filtered, or a separate results table).
  case results
}
