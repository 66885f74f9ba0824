import Engine
import Foundation

/// `prepare` for a table sharded with `postgres_fdw` (`PostgresShards`): the fold function here,
/// and on every shard the fold function, `pg_trgm` and a trigram GIN index on the fold of the
/// remote title column, built `CONCURRENTLY` (writers and readers go on), then `ANALYZE`.
///
/// Each shard is reached with its foreign server's libpq options and the user mapping's; a shard
/// that cannot be reached (hidden credentials, a refused login) gets lines saying exactly what to
/// run there, and the other shards are prepared all the same.
enum PostgresShardPreparation {
  /// Prepares `table` and its shards; returns what it did, one line each.
  static func prepare(_ table: PostgresTable, _ shards: PostgresShards, _ connection: PostgresConnection)
    throws(BackendError) -> [String]
  {
    var done: [String] = []
    let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
    if try PostgresPreparation.comment(of: function, connection, table: table.name) != PostgresFold.comment {
      try connection.run(PostgresStatement("BEGIN"), about: table.name)
      do throws(BackendError) {
        for statement in PostgresFold.createFunction(named: function) {
          try connection.run(statement, about: table.name)
        }
        try connection.run(PostgresStatement("COMMIT"), about: table.name)
      } catch {
        if connection.isConnected {
          _ = try? connection.run(PostgresStatement("ROLLBACK"), about: table.name)
        }
        throw error
      }
      done.append("installed the fold function \(table.schema).\(PostgresTable.foldFunction)(text) here")
    }
    // Inlined into the search SQL, the forms reach the shards as built-ins: here is enough.
    done += try PostgresFormFunctions.prepare(table, connection, here: " here")
    for shard in shards.shards {
      done += prepare(shard, coordinatorFunction: "\(table.schema).\(PostgresTable.foldFunction)")
    }
    for shard in shards.shards where !shard.isAsync {
      done.append(
        "note: \(shard.server) has async_capable off, so its partition is read after the others' "
          + "(ALTER SERVER \(shard.server) OPTIONS (ADD async_capable 'true'))")
    }
    for shard in shards.shards where !shard.usesRemoteEstimate {
      done.append(
        "note: \(shard.server) has use_remote_estimate off, so estimates of searches are guesses "
          + "(ALTER SERVER \(shard.server) OPTIONS (ADD use_remote_estimate 'true'))")
    }
    return done
  }

  /// Prepares one shard, or says what to run there when it cannot be reached.
  private static func prepare(_ shard: PostgresShards.Shard, coordinatorFunction: String) -> [String] {
    let place = "\(shard.server) (\(shard.remoteSchema).\(shard.remoteTable))"
    guard shard.hasCredentials else {
      return ["\(place): not prepared: the user mapping's options are hidden from this role"]
        + instructions(shard, coordinatorFunction: coordinatorFunction)
    }
    do throws(BackendError) {
      let remote = try PostgresConnection(url: try PostgresURL(parsing: url(shard)), statementTimeout: 0)
      return try prepare(shard, on: remote).map { "\(place): \($0)" }
    } catch {
      return ["\(place): not prepared: \(reason(error))"]
        + instructions(shard, coordinatorFunction: coordinatorFunction)
    }
  }

  /// The shard's statements through `remote`; returns what it did.
  private static func prepare(_ shard: PostgresShards.Shard, on remote: PostgresConnection)
    throws(BackendError) -> [String]
  {
    let about = shard.remoteSchema + "." + shard.remoteTable
    let quote = { (name: String) throws(BackendError) -> String in try remote.quotedIdentifier(name) }
    var names = try names(shard, trigram: nil, quote: quote)
    var done: [String] = []
    try remote.run(
      PostgresStatement("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA \(names.schema)"), about: about)
    let trigram = try remote.run(
      PostgresStatement(
        "SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n "
          + "ON n.oid OPERATOR(pg_catalog.=) e.extnamespace WHERE e.extname OPERATOR(pg_catalog.=) 'pg_trgm'"),
      about: about
    ).scalar
    names = try self.names(shard, trigram: trigram, quote: quote)
    let index = names.schema + "." + names.index
    let function = names.schema + "." + PostgresTable.foldFunction
    let validity = try remote.run(
      PostgresStatement(
        "SELECT indisvalid::pg_catalog.text FROM pg_catalog.pg_index "
          + "WHERE indexrelid OPERATOR(pg_catalog.=) pg_catalog.to_regclass($1)", [index]),
      about: about
    ).scalar
    var rebuild = validity == "false"
    if try PostgresPreparation.comment(of: function, remote, table: about) != PostgresFold.comment {
      for statement in PostgresFold.createFunction(named: function) {
        try remote.run(statement, about: about)
      }
      done.append("installed the fold function \(shard.remoteSchema).\(PostgresTable.foldFunction)(text)")
      // An index over another version of the fold holds that version's folds: built again.
      rebuild = rebuild || validity != nil
    }
    if rebuild {
      try remote.run(PostgresStatement("DROP INDEX CONCURRENTLY IF EXISTS \(index)"), about: about)
    }
    try remote.run(PostgresStatement(names.createIndex), about: about)
    done.append(
      validity == nil || rebuild
        ? "built the trigram index \(indexName(shard)) concurrently"
        : "the trigram index \(indexName(shard)) was there")
    try remote.run(PostgresStatement("ANALYZE \(names.table)"), about: about)
    return done + ["analyzed \(about)"]
  }

  /// The quoted names a shard's statements use.
  struct Names {
    /// The remote table's schema.
    var schema: String
    /// The remote table, schema-qualified.
    var table: String
    /// The index's own name (an index lives in its table's schema).
    var index: String
    /// The remote title column.
    var title: String
    /// The schema `pg_trgm` is in.
    var trigram: String

    /// `CREATE INDEX CONCURRENTLY` of the trigram index on the folded title.
    var createIndex: String {
      "CREATE INDEX CONCURRENTLY IF NOT EXISTS \(index) ON \(table) USING gin "
        + "(\(schema).\(PostgresTable.foldFunction)(\(title)::pg_catalog.text) \(trigram).gin_trgm_ops)"
    }
  }

  /// The names quoted by `quote` (libpq's, or `quoted` where no connection is open).
  static func names(
    _ shard: PostgresShards.Shard, trigram: String?, quote: (String) throws(BackendError) -> String
  ) throws(BackendError) -> Names {
    let schema = try quote(shard.remoteSchema)
    return Names(
      schema: schema, table: schema + "." + (try quote(shard.remoteTable)),
      index: try quote(indexName(shard)),
      title: try quote(shard.remoteTitle), trigram: try trigram.map(quote) ?? schema)
  }

  /// `name` as a quoted identifier, for lines shown to the user (statements run use libpq's).
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The name of the trigram index on a shard: the remote table's name after a fixed prefix.
  static func indexName(_ shard: PostgresShards.Shard) -> String {
    String(("searchshell_trgm_" + shard.remoteTable).utf8.prefix(63)) ?? "searchshell_trgm"
  }

  /// What to run on a shard the shell could not reach, as its table's owner.
  private static func instructions(_ shard: PostgresShards.Shard, coordinatorFunction: String) -> [String] {
    let names = Names(
      schema: quoted(shard.remoteSchema), table: quoted(shard.remoteSchema) + "." + quoted(shard.remoteTable),
      index: quoted(indexName(shard)), title: quoted(shard.remoteTitle), trigram: quoted(shard.remoteSchema))
    return [
      "  run on \(shard.server) as the owner of \(shard.remoteSchema).\(shard.remoteTable): "
        + "CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA \(names.schema);",
      "  then the fold function, in schema \(shard.remoteSchema), as this database has it: the output of "
        + "SELECT pg_catalog.pg_get_functiondef('\(coordinatorFunction)(pg_catalog.text)'::pg_catalog.regprocedure);",
      "  then \(names.createIndex); ANALYZE \(names.table);",
    ]
  }

  /// The libpq URL of a shard: its server's and user mapping's options, each percent-encoded.
  static func url(_ shard: PostgresShards.Shard) -> String {
    let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    let pairs = shard.connection.sorted { $0.key < $1.key }.map { key, value in
      key + "=" + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }
    return "postgresql://?" + pairs.joined(separator: "&")
  }

  /// The reason a shard could not be prepared, from the error's own words.
  private static func reason(_ error: BackendError) -> String {
    switch error {
    case .databaseUnreachable(let server, let reason), .databaseConnectionLost(let server, let reason):
      return "\(server) is unreachable: \(reason)"
    case .databaseLoginRefused(let server, let user, let reason):
      return "\(server) refused \(user): \(reason)"
    case .databaseQueryFailed(_, let server, let reason), .databaseTableUnsuitable(_, let server, let reason):
      return "\(server): \(reason)"
    case .databaseExtensionMissing(let name, _, let reason): return "\(name): \(reason)"
    case .invalidDatabaseURL(_, let reason): return "its options do not make a connection: \(reason)"
    default: return "\(error)"
    }
  }
}

extension PostgresShardPreparation {
  /// Undoes `prepare` on every shard it can reach (the index, then the fold function unless
  /// something else there uses it) and here (the fold function, likewise); returns what it did.
  static func unprepare(_ table: PostgresTable, _ shards: PostgresShards, _ connection: PostgresConnection)
    throws(BackendError) -> [String]
  {
    var done: [String] = []
    for shard in shards.shards {
      let place = "\(shard.server) (\(shard.remoteSchema).\(shard.remoteTable))"
      let index = quoted(shard.remoteSchema) + "." + quoted(indexName(shard))
      let function = quoted(shard.remoteSchema) + "." + PostgresTable.foldFunction + "(pg_catalog.text)"
      do throws(BackendError) {
        guard shard.hasCredentials else {
          throw .databaseQueryFailed(
            table: place, server: shard.server, reason: "the user mapping's options are hidden from this role"
          )
        }
        let remote = try PostgresConnection(url: try PostgresURL(parsing: url(shard)), statementTimeout: 0)
        done += try unprepare(shard, index: index, function: function, on: remote).map { "\(place): \($0)" }
      } catch {
        done += [
          "\(place): not undone: \(reason(error))",
          "  run on \(shard.server): DROP INDEX CONCURRENTLY IF EXISTS \(index); DROP FUNCTION IF EXISTS \(function);",
        ]
      }
    }
    let function = try connection.quotedIdentifier(table.schema) + "." + PostgresTable.foldFunction
    try connection.run(PostgresStatement("BEGIN"), about: table.name)
    do throws(BackendError) {
      let kept = try PostgresPreparation.dropFold(function, table: table, connection)
      let forms = try PostgresFormFunctions.drop(table, keep: kept == true, connection, here: " here")
      try connection.run(PostgresStatement("COMMIT"), about: table.name)
      let name = "\(table.schema).\(PostgresTable.foldFunction)(text)"
      if let kept {
        done.append(
          kept
            ? "kept the fold function \(name) here: something uses it"
            : "dropped the fold function \(name) here")
      }
      done += forms
    } catch {
      if connection.isConnected { _ = try? connection.run(PostgresStatement("ROLLBACK"), about: table.name) }
      throw error
    }
    return done
  }

  /// One shard's undo through `remote`.
  private static func unprepare(
    _ shard: PostgresShards.Shard, index: String, function: String, on remote: PostgresConnection
  ) throws(BackendError) -> [String] {
    let about = shard.remoteSchema + "." + shard.remoteTable
    var done: [String] = []
    if try PostgresPreparation.exists(relation: index, remote, table: about) {
      try remote.run(PostgresStatement("DROP INDEX CONCURRENTLY IF EXISTS \(index)"), about: about)
      done.append("dropped the trigram index \(indexName(shard))")
    }
    let comment = try remote.run(
      PostgresStatement(
        "SELECT pg_catalog.obj_description(pg_catalog.to_regprocedure($1), 'pg_proc')", [function]),
      about: about
    ).scalar
    guard comment?.hasPrefix("SearchShell fold") == true else {
      return done.isEmpty ? ["nothing to undo"] : done
    }
    do throws(BackendError) {
      try remote.run(PostgresStatement("DROP FUNCTION \(function)"), about: about)
      done.append("dropped the fold function \(shard.remoteSchema).\(PostgresTable.foldFunction)(text)")
    } catch {
      // Another table's index there folds with it.
      guard case .databaseQueryFailed = error else { throw error }
      done.append(
        "kept the fold function \(shard.remoteSchema).\(PostgresTable.foldFunction)(text): something uses it")
    }
    return done
  }
}
