import Engine
import Tables

/// The gram count table `prepare` builds: how many rows' folded text holds each 1-, 2- and
/// 3-character gram, over all rows (scope NULL) and per value of the scope column.
///
/// Trigram indexes cannot serve terms under three characters, so their exact count is a full
/// scan; this table answers them in one lookup. Its row with the empty gram records the scope
/// column it was built for and the row count, and says the counts are current: a statement-level
/// trigger on the table deletes that row on any write (`INSERT`, `UPDATE`, `DELETE`,
/// `TRUNCATE`), committed with the write, so a changed table's counts are only estimates until
/// the next `prepare`. The trigger's function is `SECURITY DEFINER`: writers need no rights on
/// the count table.
enum PostgresGrams {
  /// The longest gram counted (in Unicode scalars of the fold form).
  static let longest = 3
  /// The trigger function `prepare` installs in the table's schema (shared by its tables).
  static let staleFunction = "searchshell_grams_stale"
  /// The trigger on the table.
  static let trigger = "searchshell_grams_stale"

  /// The count table's unqualified name for the table with object id `oid`.
  static func tableName(oid: String) -> String { "searchshell_grams_\(oid)" }

  /// The count table's quoted, schema-qualified name.
  static func quotedTable(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> String
  {
    try connection.quotedIdentifier(table.schema) + "."
      + connection.quotedIdentifier(tableName(oid: table.oid))
  }

  /// What a lookup found: the gram's count, and whether it is exact (the table unchanged since).
  struct Lookup: Equatable, Sendable {
    var count: Int
    var isCurrent: Bool
  }

  /// The single term `query` counts rows of, when the count table can answer it: one positive,
  /// unanchored fold-form `contains` term of 1-3 scalars.
  static func gram(of query: ParsedQuery) -> String? {
    guard query.clauses.count == 1, query.clauses[0].count == 1 else { return nil }
    let term = query.clauses[0][0]
    guard term.variant == .fold, term.kind == .contains, !term.negated, !term.anchoredStart,
      !term.anchoredEnd, (1...longest).contains(term.needle.unicodeScalars.count),
      !term.needle.unicodeScalars.contains("\u{0}")
    else { return nil }
    return term.needle
  }

  /// The count of rows holding `gram` in `scope` (nil: all rows); nil when the count table
  /// cannot tell (no table, or a scope while the counts are not current or were built for
  /// another scope column).
  static func lookup(
    _ gram: String, scope: String?, table: PostgresTable, _ connection: PostgresConnection,
    cancellation: SearchCancellation?
  ) throws(BackendError) -> Lookup? {
    guard table.hasGrams else { return nil }
    let counts = try quotedTable(table, connection)
    // Parameters cannot be NULL: a flag says whether a scope (column) is given.
    let eq = "OPERATOR(pg_catalog.=)"
    let row = try connection.run(
      PostgresStatement(
        "SELECT coalesce((SELECT n FROM \(counts) WHERE gram \(eq) $1 AND "
          + "CASE WHEN $2::pg_catalog.text \(eq) '1' THEN scope \(eq) $3 ELSE scope IS NULL END), 0)::pg_catalog.text, "
          + "EXISTS (SELECT 1 FROM \(counts) WHERE gram \(eq) ''), "
          + "EXISTS (SELECT 1 FROM \(counts) WHERE gram \(eq) '' AND "
          + "CASE WHEN $4::pg_catalog.text \(eq) '1' THEN scope \(eq) $5 ELSE scope IS NULL END)",
        [gram, scope == nil ? "0" : "1", scope ?? "", table.scope == nil ? "0" : "1", table.scope ?? ""]),
      about: table.name, cancellation: cancellation
    ).rows.first
    guard let row, let count = row[0].flatMap({ Int($0) }) else { return nil }
    let isCurrent = row[1] == "t"
    // Per-scope counts are only known to be for this scope column while the marker says so.
    if scope != nil, row[2] != "t" { return nil }
    return Lookup(count: count, isCurrent: isCurrent)
  }

  /// The statements that build the count table and its trigger for `table` (prepared: its
  /// folded column exists); the previous counts, if any, are dropped first.
  static func build(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> [PostgresStatement]
  {
    let counts = try quotedTable(table, connection)
    let folded = try connection.quotedIdentifier(PostgresTable.foldedColumn)
    let function = try connection.quotedIdentifier(table.schema) + "." + staleFunction
    let quotedTrigger = try connection.quotedIdentifier(trigger)
    let scope = table.names.scope.map { "\($0)::pg_catalog.text" } ?? "NULL::pg_catalog.text"
    // One scan, two groupings: every row (scope NULL) and per non-NULL scope value.
    let grams =
      "SELECT CASE WHEN GROUPING(s) OPERATOR(pg_catalog.=) 1 THEN NULL ELSE s END, g, pg_catalog.count(*) FROM "
      + "(SELECT \(scope) AS s, \(folded) AS f FROM \(table.names.table)) AS t, LATERAL (SELECT DISTINCT "
      + "pg_catalog.substr(t.f, i, len) AS g FROM pg_catalog.generate_series(1, \(longest)) AS len, "
      + "pg_catalog.generate_series(1, pg_catalog.length(t.f) OPERATOR(pg_catalog.-) len OPERATOR(pg_catalog.+) 1) "
      + "AS i) AS x GROUP BY GROUPING SETS ((g), (s, g)) HAVING GROUPING(s) OPERATOR(pg_catalog.=) 1 OR s IS NOT NULL"
    return [
      PostgresStatement("DROP TABLE IF EXISTS \(counts)"),
      PostgresStatement(
        "CREATE TABLE \(counts) (scope pg_catalog.text, gram pg_catalog.text NOT NULL, n pg_catalog.int8 NOT NULL)"
      ),
      PostgresStatement("INSERT INTO \(counts) \(grams)"),
      PostgresStatement(
        "INSERT INTO \(counts) SELECT CASE WHEN $1::pg_catalog.text OPERATOR(pg_catalog.=) '1' THEN $2 END, '', "
          + "pg_catalog.count(*) FROM \(table.names.table)",
        [table.scope == nil ? "0" : "1", table.scope ?? ""]),
      PostgresStatement("CREATE INDEX ON \(counts) (gram)"),
      PostgresStatement("ANALYZE \(counts)"),
      PostgresStatement(
        "CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER "
          + "\(PostgresFold.pinnedSearchPath) AS $f$ BEGIN EXECUTE pg_catalog.format('DELETE FROM %I.%I "
          + "WHERE gram OPERATOR(pg_catalog.=) ''''', TG_TABLE_SCHEMA, 'searchshell_grams_' "
          + "OPERATOR(pg_catalog.||) TG_RELID::pg_catalog.text); RETURN NULL; END $f$"
      ),
      PostgresStatement("DROP TRIGGER IF EXISTS \(quotedTrigger) ON \(table.names.table)"),
      PostgresStatement(
        "CREATE TRIGGER \(quotedTrigger) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table.names.table) "
          + "FOR EACH STATEMENT EXECUTE FUNCTION \(function)()"),
    ]
  }

  /// Drops the count table and the trigger, each only when it exists; returns what it dropped.
  static func drop(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError) -> [String]
  {
    var done: [String] = []
    let hasTrigger =
      try connection.run(
        PostgresStatement(
          "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid OPERATOR(pg_catalog.=) "
            + "$1::pg_catalog.oid AND tgname OPERATOR(pg_catalog.=) $2)", [table.oid, trigger]),
        about: table.name
      ).scalar == "t"
    if hasTrigger {
      try connection.run(
        PostgresStatement(
          "DROP TRIGGER \(try connection.quotedIdentifier(trigger)) ON \(table.names.table)"),
        about: table.name)
      done.append("dropped the trigger \(trigger)")
    }
    let counts = try quotedTable(table, connection)
    if try PostgresPreparation.exists(relation: counts, connection, table: table.name) {
      try connection.run(PostgresStatement("DROP TABLE \(counts)"), about: table.name)
      done.append("dropped the gram count table \(table.schema).\(tableName(oid: table.oid))")
    }
    return done
  }

  /// Drops the trigger's function unless another table's trigger uses it; says what it did, or
  /// nil when there is no such function.
  static func dropFunction(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> String?
  {
    let function = try connection.quotedIdentifier(table.schema) + "." + staleFunction + "()"
    let kept = try PostgresPreparation.dropShared(
      function: function, isOurs: { _ in true }, table: table, connection)
    let name = "\(table.schema).\(staleFunction)()"
    return kept.map {
      $0 ? "kept the trigger function \(name): another table uses it" : "dropped the trigger function \(name)"
    }
  }
}
