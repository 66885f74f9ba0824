import Engine
import Tables

/// How the rows are told apart in order: the order column when it is unique, else with the
/// primary key (or, in a table without one, the row's address `ctid`) as a tiebreak for rows
/// sharing a value.
///
/// Keyset paging (`order > last`) over a column with repeated values skips the rest of a run at
/// each page's end, so `list all` loses rows and an export repeats others. Uniqueness is read
/// from the catalog (a unique index on exactly that column, not partial, no expression); a view
/// or a foreign table has no index to read, and its order column is taken at its word.
struct PostgresKeyOrdering: Equatable, Sendable {
  /// What orders rows sharing an order value (or a NULL one), if anything must.
  var tiebreak: PostgresSearchSQL.Tiebreak?
  /// A line to show after opening (a tiebreak added, uniqueness taken on trust).
  var warning: String?

  /// The ordering of `table`'s rows by `column`, described by `key`.
  static func of(
    _ column: String, key: PostgresKeyColumn, primaryKey: String?, relationKind: String, oid: String,
    names: PostgresSearchSQL.Names, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> PostgresKeyOrdering {
    let unique = column == primaryKey ? [column] : try uniqueColumns(oid, connection, table: table)
    // A view or a foreign table has no indexes; a partitioned one with foreign partitions can
    // have no unique one.
    let hasIndexes = !["v", "f", "p"].contains(relationKind)
    var warning: String? = nil
    if !unique.contains(column) {
      if let primaryKey {
        let pk = try PostgresKeyColumn.describe(primaryKey, oid: oid, connection, table: table)
        return PostgresKeyOrdering(
          tiebreak: PostgresSearchSQL.Tiebreak(
            column: try connection.quotedIdentifier(primaryKey), greater: pk.greater, equal: pk.equal,
            coversAll: true, orderMayBeNull: !key.isNotNull),
          warning: "\(table)'s order column \(Sanitizer.quoted(column)) is not unique: rows sharing a value "
            + "follow its primary key \(Sanitizer.quoted(primaryKey))")
      }
      if hasIndexes {
        // A table's row address tells any two rows apart while neither is updated.
        let hint = unique.first.map { "; \(Sanitizer.quoted($0)) has a unique index: order=\($0)" } ?? ""
        return PostgresKeyOrdering(
          tiebreak: PostgresSearchSQL.Tiebreak(
            column: "ctid", greater: "OPERATOR(pg_catalog.>)", equal: "OPERATOR(pg_catalog.=)",
            coversAll: true, orderMayBeNull: !key.isNotNull),
          warning:
            "\(table) has no primary key and its order column \(Sanitizer.quoted(column)) is not unique: "
            + "rows sharing a value follow their place in the table (ctid, which an UPDATE changes)\(hint)")
      }
      warning =
        "\(table) is a view, a foreign or a partitioned table: its order column \(Sanitizer.quoted(column)) is taken as unique "
        + "(nothing in the catalog says so; repeated values would repeat or skip rows)"
    }
    guard !key.isNotNull else { return PostgresKeyOrdering(tiebreak: nil, warning: warning) }
    let tiebreak = try PostgresKeyColumn.tiebreak(
      primaryKey: primaryKey == column ? nil : primaryKey, hasRowAddress: hasIndexes, oid: oid, names: names,
      connection, table: table)
    return PostgresKeyOrdering(tiebreak: tiebreak, warning: warning)
  }

  /// The columns a unique index covers alone (not partial, no expression), NOT NULL ones first.
  static func uniqueColumns(_ oid: String, _ connection: PostgresConnection, table: String)
    throws(BackendError)
    -> [String]
  {
    try connection.run(
      PostgresStatement(
        "SELECT a.attname FROM pg_catalog.pg_index i JOIN pg_catalog.pg_attribute a "
          + "ON a.attrelid OPERATOR(pg_catalog.=) i.indrelid AND a.attnum OPERATOR(pg_catalog.=) i.indkey[0] "
          + "WHERE i.indrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid AND i.indisunique AND i.indisvalid "
          + "AND i.indpred IS NULL AND i.indexprs IS NULL AND i.indnkeyatts OPERATOR(pg_catalog.=) 1 "
          + "ORDER BY NOT a.attnotnull, a.attnum",
        [oid]),
      about: table
    ).rows.compactMap { $0[0] }
  }
}
