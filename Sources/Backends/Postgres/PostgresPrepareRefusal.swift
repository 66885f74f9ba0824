/// What a refused `prepare` lacks, and what to run: the server says only "permission denied for
/// schema public" or "must be owner of table t", which names neither the privilege nor the fix.
///
/// The privileges are asked of the server after the failure (`has_schema_privilege`,
/// `pg_has_role`), not read from its message, whose language is the server's `lc_messages`.
enum PostgresPrepareRefusal {
  /// `error`, a failed `prepare` of `table`, saying instead what the role lacks when it lacks
  /// something prepare needs (the first: a message is cut at 200 characters); else `error`.
  static func explained(_ error: BackendError, table: PostgresTable, _ connection: PostgresConnection)
    -> BackendError
  {
    guard case .databaseQueryFailed(let name, let server, _) = error,
      let lacks = try? lacking(table, connection), let first = lacks.first
    else { return error }
    return .databaseQueryFailed(table: name, server: server, reason: first)
  }

  /// What the connection's role lacks that `prepare` of `table` needs, a sentence each.
  static func lacking(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> [String]
  {
    let rows = try connection.run(
      PostgresStatement(
        """
        SELECT current_user::text, has_schema_privilege(n.oid, 'CREATE'), pg_has_role(c.relowner, 'USAGE'),
          c.relowner::regrole::text, n.nspname::text, quote_ident(n.nspname), quote_ident(current_user)
        FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE c.oid = $1::oid
        """, [table.oid]), about: table.name)
    guard let row = rows.rows.first, row.count == 7, let role = row[0], let owner = row[3],
      let schema = row[4]
    else { return [] }
    var lacks: [String] = []
    let function = try connection.quotedIdentifier(schema) + "." + PostgresTable.foldFunction
    // CREATE is needed only while the fold function is missing or of another version.
    if row[1] == "f",
      try PostgresPreparation.comment(of: function, connection, table: table.name) != PostgresFold.comment
    {
      // quote_ident quotes a name only when it must be: the line reads as the user would type it.
      let grant = "GRANT CREATE ON SCHEMA \(row[5] ?? schema) TO \(row[6] ?? role)"
      lacks.append(
        "role \(role) lacks CREATE on schema \(schema) (prepare's fold function): \(grant), or prepare as a role with it"
      )
    }
    if row[2] == "f" {
      lacks.append("role \(role) does not own the table (prepare's index): prepare as its owner \(owner)")
    }
    return lacks
  }
}
