import Engine
import Tables

extension PostgresBackend {
  /// The schema `pg_trgm` is installed in (quoted), or nil without it; read once.
  func trigramSchema() throws(BackendError) -> String? {
    if let trigram { return trigram.isEmpty ? nil : trigram }
    let schema = try connection.run(
      PostgresStatement(
        "SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n "
          + "ON n.oid OPERATOR(pg_catalog.=) e.extnamespace WHERE e.extname OPERATOR(pg_catalog.=) 'pg_trgm'"),
      about: table.name
    ).scalar
    let quoted = try schema.map { (name) throws(BackendError) -> String in
      try connection.quotedIdentifier(name)
    }
    trigram = quoted ?? ""
    return quoted
  }

  /// Up to `limit` rows passing `filter`, the most like `text` first (nil without pg_trgm).
  ///
  /// Ordered by pg_trgm's `word_similarity`, then in order: the shortlist a fuzzy ranking covers
  /// when the matches are more than it ranks.
  func shortlist(
    _ filter: ParsedQuery, text: String, scope: String?, limit: Int, equality: PostgresSearchSQL.Equality?,
    cancellation: SearchCancellation?
  ) throws(BackendError) -> [Row]? {
    guard let schema = try trigramSchema() else { return nil }
    var statement = PostgresStatement("")
    let names = table.names
    guard
      let condition = PostgresSearchSQL.whereClause(
        filter, scope: scope, after: nil, names: names, equality: equality, into: &statement)
    else { return nil }
    // A NULL title's fold is NULL; the engine reads it as empty text, which is like nothing.
    let similarity = "COALESCE(\(schema).word_similarity(\(statement.bind(text)), \(names.folded)), 0)"
    statement.sql =
      "SELECT \(PostgresSearchSQL.pageColumns(names)) FROM \(names.table) WHERE \(condition) "
      + "ORDER BY \(similarity) DESC, \(PostgresSearchSQL.orderBy(names)) LIMIT \(statement.bind(String(max(0, limit))))"
    return try connection.run(statement, about: table.name, cancellation: cancellation).rows.map { values in
      Row(
        order: PostgresRowKey.key(order: values[0], tiebreak: values[3]), title: values[1] ?? "",
        scope: values[2])
    }
  }
}
