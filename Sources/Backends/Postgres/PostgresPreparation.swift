/// What the shell creates in a database to search a table fast, and how it removes it again.
///
/// `prepare` installs the fold function in the table's schema, adds a stored generated column
/// `searchshell_folded` (the title folded by it), a `pg_trgm` GIN index on that column and raised
/// statistics on it, in one transaction without a statement timeout (it rewrites the table).
/// `unprepare` drops the index and the column, and the function when no other table uses it.
/// A table that was not prepared is searched through a temporary fold function (sequential scans).
enum PostgresPreparation {
  /// The statistics target set on the folded column, so the planner's estimates of LIKE terms hold.
  static let statisticsTarget = 10_000

  /// Throws unless the database stores UTF-8 (the fold function works on Unicode scalars).
  static func checkEncoding(_ connection: PostgresConnection, table: String) throws(BackendError) {
    let encoding = try connection.run(
      PostgresStatement("SELECT pg_catalog.current_setting('server_encoding')"), about: table)
    guard encoding.scalar == "UTF8" else {
      throw .databaseTableUnsuitable(
        table, server: connection.place,
        reason: "the database's encoding is \(encoding.scalar ?? "unknown"), not UTF8")
    }
  }

  /// The fold function to fold rows of `table` with: the one `prepare` installed in `schema`
  /// when it is this shell's version and the table owner's, else a temporary one (created in `pg_temp`, gone with the
  /// connection).
  static func foldFunction(
    in schema: String, tableOID: String, table: String, _ connection: PostgresConnection
  ) throws(BackendError) -> String {
    let installed = try connection.quotedIdentifier(schema) + "." + PostgresTable.foldFunction
    // Only the table owner's function (its `prepare`): another role able to create in the
    // schema could otherwise plant one with the same name and comment.
    let owned = try connection.run(
      PostgresStatement(
        "SELECT pg_catalog.obj_description(p.oid, 'pg_proc') FROM pg_catalog.pg_proc p "
          + "WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure($1) AND p.proowner OPERATOR(pg_catalog.=) "
          + "(SELECT relowner FROM pg_catalog.pg_class WHERE oid OPERATOR(pg_catalog.=) $2::pg_catalog.oid)",
        [installed + "(pg_catalog.text)", tableOID]),
      about: table
    ).scalar
    if owned == PostgresFold.comment { return installed }
    let temporary = "pg_temp." + PostgresTable.foldFunction
    if try comment(of: temporary, connection, table: table) != PostgresFold.comment {
      do throws(BackendError) {
        for statement in PostgresFold.createFunction(named: temporary) {
          try connection.run(statement, about: table)
        }
      } catch {
        guard try connection.isReadOnly(about: table) else { throw error }
        throw .databaseTableUnsuitable(
          table, server: connection.place,
          reason: "the session is read-only and the table is not prepared, "
            + "so the shell cannot create its temporary fold function (run prepare from a writable session)")
      }
    }
    return temporary
  }

  /// The comment on the function `name(text)`, or nil when there is no such function.
  static func comment(of name: String, _ connection: PostgresConnection, table: String) throws(BackendError)
    -> String?
  {
    try connection.run(
      PostgresStatement(
        "SELECT pg_catalog.obj_description(pg_catalog.to_regprocedure($1), 'pg_proc')",
        [name + "(pg_catalog.text)"]),
      about: table
    ).scalar
  }

  /// Prepares `table` (see the type's summary); returns what it did, one line each.
  static func prepare(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> [String]
  {
    try transaction(connection, about: table.name) { () throws(BackendError) -> [String] in
      var done: [String] = []
      try createExtension(table, connection)
      let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
      if try comment(of: function, connection, table: table.name) != PostgresFold.comment {
        for statement in PostgresFold.createFunction(named: function) {
          try connection.run(statement, about: table.name)
        }
        done.append("installed the fold function \(table.schema).\(PostgresTable.foldFunction)(text)")
      }
      let column = try connection.quotedIdentifier(PostgresTable.foldedColumn)
      let stamp = try stamp(table, connection)
      let existing = try columnComment(table, connection)
      // Read under the lock, not taken from the load: another session may have prepared since.
      let hasColumn = try foldedColumnExists(table, connection)
      if hasColumn, existing != stamp {
        try connection.run(
          PostgresStatement("ALTER TABLE \(table.names.table) DROP COLUMN \(column)"), about: table.name)
      }
      if !hasColumn || existing != stamp {
        try addFoldedColumn(table, function: function, column: column, stamp: stamp, connection)
        done.append("added the column \(PostgresTable.foldedColumn) and its trigram index")
      }
      try connection.run(PostgresStatement("ANALYZE \(table.names.table)"), about: table.name)
      for statement in try PostgresGrams.build(table, connection) {
        try connection.run(statement, about: table.name)
      }
      let counts = PostgresGrams.tableName(oid: table.oid)
      return done + [
        "analyzed \(table.name)", "counted its 1-3-character grams into \(table.schema).\(counts)",
      ]
    }
  }

  /// Adds the stored folded column, its GIN index, its statistics target and its version stamp.
  private static func addFoldedColumn(
    _ table: PostgresTable, function: String, column: String, stamp: String, _ connection: PostgresConnection
  ) throws(BackendError) {
    let index = try connection.quotedIdentifier(indexName(table))
    let trigram = try extensionSchema(table, connection) + ".gin_trgm_ops"
    let statements = [
      "ALTER TABLE \(table.names.table) ADD COLUMN \(column) pg_catalog.text GENERATED ALWAYS AS "
        + "(\(function)(coalesce(\(table.names.title)::pg_catalog.text, ''))) STORED",
      "CREATE INDEX IF NOT EXISTS \(index) ON \(table.names.table) USING gin (\(column) \(trigram))",
      "ALTER TABLE \(table.names.table) ALTER COLUMN \(column) SET STATISTICS \(statisticsTarget)",
    ]
    for sql in statements {
      try connection.run(PostgresStatement(sql), about: table.name)
    }
    // COMMENT takes no parameters: the stamp holds only digits and the digest, no user text.
    try connection.run(
      PostgresStatement("COMMENT ON COLUMN \(table.names.table).\(column) IS '\(stamp)'"), about: table.name)
  }

  /// Whether `table`'s folded column was folded from its title column by the fold installed now.
  static func foldedColumnIsCurrent(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError) -> Bool
  {
    try columnComment(table, connection) == stamp(table, connection)
  }

  /// The version stamp a folded column of `table`'s title carries: the title's column number and
  /// the fold's version.
  private static func stamp(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> String
  {
    "SearchShell folded column \(try titleNumber(table, connection)); \(PostgresFold.comment)"
  }

  /// The title column's number in the table (`attnum`), which the version stamp records.
  private static func titleNumber(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError)
    -> Int
  {
    let number = try connection.run(
      PostgresStatement(
        "SELECT attnum FROM pg_catalog.pg_attribute WHERE attrelid OPERATOR(pg_catalog.=) pg_catalog.to_regclass($1) "
          + "AND attname OPERATOR(pg_catalog.=) $2",
        [table.names.table, table.title]),
      about: table.name
    ).scalar
    return number.flatMap { Int($0) } ?? 0
  }

  /// Whether `table` has the folded column now (in the catalog, not as it was when loaded).
  private static func foldedColumnExists(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError) -> Bool
  {
    try connection.run(
      PostgresStatement(
        "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid OPERATOR(pg_catalog.=) "
          + "pg_catalog.to_regclass($1) AND attname OPERATOR(pg_catalog.=) $2 AND NOT attisdropped)",
        [table.names.table, PostgresTable.foldedColumn]),
      about: table.name
    ).scalar == "t"
  }

  /// The version stamp on the folded column, if the column exists.
  private static func columnComment(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError)
    -> String?
  {
    try connection.run(
      PostgresStatement(
        "SELECT pg_catalog.col_description(pg_catalog.to_regclass($1), attnum) FROM pg_catalog.pg_attribute "
          + "WHERE attrelid OPERATOR(pg_catalog.=) pg_catalog.to_regclass($1) AND attname OPERATOR(pg_catalog.=) $2 "
          + "AND NOT attisdropped",
        [table.names.table, PostgresTable.foldedColumn]),
      about: table.name
    ).scalar
  }

  /// Undoes `prepare` for `table`, saying what it actually dropped (the catalog is read first).
  ///
  /// Its gram counts, index and column go, then the functions if no other table needs them; a
  /// table never prepared gets one line saying there was nothing to undo.
  static func unprepare(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> [String]
  {
    try transaction(connection, about: table.name) { () throws(BackendError) -> [String] in
      var done = try PostgresGrams.drop(table, connection)
      let column = try connection.quotedIdentifier(PostgresTable.foldedColumn)
      if try foldedColumnExists(table, connection) {
        let hadIndex = try exists(
          relation: connection.quotedIdentifier(table.schema) + "."
            + connection.quotedIdentifier(indexName(table)), connection, table: table.name)
        try connection.run(
          PostgresStatement("ALTER TABLE \(table.names.table) DROP COLUMN \(column)"), about: table.name)
        done.append(
          "dropped the column \(PostgresTable.foldedColumn)" + (hadIndex ? " and its trigram index" : ""))
      }
      // Nothing of this table's: the shared functions are other tables' business.
      guard !done.isEmpty else { return ["nothing to undo: \(table.name) was not prepared"] }
      if let line = try PostgresGrams.dropFunction(table, connection) { done.append(line) }
      let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
      let name = "\(table.schema).\(PostgresTable.foldFunction)(text)"
      if let kept = try dropShared(
        function: function + "(pg_catalog.text)", isOurs: { $0?.hasPrefix("SearchShell fold") == true },
        table: table, connection)
      {
        done.append(
          kept ? "kept the fold function \(name): another table uses it" : "dropped the fold function \(name)"
        )
      }
      return done
    }
  }

  /// Drops the shell's shared function `signature` (`name(types)`) unless something uses it.
  ///
  /// Only when it exists and `isOurs` holds for its comment. Returns nil when there was none,
  /// true when it was kept (another table's column or trigger uses it), false when dropped.
  static func dropShared(
    function signature: String, isOurs: (String?) -> Bool, table: PostgresTable,
    _ connection: PostgresConnection
  ) throws(BackendError) -> Bool? {
    let found = try connection.run(
      PostgresStatement(
        "SELECT pg_catalog.to_regprocedure($1) IS NOT NULL, "
          + "pg_catalog.obj_description(pg_catalog.to_regprocedure($1), 'pg_proc')", [signature]),
      about: table.name
    ).rows.first
    guard found?[0] == "t", isOurs(found?[1] ?? nil) else { return nil }
    try connection.run(PostgresStatement("SAVEPOINT searchshell_function"), about: table.name)
    do throws(BackendError) {
      try connection.run(PostgresStatement("DROP FUNCTION \(signature)"), about: table.name)
      return false
    } catch {
      try connection.run(PostgresStatement("ROLLBACK TO SAVEPOINT searchshell_function"), about: table.name)
      return true
    }
  }

  /// Whether the relation `quoted` (a quoted, schema-qualified name) exists.
  static func exists(relation quoted: String, _ connection: PostgresConnection, table: String)
    throws(BackendError) -> Bool
  {
    try connection.run(
      PostgresStatement("SELECT pg_catalog.to_regclass($1) IS NOT NULL", [quoted]), about: table
    ).scalar == "t"
  }

  /// The name of the trigram index `prepare` creates on `table`.
  static func indexName(_ table: PostgresTable) -> String { "searchshell_trgm_\(table.oid)" }

  /// The schema `pg_trgm` is installed in, quoted (its operator class is named with it).
  private static func extensionSchema(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError) -> String
  {
    let schema = try connection.run(
      PostgresStatement(
        "SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n "
          + "ON n.oid OPERATOR(pg_catalog.=) e.extnamespace WHERE e.extname OPERATOR(pg_catalog.=) 'pg_trgm'"),
      about: table.name
    ).scalar
    guard let schema else {
      throw .databaseExtensionMissing("pg_trgm", database: connection.database, reason: "it is not installed")
    }
    return try connection.quotedIdentifier(schema)
  }

  /// Creates `pg_trgm` if missing; a concurrent `prepare` creating it too loses the race with a
  /// unique violation, so the statement is tried once more after a savepoint.
  private static func createExtension(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError)
  {
    // In the table's schema, never the first on a search path a URL or role may have chosen.
    let create = PostgresStatement(
      "CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA \(try connection.quotedIdentifier(table.schema))")
    try connection.run(PostgresStatement("SAVEPOINT searchshell_extension"), about: table.name)
    do throws(BackendError) {
      try connection.run(create, about: table.name)
    } catch {
      try connection.run(PostgresStatement("ROLLBACK TO SAVEPOINT searchshell_extension"), about: table.name)
      do throws(BackendError) {
        try connection.run(create, about: table.name)
      } catch {
        // A refused CREATE names the extension; a lost connection is its own line.
        guard case .databaseQueryFailed(_, _, let reason) = error else { throw error }
        throw .databaseExtensionMissing("pg_trgm", database: connection.database, reason: reason)
      }
    }
  }

  /// The advisory lock every `prepare` and `unprepare` of a database holds for its transaction.
  ///
  /// They create and drop objects that tables share (the fold function, the gram counts' trigger
  /// function, `pg_trgm`): two at once in one database failed with "tuple concurrently updated".
  static let lockKey = "searchshell.prepare"

  /// Runs `body` in a transaction without a statement timeout, after any other `prepare` or
  /// `unprepare` in the database (`lockKey`); rolls back when it throws.
  private static func transaction<Result>(
    _ connection: PostgresConnection, about table: String, _ body: () throws(BackendError) -> Result
  ) throws(BackendError) -> Result {
    try connection.notices.quietly { () throws(BackendError) -> Result in
      try transactionBody(connection, about: table, body)
    }
  }

  /// `transaction`'s statements (its notices are the shell's own: "…, skipping").
  private static func transactionBody<Result>(
    _ connection: PostgresConnection, about table: String, _ body: () throws(BackendError) -> Result
  ) throws(BackendError) -> Result {
    try connection.run(PostgresStatement("BEGIN"), about: table)
    do {
      try connection.run(PostgresStatement("SET LOCAL statement_timeout = 0"), about: table)
      try connection.run(
        PostgresStatement("SELECT pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext($1))", [lockKey]),
        about: table)
      let result = try body()
      try connection.run(PostgresStatement("COMMIT"), about: table)
      return result
    } catch {
      if connection.isConnected { _ = try? connection.run(PostgresStatement("ROLLBACK"), about: table) }
      throw error
    }
  }
}
