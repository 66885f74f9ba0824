import Engine
import Tables

/// Opens a table in PostgreSQL as a dataset and the backend that searches it (`load
/// postgres://…`, `--dataset`).
///
/// The dataset the session reads holds the columns and the scope bar (its values in order of
/// their first row, as a file's are) and no rows; the backend reads them.
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

  /// Connects to the table `url` names, describes it and reads its row count and scope values.
  package static func open(_ url: PostgresURL, timeouts: PostgresTimeouts = PostgresTimeouts())
    throws(BackendError) -> Opened
  {
    let backend = try PostgresBackend(url: url, timeouts: timeouts)
    let table = backend.table
    let total =
      try backend.connection.run(
        PostgresStatement("SELECT pg_catalog.count(*) FROM \(table.names.table)"), about: table.name
      ).scalar.flatMap { Int($0) } ?? 0
    let dataset = try shell(of: backend, url: url)
    let searching = PostgresSearchBackend(backend: backend, dataset: dataset, rowCount: total)
    return Opened(
      dataset: dataset, backend: searching,
      warnings: [backend.table.orderWarning, backend.warning].compactMap { $0 })
  }

  /// The dataset the session reads: the table's columns and scope bar, no rows.
  static func shell(of backend: PostgresBackend, url: PostgresURL) throws(BackendError) -> Dataset {
    let table = backend.table
    var titles = ["All"]
    if let scope = table.names.scope {
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
          [String(Int(UInt16.max) - 1)]),
        about: table.name)
      titles += values.rows.compactMap { $0[0] }
    }
    let builder = DatasetBuilder(columns: table.columns)
    return builder.build(
      name: Sanitizer.printable(table.name), source: .database(url.display),
      titleColumn: table.columns.firstIndex(of: table.title) ?? 0,
      scopeColumn: table.scope.flatMap { table.columns.firstIndex(of: $0) }, scopeTitles: titles,
      presets: DatasetPresets(title: Sanitizer.printable(table.name)))
  }
}
