/// What the shell's earlier `prepare` added to a table, found and removed by `prepare` and
/// `prepare undo` today: a stored generated column `searchshell_folded` (its trigram index goes
/// with it), a gram count table `searchshell_grams_OID`, and a statement trigger
/// `searchshell_grams_stale` with its function.
///
/// The generated column rewrote the table under an exclusive lock, and the side table's counts
/// went stale under writers the trigger never saw (writes into a partition directly,
/// `session_replication_role=replica`); counts now come from `count(*)` or the planner.
enum PostgresLegacyPreparation {
  /// The generated column.
  static let column = "searchshell_folded"
  /// The trigger, and its function's name in the table's schema.
  static let trigger = "searchshell_grams_stale"

  /// How long the removal waits for the table's lock before it gives up (the column's drop needs
  /// an exclusive lock for a moment; waiting longer would queue every reader behind it).
  static let lockTimeout = "5s"

  /// Removes `table`'s earlier-design objects, each only when it exists, in one short
  /// transaction; returns what it dropped (nothing for a table without them).
  static func remove(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> [String]
  {
    let counts =
      try connection.quotedIdentifier(table.schema) + "."
      + connection.quotedIdentifier("searchshell_grams_\(table.oid)")
    let found = try connection.run(
      PostgresStatement(
        "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid "
          + "AND tgname OPERATOR(pg_catalog.=) $2), pg_catalog.to_regclass($3) IS NOT NULL, "
          + "EXISTS (SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid "
          + "AND attname OPERATOR(pg_catalog.=) $4 AND NOT attisdropped)",
        [table.oid, trigger, counts, column]),
      about: table.name
    ).rows.first
    guard let found, found.contains(where: { $0 == "t" }) else { return [] }
    return try PostgresPreparation.inTransaction(connection, table: table.name) {
      () throws(BackendError) -> [String] in
      try connection.run(PostgresStatement("SET LOCAL lock_timeout = '\(lockTimeout)'"), about: table.name)
      var done: [String] = []
      if found[0] == "t" {
        try connection.run(
          PostgresStatement(
            "DROP TRIGGER \(try connection.quotedIdentifier(trigger)) ON \(table.names.table)"),
          about: table.name)
        done.append("dropped the earlier prepare's trigger \(trigger)")
      }
      if found[1] == "t" {
        try connection.run(PostgresStatement("DROP TABLE \(counts)"), about: table.name)
        done.append(
          "dropped the earlier prepare's gram count table \(table.schema).searchshell_grams_\(table.oid)")
      }
      if found[2] == "t" {
        try connection.run(
          PostgresStatement(
            "ALTER TABLE \(table.names.table) DROP COLUMN \(try connection.quotedIdentifier(column))"),
          about: table.name)
        done.append("dropped the earlier prepare's column \(column) and its index")
      }
      let function = try connection.quotedIdentifier(table.schema) + "." + trigger + "()"
      if let kept = try PostgresPreparation.dropShared(
        function: function, isOurs: { _ in true }, table: table, connection)
      {
        let name = "\(table.schema).\(trigger)()"
        done.append(
          kept
            ? "kept the trigger function \(name): another table uses it"
            : "dropped the trigger function \(name)")
      }
      return done
    }
  }
}
