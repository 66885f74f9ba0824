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
  static func checkEncoding(_ connection: PostgresConnection, table: String) throws(ShellError) {
    let encoding = try connection.run(
      PostgresStatement("SELECT current_setting('server_encoding')"), about: table)
    guard encoding.scalar == "UTF8" else {
      throw .databaseTableUnsuitable(
        table, reason: "the database's encoding is \(encoding.scalar ?? "unknown"), not UTF8")
    }
  }

  /// The fold function to fold rows with: the one `prepare` installed in `schema` when it is
  /// this shell's version, else a temporary one (created in `pg_temp`, gone with the connection).
  static func foldFunction(in schema: String, _ connection: PostgresConnection) throws(ShellError) -> String {
    let installed = try connection.quotedIdentifier(schema) + "." + PostgresTable.foldFunction
    if try comment(of: installed, connection) == PostgresFold.comment { return installed }
    let temporary = "pg_temp." + PostgresTable.foldFunction
    if try comment(of: temporary, connection) != PostgresFold.comment {
      for statement in PostgresFold.createFunction(named: temporary) {
        try connection.run(statement, about: schema)
      }
    }
    return temporary
  }

  /// The comment on the function `name(text)`, or nil when there is no such function.
  private static func comment(of name: String, _ connection: PostgresConnection) throws(ShellError) -> String?
  {
    try connection.run(
      PostgresStatement("SELECT obj_description(to_regprocedure($1), 'pg_proc')", [name + "(text)"]),
      about: name
    ).scalar
  }

  /// Prepares `table` (see the type's summary); returns what it did, one line each.
  static func prepare(_ table: PostgresTable, _ connection: PostgresConnection) throws(ShellError) -> [String]
  {
    try transaction(connection, about: table.name) { () throws(ShellError) -> [String] in
      var done: [String] = []
      try createExtension(table, connection)
      let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
      if try comment(of: function, connection) != PostgresFold.comment {
        for statement in PostgresFold.createFunction(named: function) {
          try connection.run(statement, about: table.name)
        }
        done.append("installed the fold function \(table.schema).\(PostgresTable.foldFunction)(text)")
      }
      let column = try connection.quotedIdentifier(PostgresTable.foldedColumn)
      let stamp = try stamp(table, connection)
      let existing = try columnComment(table, connection)
      if table.hasFoldedColumn, existing != stamp {
        try connection.run(
          PostgresStatement("ALTER TABLE \(table.names.table) DROP COLUMN \(column)"), about: table.name)
      }
      if !table.hasFoldedColumn || existing != stamp {
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
  ) throws(ShellError) {
    let index = try connection.quotedIdentifier("searchshell_trgm_\(table.oid)")
    let statements = [
      "ALTER TABLE \(table.names.table) ADD COLUMN \(column) text GENERATED ALWAYS AS "
        + "(\(function)(coalesce(\(table.names.title)::text, ''))) STORED",
      "CREATE INDEX IF NOT EXISTS \(index) ON \(table.names.table) USING gin (\(column) gin_trgm_ops)",
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
    throws(ShellError) -> Bool
  {
    try columnComment(table, connection) == stamp(table, connection)
  }

  /// The version stamp a folded column of `table`'s title carries: the title's column number and
  /// the fold's version.
  private static func stamp(_ table: PostgresTable, _ connection: PostgresConnection) throws(ShellError)
    -> String
  {
    "SearchShell folded column \(try titleNumber(table, connection)); \(PostgresFold.comment)"
  }

  /// The title column's number in the table (`attnum`), which the version stamp records.
  private static func titleNumber(_ table: PostgresTable, _ connection: PostgresConnection) throws(ShellError)
    -> Int
  {
    let number = try connection.run(
      PostgresStatement(
        "SELECT attnum FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2",
        [table.names.table, table.title]),
      about: table.name
    ).scalar
    return number.flatMap { Int($0) } ?? 0
  }

  /// The version stamp on the folded column, if the column exists.
  private static func columnComment(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(ShellError)
    -> String?
  {
    try connection.run(
      PostgresStatement(
        "SELECT col_description(to_regclass($1), attnum) FROM pg_attribute "
          + "WHERE attrelid = to_regclass($1) AND attname = $2 AND NOT attisdropped",
        [table.names.table, PostgresTable.foldedColumn]),
      about: table.name
    ).scalar
  }

  /// Undoes `prepare` for `table`: its index and column, and the function if no table needs it.
  static func unprepare(_ table: PostgresTable, _ connection: PostgresConnection) throws(ShellError)
    -> [String]
  {
    try transaction(connection, about: table.name) { () throws(ShellError) -> [String] in
      for statement in try PostgresGrams.drop(table, connection) {
        try connection.run(statement, about: table.name)
      }
      try dropStaleFunction(table, connection)
      let column = try connection.quotedIdentifier(PostgresTable.foldedColumn)
      try connection.run(
        PostgresStatement("ALTER TABLE \(table.names.table) DROP COLUMN IF EXISTS \(column)"),
        about: table.name)
      let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
      try connection.run(PostgresStatement("SAVEPOINT searchshell_function"), about: table.name)
      do {
        try connection.run(PostgresStatement("DROP FUNCTION IF EXISTS \(function)(text)"), about: table.name)
        return ["dropped the column \(PostgresTable.foldedColumn), its index and the fold function"]
      } catch {
        try connection.run(PostgresStatement("ROLLBACK TO SAVEPOINT searchshell_function"), about: table.name)
        return [
          "dropped the column \(PostgresTable.foldedColumn) and its index (another table uses the fold function)"
        ]
      }
    }
  }

  /// Creates `pg_trgm` if missing; a concurrent `prepare` creating it too loses the race with a
  /// unique violation, so the statement is tried once more after a savepoint.
  private static func createExtension(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(ShellError)
  {
    let create = PostgresStatement("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    try connection.run(PostgresStatement("SAVEPOINT searchshell_extension"), about: table.name)
    do throws(ShellError) {
      try connection.run(create, about: table.name)
    } catch {
      try connection.run(PostgresStatement("ROLLBACK TO SAVEPOINT searchshell_extension"), about: table.name)
      do throws(ShellError) {
        try connection.run(create, about: table.name)
      } catch {
        throw .databaseExtensionMissing("pg_trgm", database: connection.database, reason: reason(error))
      }
    }
  }

  /// Drops the gram counts' trigger function unless another table's trigger still uses it.
  private static func dropStaleFunction(_ table: PostgresTable, _ connection: PostgresConnection)
    throws(ShellError)
  {
    let function = try connection.quotedIdentifier(table.schema) + "." + PostgresGrams.staleFunction
    try connection.run(PostgresStatement("SAVEPOINT searchshell_grams"), about: table.name)
    do {
      try connection.run(PostgresStatement("DROP FUNCTION IF EXISTS \(function)()"), about: table.name)
    } catch {
      try connection.run(PostgresStatement("ROLLBACK TO SAVEPOINT searchshell_grams"), about: table.name)
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
    _ connection: PostgresConnection, about table: String, _ body: () throws(ShellError) -> Result
  ) throws(ShellError) -> Result {
    try connection.run(PostgresStatement("BEGIN"), about: table)
    do {
      try connection.run(PostgresStatement("SET LOCAL statement_timeout = 0"), about: table)
      try connection.run(
        PostgresStatement("SELECT pg_advisory_xact_lock(hashtext($1))", [lockKey]), about: table)
      let result = try body()
      try connection.run(PostgresStatement("COMMIT"), about: table)
      return result
    } catch {
      if connection.isConnected { _ = try? connection.run(PostgresStatement("ROLLBACK"), about: table) }
      throw error
    }
  }

  /// The server's reason inside a query error.
  private static func reason(_ error: ShellError) -> String {
    if case .databaseQueryFailed(_, let reason) = error { return reason }
    return error.description
  }
}
