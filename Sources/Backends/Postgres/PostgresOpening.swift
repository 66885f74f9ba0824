import Engine
import Tables

/// Opens a table in PostgreSQL as a dataset and the backend that searches it (`load
/// postgres://…`, `--dataset`).
///
/// The dataset the session reads holds the columns and the scope bar and no rows; the backend
/// reads them. A small table's scope values come in order of their first row, as a file's do; a
/// big one's from the planner's statistics, most common first.
package enum PostgresOpening {
  /// A table opened: its dataset, its backend and the notes on it.
  package struct Opened {
    /// The columns and the scope bar, no rows.
    package let dataset: Dataset
    /// What searches the table.
    package let backend: any SearchBackend
    /// One-line notes on the table (a key that is not unique).
    package let warnings: [String]
  }

  /// Whether `target` names a table in PostgreSQL.
  package static func isDatabase(_ target: String) -> Bool { PostgresURL.isPostgresURL(target) }

  /// Below this many estimated rows a table is counted and its scope values read exactly at
  /// open (a few milliseconds); above it both come from the catalog, marked as estimates.
  package static let exactLimit = 100_000

  /// Connects to the table `url` names, describes it and reads its row count and scope values.
  ///
  /// A small table is counted exactly; a big one opens from the catalog's statistics (no
  /// `count(*)`, no scan), its exact count following behind the first page. `interruption`
  /// (Ctrl-C) stops any wait; `onStatement` sees every statement sent (tests).
  package static func open(
    _ url: PostgresURL, timeouts: PostgresTimeouts = PostgresTimeouts(),
    interruption: SearchCancellation? = nil,
    exactLimit: Int = exactLimit, onStatement: ((String) -> Void)? = nil
  ) throws(BackendError) -> Opened {
    let backend = try PostgresBackend(
      url: url, timeouts: timeouts, interruption: interruption, onStatement: onStatement)
    let table = backend.table
    let estimate = table.estimatedRows
    var warnings = [backend.table.orderWarning, backend.warning].compactMap { $0 }
    let dataset: Dataset
    let total: Int?
    if estimate < exactLimit {
      total =
        try backend.connection.run(
          PostgresStatement("SELECT pg_catalog.count(*) FROM \(table.names.table)"), about: table.name
        ).scalar.flatMap { Int($0) } ?? 0
      dataset = try shell(of: backend, url: url, titles: try firstScopeValues(of: backend))
    } else {
      total = nil
      let sampled = try PostgresStatistics.scopeValues(table, backend.connection, limit: scopeLimit)
      if let exact = try indexedScopeValues(of: backend) {
        let titles = PostgresScopeScan.ordered(exact, sample: sampled?.values ?? [])
        dataset = try shell(of: backend, url: url, titles: titles)
      } else {
        // A sample's values are estimates: a rare value may be missing even when it looks complete.
        if let scope = table.scope {
          warnings.append(
            sampled == nil
              ? "the scope bar shows only All: \(scope) has no statistics yet (ANALYZE \(table.name) gathers them)"
              : "the scope bar holds the values of \(scope) in the planner's sample (ANALYZE's), most common "
                + "first: "
                + (sampled?.complete == true ? "a rare value may be missing" : "others are left out"))
        }
        dataset = try shell(of: backend, url: url, titles: sampled?.values ?? [])
      }
    }
    let searching = PostgresSearchBackend(
      backend: backend, dataset: dataset, rowCount: total ?? estimate, rowCountIsExact: total != nil)
    return Opened(dataset: dataset, backend: searching, warnings: warnings)
  }

  /// The scope values read exactly through an index on the scope column (a loose index scan).
  ///
  /// Nil without such an index, past `scopeLimit` values, or when the scan fails or times out
  /// (the sample's bar then stays, with its warning). Ctrl-C still stops the open.
  static func indexedScopeValues(of backend: PostgresBackend) throws(BackendError) -> [String]? {
    guard backend.table.scope != nil else { return nil }
    do throws(BackendError) {
      guard try PostgresScopeScan.hasIndex(backend.table, backend.connection) else { return nil }
      return try PostgresScopeScan.values(backend.table, backend.connection, limit: scopeLimit)
    } catch {
      if case .databaseQueryCancelled = error { throw error }
      if case .databaseConnectionLost = error { throw error }
      return nil
    }
  }

  /// The most scope values the bar holds.
  static let scopeLimit = Int(UInt16.max) - 1

  /// The scope column's values in order of their first row, as a file's are (a scan of the
  /// table: only for small ones).
  static func firstScopeValues(of backend: PostgresBackend) throws(BackendError) -> [String] {
    let table = backend.table
    guard let scope = table.names.scope else { return [] }
    // Each value's first row in table order: DISTINCT ON needs only the key's sort order (no
    // min(), which uuid and other key types lack).
    let order = PostgresSearchSQL.orderBy(table.names)
    let tiebreak = table.names.tiebreak?.column ?? "NULL"
    let values = try backend.connection.run(
      PostgresStatement(
        "SELECT s FROM (SELECT DISTINCT ON (s) \(scope)::pg_catalog.text AS s, \(table.names.order) AS m, "
          + "\(tiebreak) AS t FROM \(table.names.table) WHERE \(scope) IS NOT NULL "
          + "AND \(scope)::pg_catalog.text OPERATOR(pg_catalog.<>) '' ORDER BY s, \(order)) AS firsts "
          + "ORDER BY m, t LIMIT $1",
        [String(scopeLimit)]),
      about: table.name)
    return values.rows.compactMap { $0[0] }
  }

  /// The dataset the session reads: the table's columns and scope bar (`titles` after All), no rows.
  static func shell(of backend: PostgresBackend, url: PostgresURL, titles: [String]) throws(BackendError)
    -> Dataset
  {
    let table = backend.table
    let builder = DatasetBuilder(columns: table.columns)
    return builder.build(
      name: Sanitizer.printable(table.name), source: .database(url.display),
      titleColumn: table.columns.firstIndex(of: table.title) ?? 0,
      scopeColumn: table.scope.flatMap { table.columns.firstIndex(of: $0) }, scopeTitles: ["All"] + titles,
      presets: DatasetPresets(title: Sanitizer.printable(table.name)))
  }
}
