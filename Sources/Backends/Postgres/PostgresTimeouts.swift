import Engine

/// The kinds of work the shell gives a statement timeout of its own (`set timeout-KIND`).
package enum PostgresWork: String, CaseIterable, Sendable {
  /// Opening a table: the catalog, the scope values, the row count.
  case open
  /// A page of rows, its estimate, a row's cells.
  case page
  /// An exact count (behind the first page, `status`, `expect count`).
  case count
  /// `export` and `list all`: every row of the table on screen.
  case export
  /// `prepare` and `prepare undo`.
  case prepare
}

/// The statement timeout of each kind of work: the user's `set timeout-KIND`, else the
/// `statement_timeout` the user gave the session (`options=-c statement_timeout=…` in the URL,
/// `PGOPTIONS`, `ALTER ROLE`/`ALTER DATABASE … SET`), else the shell's default for the kind.
package struct PostgresTimeouts: Equatable, Sendable {
  /// The shell's defaults, in milliseconds (0: none).
  ///
  /// Catalog reads take milliseconds, but
  /// opening may still scan for the scope values; a page waits on a keystroke and bounds a plan
  /// gone wrong; a count is an answer asked for and may scan the table; an export and `prepare`
  /// last as long as the table is big (Ctrl-C stops them), and a `prepare` stopped by a timeout
  /// leaves an invalid index behind.
  package static let defaults: [PostgresWork: Int] = [
    .open: 30_000, .page: 30_000, .count: 120_000, .export: 0, .prepare: 0,
  ]
  /// The largest `statement_timeout` PostgreSQL takes (an `int` of milliseconds).
  static let largest = Int(Int32.max)

  /// What the user chose with `set timeout-KIND` (milliseconds, 0: none).
  package var chosen: [PostgresWork: Int] = [:]
  /// The session's own `statement_timeout` when the user set it (not the server's default).
  var session: Int?

  /// The shell's defaults, nothing chosen.
  package init(chosen: [PostgresWork: Int] = [:]) {
    self.chosen = chosen
  }

  /// The timeout for `work`, in milliseconds (0: none).
  func milliseconds(for work: PostgresWork) -> Int {
    chosen[work] ?? session ?? Self.defaults[work] ?? 0
  }

  /// `milliseconds` as `set` shows it: `30s`, `1500ms`, `off`.
  package static func shown(_ milliseconds: Int) -> String {
    if milliseconds == 0 { return "off" }
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
  }

  /// A timeout as typed: `30`, `30s`, `500ms`, `2min`, `off` or `0`; nil for anything else (or
  /// more than PostgreSQL takes).
  package static func parse(_ text: String) -> Int? {
    if text == "off" { return 0 }
    let digits = text.unicodeScalars.prefix { $0.properties.numericType == .decimal && $0.isASCII }
    guard !digits.isEmpty, digits.count <= 10, let number = Int(String(String.UnicodeScalarView(digits)))
    else { return nil }
    let unit = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(digits.count)))
    let scale: Int
    switch unit {
    case "ms": scale = 1
    case "", "s": scale = 1000
    case "min": scale = 60_000
    default: return nil
    }
    let (value, overflow) = number.multipliedReportingOverflow(by: scale)
    return overflow || value > largest ? nil : value
  }
}
