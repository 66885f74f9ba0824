import Engine
import Tables

/// What the catalog says about a table without reading it: its row count (`reltuples`) and its
/// scope column's most common values (`pg_stats`), both as of the last `ANALYZE` (estimates).
///
/// A big table opens from these (no `count(*)`, no scan of the scope column); the exact count
/// follows behind the first page (`PostgresSearchRows`).
enum PostgresStatistics {
  /// The estimated rows of the relation `oid`: `reltuples` summed over the relations that hold
  /// its rows (itself, and its partitions and inheritance children, at any depth); the planner's
  /// estimate where the catalog does not know (a view, a relation never analyzed: `-1`).
  static func rows(oid: String, table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> Int
  {
    // A partitioned parent ('p') holds no rows of its own; a plain inheritance parent does.
    let catalog = try connection.run(
      PostgresStatement(
        "WITH RECURSIVE tree(oid) AS (SELECT $1::pg_catalog.oid UNION ALL SELECT i.inhrelid "
          + "FROM pg_catalog.pg_inherits i JOIN tree ON i.inhparent OPERATOR(pg_catalog.=) tree.oid) "
          + "SELECT pg_catalog.sum(c.reltuples)::pg_catalog.int8::pg_catalog.text, "
          + "pg_catalog.bool_or(c.reltuples OPERATOR(pg_catalog.<) 0)::pg_catalog.text "
          + "FROM tree JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) tree.oid "
          + "WHERE c.relkind OPERATOR(pg_catalog.=) ANY ('{r,m,f}'::pg_catalog.\"char\"[])",
        [oid]),
      about: table.name
    ).rows.first
    if let catalog, catalog[1] == "false", let rows = catalog[0].flatMap({ Int($0) }) { return max(0, rows) }
    let plan = try connection.run(
      PostgresStatement("EXPLAIN (FORMAT JSON) SELECT 1 FROM \(table.names.table)"), about: table.name
    ).scalar
    return plan.flatMap(PostgresBackend.planRows).map { max(0, $0) } ?? 0
  }

  /// The scope column's values the planner sampled (`pg_stats.most_common_vals`), most common
  /// first, ties in byte order; NULL and empty left out, as the scope bar leaves them.
  ///
  /// `complete` says the sample held no other value (every value is a most common one); nil
  /// when the column has no statistics (never analyzed).
  static func scopeValues(
    _ table: PostgresTable, _ connection: PostgresConnection, limit: Int
  ) throws(BackendError) -> (values: [String], complete: Bool)? {
    guard let scope = table.scope else { return ([], true) }
    // A parent's statistics over its children (inherited) come first when there are both.
    let rows = try connection.run(
      PostgresStatement(
        "WITH s AS (SELECT most_common_vals::pg_catalog.text::pg_catalog.text[] AS vals, most_common_freqs AS freqs, "
          + "n_distinct, null_frac FROM pg_catalog.pg_stats WHERE schemaname OPERATOR(pg_catalog.=) $1 "
          + "AND tablename OPERATOR(pg_catalog.=) $2 AND attname OPERATOR(pg_catalog.=) $3 "
          + "ORDER BY inherited DESC LIMIT 1) "
          + "SELECT u.v, (coalesce(pg_catalog.array_length(s.vals, 1), 0) OPERATOR(pg_catalog.>=) "
          + "CASE WHEN s.n_distinct OPERATOR(pg_catalog.<) 0 THEN 2147483647 ELSE s.n_distinct END)::pg_catalog.text "
          + "FROM s LEFT JOIN LATERAL ROWS FROM (pg_catalog.unnest(s.vals), pg_catalog.unnest(s.freqs)) AS u(v, f) ON true "
          + "ORDER BY u.f DESC, u.v COLLATE pg_catalog.\"C\" LIMIT $4",
        [table.schema, table.relation, scope, String(limit)]),
      about: table.name
    ).rows
    guard let first = rows.first else { return nil }
    let values = rows.compactMap { $0[0] }.filter { !$0.isEmpty }
    return (values, first[1] == "true")
  }
}
