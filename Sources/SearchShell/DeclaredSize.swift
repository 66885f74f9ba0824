import Tables

/// The screen size output fits when it is not a terminal: `--cols` and `--rows`, else `COLUMNS`
/// and `LINES` (as ls, less and git read them), else none (80 columns, a page of 10 rows).
struct DeclaredSize: Equatable {
  var columns: Int?
  var rows: Int?

  /// The size from the flags, each falling back to its variable; a variable that is not a
  /// number in range is ignored, as ncurses ignores it.
  static func resolve(columns: Int?, rows: Int?, environment: [String: String]) -> DeclaredSize {
    DeclaredSize(
      columns: columns ?? environment["COLUMNS"].flatMap(number),
      rows: rows ?? environment["LINES"].flatMap(number))
  }

  /// The size handed to the session (a missing dimension is 80 columns or 24 lines), if any.
  var size: (width: Int, height: Int)? {
    guard columns != nil || rows != nil else { return nil }
    return (columns ?? 80, rows ?? 24)
  }

  /// `text` as a dimension: a whole number from 1 to `limit`.
  static func number(_ text: String) -> Int? {
    guard let value = Int(text), (1...limit).contains(value) else { return nil }
    return value
  }

  /// `--cols N` or `--rows N` read.
  static func parse(_ text: String, option: String) throws(Arguments.Failure) -> Int {
    guard let value = number(text) else {
      throw Arguments.Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '\(option)'. Expected a number from 1 to \(limit)")
    }
    return value
  }

  /// The largest size taken: past it a line or a page is a typo.
  static let limit = 1000
}
