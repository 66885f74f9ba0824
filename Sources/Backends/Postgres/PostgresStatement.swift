/// One SQL statement and its parameters: every value travels as a `$n` parameter, never in `sql`.
package struct PostgresStatement: Equatable, Sendable {
  /// The SQL text: keywords, quoted identifiers, `$1`… placeholders and constants of the shell's own.
  var sql: String
  /// The values of `$1`, `$2`, … as text (the server converts them to the column's type).
  var parameters: [String]

  /// `sql` with `parameters`.
  package init(_ sql: String, _ parameters: [String] = []) {
    self.sql = sql
    self.parameters = parameters
  }

  /// Adds `value` as the next parameter and returns its placeholder (`$n`).
  mutating func bind(_ value: String) -> String {
    parameters.append(value)
    return "$\(parameters.count)"
  }
}

/// The rows a statement returned, as text (nil for SQL NULL).
package struct PostgresRows: Equatable, Sendable {
  /// The column names, in order.
  var columns: [String]
  /// Each row's values, one per column.
  var rows: [[String?]]

  /// The value of the first row's first column, if any (a `count(*)`, a `SHOW`).
  var scalar: String? { rows.first?.first ?? nil }
}
