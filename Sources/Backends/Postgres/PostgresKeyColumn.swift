import Engine
import Tables

/// How the keyset compares a key column: the `>` and `=` of its type's default btree operator
/// class (the ones `ORDER BY` sorts by), schema-qualified, and whether it may hold NULL.
///
/// Naming the operator with its schema keeps a schema placed before pg_catalog from supplying
/// its own, and the operator class makes any type page exactly (uuid, text under a collation,
/// an extension's type such as citext), where a bare `>` could resolve to another type's.
struct PostgresKeyColumn: Equatable, Sendable {
  /// `OPERATOR(schema.>)`.
  var greater: String
  /// `OPERATOR(schema.=)`.
  var equal: String
  /// Whether the column is declared NOT NULL.
  var isNotNull: Bool

  /// The key column `column` of the table with object id `oid`.
  static func describe(
    _ column: String, oid: String, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> PostgresKeyColumn {
    // Strategy 5 is btree's "greater than", 3 its "equal"; a domain uses its base type's class.
    let rows = try connection.run(
      PostgresStatement(
        "SELECT a.attnotnull::pg_catalog.text, "
          + "(SELECT n.nspname FROM pg_catalog.pg_opclass c "
          + "JOIN pg_catalog.pg_am m ON m.oid OPERATOR(pg_catalog.=) c.opcmethod "
          + "JOIN pg_catalog.pg_amop o ON o.amopfamily OPERATOR(pg_catalog.=) c.opcfamily "
          + "AND o.amoplefttype OPERATOR(pg_catalog.=) c.opcintype "
          + "AND o.amoprighttype OPERATOR(pg_catalog.=) c.opcintype "
          + "JOIN pg_catalog.pg_operator p ON p.oid OPERATOR(pg_catalog.=) o.amopopr "
          + "JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) p.oprnamespace "
          + "WHERE m.amname OPERATOR(pg_catalog.=) 'btree' AND c.opcdefault "
          + "AND c.opcintype OPERATOR(pg_catalog.=) ANY(ARRAY[t.oid, t.typbasetype]) "
          + "AND o.amopstrategy OPERATOR(pg_catalog.=) 5 AND p.oprname OPERATOR(pg_catalog.=) '>' "
          + "ORDER BY c.opcintype OPERATOR(pg_catalog.<>) t.oid LIMIT 1) "
          + "FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) a.atttypid "
          + "WHERE a.attrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid AND a.attname OPERATOR(pg_catalog.=) $2",
        [oid, column]),
      about: table
    ).rows
    guard let row = rows.first else {
      throw .databaseTableUnsuitable(
        table, server: connection.place, reason: "its order column \(Sanitizer.quoted(column)) is gone")
    }
    // No class of its own (varchar, an enum, an array): pg_catalog's operators, found for the type.
    let schema =
      try row[1].map { (name) throws(BackendError) -> String in try connection.quotedIdentifier(name) }
      ?? "pg_catalog"
    return PostgresKeyColumn(
      greater: "OPERATOR(\(schema).>)", equal: "OPERATOR(\(schema).=)", isNotNull: row[0] == "true")
  }

  /// What orders the rows whose order value is NULL: the single-column primary key, else `ctid`
  /// (stable while the rows are not updated); nil for a view or foreign table (no `ctid`) whose
  /// order column holds no NULL now, and such a relation with NULLs is refused.
  static func tiebreak(
    primaryKey: String?, hasRowAddress: Bool, oid: String, names: PostgresSearchSQL.Names,
    _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> PostgresSearchSQL.Tiebreak? {
    if let primaryKey {
      let key = try describe(primaryKey, oid: oid, connection, table: table)
      return PostgresSearchSQL.Tiebreak(
        column: try connection.quotedIdentifier(primaryKey), greater: key.greater, equal: key.equal)
    }
    if hasRowAddress {
      return PostgresSearchSQL.Tiebreak(
        column: "ctid", greater: "OPERATOR(pg_catalog.>)", equal: "OPERATOR(pg_catalog.=)")
    }
    let hasNull = try connection.run(
      PostgresStatement("SELECT EXISTS (SELECT 1 FROM \(names.table) WHERE \(names.order) IS NULL)"),
      about: table
    ).scalar
    guard hasNull == "f" else {
      throw .databaseTableUnsuitable(
        table, server: connection.place,
        reason: "its order column holds NULL and nothing tells those rows apart: "
          + "name a unique column without NULLs with order=COLUMN")
    }
    return nil
  }
}
