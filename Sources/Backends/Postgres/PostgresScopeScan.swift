import Engine
import Tables

/// A big table's scope values read exactly, when a btree index leads with the scope column: a
/// loose index scan (a recursive query that jumps from each value to the next through the
/// index) reads one index probe per distinct value, a few milliseconds even at 100M rows, where
/// `DISTINCT` would read every row.
enum PostgresScopeScan {
  /// Whether a valid, non-partial btree index on the table has the scope column first.
  static func hasIndex(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError) -> Bool
  {
    guard let scope = table.scope else { return false }
    let found = try connection.run(
      PostgresStatement(
        "SELECT 1 FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) i.indexrelid "
          + "JOIN pg_catalog.pg_am m ON m.oid OPERATOR(pg_catalog.=) c.relam "
          + "JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) i.indrelid "
          + "AND a.attnum OPERATOR(pg_catalog.=) i.indkey[0] "
          + "WHERE i.indrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid AND a.attname OPERATOR(pg_catalog.=) $2 "
          + "AND m.amname OPERATOR(pg_catalog.=) 'btree' AND i.indisvalid AND i.indpred IS NULL LIMIT 1",
        [table.oid, scope]),
      about: table.name)
    return !found.rows.isEmpty
  }

  /// Every scope value (NULL and empty left out, as the bar leaves them), by a loose index scan
  /// in the index's order; nil when there are more than `limit`.
  static func values(_ table: PostgresTable, _ connection: PostgresConnection, limit: Int)
    throws(BackendError)
    -> [String]?
  {
    guard let scope = table.names.scope else { return [] }
    let relation = table.names.table
    // Each step is one index probe: the smallest value above the last one.
    let rows = try connection.run(
      PostgresStatement(
        "WITH RECURSIVE v(s) AS ((SELECT \(scope) FROM \(relation) WHERE \(scope) IS NOT NULL "
          + "ORDER BY \(scope) LIMIT 1) UNION ALL SELECT (SELECT \(scope) FROM \(relation) "
          + "WHERE \(scope) OPERATOR(pg_catalog.>) v.s ORDER BY \(scope) LIMIT 1) FROM v WHERE v.s IS NOT NULL) "
          + "SELECT s::pg_catalog.text FROM v WHERE s IS NOT NULL LIMIT $1",
        [String(limit.addingReportingOverflow(1).overflow ? limit : limit + 1)]),
      about: table.name
    ).rows
    guard rows.count <= limit else { return nil }
    return rows.compactMap { $0[0] }.filter { !$0.isEmpty }
  }

  /// `exact`, the sample's values first in the sample's order (most common first), then the
  /// others in the index's order: the bar reads as the estimate's did, the rare values after.
  static func ordered(_ exact: [String], sample: [String]) -> [String] {
    let present = Set(exact)
    let first = sample.filter { present.contains($0) }
    let shown = Set(first)
    return first + exact.filter { !shown.contains($0) }
  }
}
