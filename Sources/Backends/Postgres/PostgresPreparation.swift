import Engine
import Tables

/// What the shell creates in a database to search a table fast, and how it removes it again.
///
/// `prepare` installs the fold function in the table's schema (`PostgresFold`) and builds a
/// `pg_trgm` GIN index on the folded title (`PostgresTable.foldedExpression`) with `CREATE INDEX
/// CONCURRENTLY`: no table rewrite, and readers and writers go on meanwhile. Each step commits on
/// its own, so a cancelled or crashed run leaves what the next `prepare` resumes (an INVALID
/// index is dropped and built again) or `prepare undo` removes. The index's comment stamps the
/// title column and the fold's version it was built with. A table that was not prepared is
/// searched through a temporary fold function (sequential scans).
enum PostgresPreparation {
  /// The statistics target set on the index's expression, so the planner's estimates of LIKE
  /// terms hold.
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
    if try ownedComment(of: installed, tableOID: tableOID, connection, table: table) == PostgresFold.comment {
      return installed
    }
    return try temporaryFoldFunction(connection, table: table)
  }

  /// The comment on the function `name(text)` when the owner of the table `tableOID` owns it,
  /// else nil: only the table owner's functions (its `prepare`) are trusted, since another role
  /// able to create in the schema could plant one with the same name and comment.
  static func ownedComment(
    of name: String, tableOID: String, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> String? {
    try connection.run(
      PostgresStatement(
        "SELECT pg_catalog.obj_description(p.oid, 'pg_proc') FROM pg_catalog.pg_proc p "
          + "WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure($1) AND p.proowner OPERATOR(pg_catalog.=) "
          + "(SELECT relowner FROM pg_catalog.pg_class WHERE oid OPERATOR(pg_catalog.=) $2::pg_catalog.oid)",
        [name + "(pg_catalog.text)", tableOID]),
      about: table
    ).scalar
  }

  /// The session's temporary fold function (`pg_temp`, gone with the connection), created if
  /// missing or of another version.
  static func temporaryFoldFunction(_ connection: PostgresConnection, table: String) throws(BackendError)
    -> String
  {
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

  /// What `prepare` reports while it runs, and what stops it.
  struct Monitor {
    /// The running step's progress: one line, replacing the previous one at a terminal.
    var progress: (String) -> Void = { _ in }
    /// A line to keep (what a wait waits for).
    var note: (String) -> Void = { _ in }
    /// Ctrl-C: the running statement is cancelled on the server.
    var cancellation: SearchCancellation?
  }

  /// Prepares `table` (see the type's summary); returns what it did, one line each.
  static func prepare(_ table: PostgresTable, _ connection: PostgresConnection, monitor: Monitor)
    throws(BackendError) -> [String]
  {
    try PostgresPreparationLock.holding(connection, table: table.name, monitor: monitor) {
      () throws(BackendError) -> [String] in
      var done = try PostgresLegacyPreparation.remove(table, connection)
      try createExtension(table, connection)
      let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
      if try comment(of: function, connection, table: table.name) != PostgresFold.comment {
        for statement in PostgresFold.createFunction(named: function) {
          try connection.run(statement, about: table.name)
        }
        done.append("installed the fold function \(table.schema).\(PostgresTable.foldFunction)(text)")
      }
      done += try PostgresFormFunctions.prepare(table, connection)
      let index = try quotedIndex(table, connection)
      // Read now, not taken from the load: another session may have prepared since.
      let state = try indexState(
        schema: table.schema, oid: table.oid, title: table.title, quotedTable: table.names.table, connection,
        table: table.name)
      if state != .current {
        if state != .missing {
          try PostgresIndexBuild.run(
            PostgresStatement("DROP INDEX CONCURRENTLY IF EXISTS \(index)"), step: "dropping the old index",
            connection, table: table.name, monitor: monitor)
          done.append(
            state == .invalid
              ? "dropped the invalid index \(indexName(table)) an interrupted prepare left"
              : "dropped the index \(indexName(table)) built by another fold or title column")
        }
        try buildIndex(table, function: function, index: index, connection, monitor: monitor)
        done.append(
          "built the trigram index \(indexName(table)) on \(table.schema).\(PostgresTable.foldFunction)(\(table.title))"
        )
      }
      try connection.run(
        PostgresStatement("ALTER INDEX \(index) ALTER COLUMN 1 SET STATISTICS \(statisticsTarget)"),
        about: table.name)
      try PostgresIndexBuild.run(
        PostgresStatement("ANALYZE \(table.names.table)"), step: "analyzing", connection, table: table.name,
        monitor: monitor)
      return done + ["analyzed \(table.name)"]
    }
  }

  /// Builds the trigram index without blocking writers, then stamps it (only a finished build is
  /// stamped: a cancelled one stays INVALID and unstamped).
  private static func buildIndex(
    _ table: PostgresTable, function: String, index: String, _ connection: PostgresConnection,
    monitor: Monitor
  ) throws(BackendError) {
    let trigram = try extensionSchema(table, connection) + ".gin_trgm_ops"
    let expression = PostgresTable.foldedExpression(
      function: function, title: table.names.title, underC: table.names.forms.underC)
    // The index is created in the table's schema: its name takes none.
    let name = try connection.quotedIdentifier(indexName(table))
    try PostgresIndexBuild.run(
      PostgresStatement(
        "CREATE INDEX CONCURRENTLY \(name) ON \(table.names.table) USING gin ((\(expression)) \(trigram))"),
      step: "building the trigram index", connection, table: table.name, monitor: monitor)
    let stamp = try stamp(title: table.title, quotedTable: table.names.table, connection, table: table.name)
    // COMMENT takes no parameters: the stamp holds only digits and the digest, no user text.
    try connection.run(PostgresStatement("COMMENT ON INDEX \(index) IS '\(stamp)'"), about: table.name)
  }

  /// The state of a table's trigram index.
  enum IndexState: Equatable, Sendable {
    /// No index of the shell's.
    case missing
    /// Left by a `CREATE INDEX CONCURRENTLY` that was cancelled or crashed (`indisvalid` false).
    case invalid
    /// Valid, but built by another fold version or on another title column (or unstamped: the
    /// earlier design's index on its generated column).
    case stale
    /// Valid and built by this fold on this title column.
    case current
  }

  /// The state of the trigram index of the table `quotedTable` (object id `oid`, in `schema`).
  static func indexState(
    schema: String, oid: String, title: String, quotedTable: String, _ connection: PostgresConnection,
    table: String
  ) throws(BackendError) -> IndexState {
    let quoted =
      try connection.quotedIdentifier(schema) + "." + connection.quotedIdentifier("searchshell_trgm_\(oid)")
    let row = try connection.run(
      PostgresStatement(
        "SELECT i.indisvalid, pg_catalog.obj_description(i.indexrelid, 'pg_class') FROM pg_catalog.pg_index i "
          + "WHERE i.indexrelid OPERATOR(pg_catalog.=) pg_catalog.to_regclass($1) "
          + "AND i.indrelid OPERATOR(pg_catalog.=) $2::pg_catalog.oid",
        [quoted, oid]),
      about: table
    ).rows.first
    guard let row else { return .missing }
    guard row[0] == "t" else { return .invalid }
    let stamp = try stamp(title: title, quotedTable: quotedTable, connection, table: table)
    return row[1] == stamp ? .current : .stale
  }

  /// The stamp a current index carries: the title column's number and the fold's version.
  private static func stamp(
    title: String, quotedTable: String, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> String {
    let number = try connection.run(
      PostgresStatement(
        "SELECT attnum FROM pg_catalog.pg_attribute WHERE attrelid OPERATOR(pg_catalog.=) pg_catalog.to_regclass($1) "
          + "AND attname OPERATOR(pg_catalog.=) $2",
        [quotedTable, title]),
      about: table
    ).scalar
    return "SearchShell index of column \(number ?? "0"); \(PostgresFold.comment)"
  }

  /// Undoes `prepare` for `table`, saying what it actually dropped (the catalog is read first).
  ///
  /// The index goes (`DROP INDEX CONCURRENTLY`), and what the earlier design added (a generated
  /// column, gram counts, a trigger); then the fold function if no other index uses it. A table
  /// never prepared gets one line saying there was nothing to undo.
  static func unprepare(_ table: PostgresTable, _ connection: PostgresConnection, monitor: Monitor)
    throws(BackendError) -> [String]
  {
    try PostgresPreparationLock.holding(connection, table: table.name, monitor: monitor) {
      () throws(BackendError) -> [String] in
      var done = try PostgresLegacyPreparation.remove(table, connection)
      let index = try quotedIndex(table, connection)
      if try exists(relation: index, connection, table: table.name) {
        try PostgresIndexBuild.run(
          PostgresStatement("DROP INDEX CONCURRENTLY IF EXISTS \(index)"), step: "dropping the trigram index",
          connection, table: table.name, monitor: monitor)
        done.append("dropped the trigram index \(indexName(table))")
      }
      // Nothing of this table's: the shared function is other tables' business.
      guard !done.isEmpty else { return ["nothing to undo: \(table.name) was not prepared"] }
      let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
      let name = "\(table.schema).\(PostgresTable.foldFunction)(text)"
      let (kept, forms) = try inTransaction(connection, table: table.name) {
        () throws(BackendError) -> (Bool?, [String]) in
        let kept = try dropFold(function, table: table, connection)
        // The forms go with the fold: a table that keeps the fold searches with them too.
        return (kept, try PostgresFormFunctions.drop(table, keep: kept == true, connection))
      }
      if let kept {
        done.append(
          kept ? "kept the fold function \(name): another table uses it" : "dropped the fold function \(name)"
        )
      }
      return done + forms
    }
  }

  /// Drops `function` (the quoted fold function of `table`'s schema) unless something uses it:
  /// an index (`dropShared`), or another table of the schema partitioned over foreign tables
  /// (sharded with postgres_fdw), whose searches call it though nothing records that use.
  static func dropFold(_ function: String, table: PostgresTable, _ connection: PostgresConnection)
    throws(BackendError) -> Bool?
  {
    let sharded =
      try connection.run(
        PostgresStatement(
          "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_foreign_table f "
            + "ON f.ftrelid OPERATOR(pg_catalog.=) i.inhrelid JOIN pg_catalog.pg_class p "
            + "ON p.oid OPERATOR(pg_catalog.=) i.inhparent JOIN pg_catalog.pg_namespace n "
            + "ON n.oid OPERATOR(pg_catalog.=) p.relnamespace WHERE n.nspname OPERATOR(pg_catalog.=) $1 "
            + "AND p.oid OPERATOR(pg_catalog.<>) $2::pg_catalog.oid)",
          [table.schema, table.oid]),
        about: table.name
      ).scalar == "t"
    if sharded { return true }
    return try dropShared(
      function: function + "(pg_catalog.text)", isOurs: { $0?.hasPrefix("SearchShell fold") == true },
      table: table, connection)
  }

  /// Runs `body` in a transaction of its own; rolls back when it throws.
  static func inTransaction<Result>(
    _ connection: PostgresConnection, table: String, _ body: () throws(BackendError) -> Result
  ) throws(BackendError) -> Result {
    try connection.run(PostgresStatement("BEGIN"), about: table)
    do {
      let result = try body()
      try connection.run(PostgresStatement("COMMIT"), about: table)
      return result
    } catch {
      if connection.isConnected { _ = try? connection.run(PostgresStatement("ROLLBACK"), about: table) }
      throw error
    }
  }

  /// Drops the shell's shared function `signature` (`name(types)`) unless something uses it.
  ///
  /// Only when it exists and `isOurs` holds for its comment. Returns nil when there was none,
  /// true when it was kept (another table's index or trigger uses it), false when dropped.
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

  /// The index's quoted, schema-qualified name.
  static func quotedIndex(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> String
  {
    try connection.quotedIdentifier(table.schema) + "." + connection.quotedIdentifier(indexName(table))
  }

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
    try inTransaction(connection, table: table.name) { () throws(BackendError) in
      try createExtensionStatements(table, connection)
    }
  }

  /// `createExtension`'s statements, inside its transaction.
  private static func createExtensionStatements(_ table: PostgresTable, _ connection: PostgresConnection)
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
}
