import Backends

extension OptionRegistry {
  /// The value of a `timeout-KIND` option that leaves the timeout to the session's own
  /// `statement_timeout`, else the shell's default.
  static let automaticTimeout = "auto"

  /// `timeout-open`, `timeout-page`, `timeout-count`, `timeout-export`, `timeout-prepare`: a
  /// PostgreSQL table's statement timeout for each kind of work.
  static let databaseTimeouts: [ShellOption] = PostgresWork.allCases.map { work in
    let name = "timeout-" + work.rawValue
    let standard = PostgresTimeouts.shown(PostgresTimeouts.defaults[work] ?? 0)
    return ShellOption(
      name: name, values: "SECONDS|Nms|Nmin|off|auto",
      abstract: "PostgreSQL: the statement timeout of \(Self.timedWork[work] ?? work.rawValue) "
        + "(auto: the session's statement_timeout, else \(standard))",
      choices: ["auto", "off"],
      get: { session in
        session.screen.settings.databaseTimeouts.chosen[work].map(PostgresTimeouts.shown) ?? automaticTimeout
      },
      set: { session, value throws(ShellError) in
        if value == automaticTimeout {
          session.screen.settings.databaseTimeouts.chosen[work] = nil
        } else if let milliseconds = PostgresTimeouts.parse(value) {
          session.screen.settings.databaseTimeouts.chosen[work] = milliseconds
        } else {
          throw .invalidValue(
            option: name, value: value,
            allowed: "seconds ('30', '30s'), '500ms', '2min', 'off' or 'auto' (up to 2147483647ms)")
        }
        session.databaseBackend?.connection.timeouts.chosen = session.screen.settings.databaseTimeouts.chosen
      }
    ).reaching(.session) { _ in automaticTimeout }
  }

  /// What each kind of work is, as the options' lines say it.
  static let timedWork: [PostgresWork: String] = [
    .open: "opening a table (the catalog, the scope values)",
    .page: "a page of rows",
    .count: "an exact count",
    .export: "export and list all",
    .prepare: "prepare",
  ]
}

extension Session {
  /// The PostgreSQL table on screen, if the dataset is one.
  var databaseBackend: PostgresBackend? { (screen.backend as? PostgresSearchBackend)?.backend }

  /// Runs `body` with a PostgreSQL table's statements timed as an export (`timeout-export`).
  func asExport<Result>(_ body: () throws(ShellError) -> Result) throws(ShellError) -> Result {
    guard let connection = databaseBackend?.connection else { return try body() }
    return try connection.holding(.export, body)
  }
}
