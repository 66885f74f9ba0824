import Engine
import Foundation

/// The advisory lock every `prepare` and `prepare undo` of a database holds while it runs.
///
/// They create and drop objects that tables share (the fold function, `pg_trgm`): two at once in
/// one database failed with "tuple concurrently updated". `CREATE INDEX CONCURRENTLY` runs outside
/// a transaction, so the lock is the session's, released when the work ends (or the connection
/// does). A `prepare` that finds it taken says who holds it before it waits.
enum PostgresPreparationLock {
  /// The lock's key, hashed by the server (`hashtext`).
  static let key = "searchshell.prepare"

  /// Runs `body` holding the lock, without a statement timeout; Ctrl-C (`monitor.cancellation`)
  /// stops the wait for it.
  static func holding<Result>(
    _ connection: PostgresConnection, table: String, monitor: PostgresPreparation.Monitor,
    _ body: () throws(BackendError) -> Result
  ) throws(BackendError) -> Result {
    try connection.notices.quietly { () throws(BackendError) -> Result in
      try connection.run(PostgresStatement("SET statement_timeout = 0"), about: table)
      defer {
        if connection.isConnected {
          _ = try? connection.run(
            PostgresStatement(
              "SELECT pg_catalog.set_config('statement_timeout', $1, false)",
              [String(connection.statementTimeout)]),
            about: table)
        }
      }
      try acquire(connection, table: table, monitor: monitor)
      defer {
        if connection.isConnected {
          _ = try? connection.run(
            PostgresStatement("SELECT pg_catalog.pg_advisory_unlock(pg_catalog.hashtext($1))", [key]),
            about: table)
        }
      }
      return try body()
    }
  }

  /// How long to wait between two tries for the lock (seconds).
  static let retryInterval = 0.2

  /// Takes the lock; when another session holds it, first reports that session (`holder`).
  ///
  /// The lock is tried again and again rather than waited for in one statement: a statement
  /// waiting keeps a snapshot open, which the holder's `CREATE INDEX CONCURRENTLY` waits for in
  /// turn (the server reports a deadlock).
  private static func acquire(
    _ connection: PostgresConnection, table: String, monitor: PostgresPreparation.Monitor
  ) throws(BackendError) {
    let tryLock = PostgresStatement("SELECT pg_catalog.pg_try_advisory_lock(pg_catalog.hashtext($1))", [key])
    guard try connection.run(tryLock, about: table).scalar != "t" else { return }
    monitor.note(try holder(connection, table: table))
    while try connection.run(tryLock, about: table).scalar != "t" {
      if monitor.cancellation?.isCancelled == true {
        throw .databasePrepareCancelled(table: table, step: "waiting for another prepare")
      }
      Thread.sleep(forTimeInterval: retryInterval)
    }
  }

  /// A line naming the session holding the lock: its pid, its client and since when its
  /// statement runs (`pg_locks` joined to `pg_stat_activity`; visible fields only).
  static func holder(_ connection: PostgresConnection, table: String) throws(BackendError) -> String {
    let eq = "OPERATOR(pg_catalog.=)"
    // An advisory lock on a bigint key is (classid, objid) = its high and low 32 bits.
    let row = try connection.run(
      PostgresStatement(
        "SELECT l.pid::pg_catalog.text, a.application_name, "
          + "pg_catalog.to_char(a.query_start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'), "
          + "pg_catalog.left(pg_catalog.regexp_replace(a.query, '\\s+', ' ', 'g'), 60) "
          + "FROM pg_catalog.pg_locks l LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid \(eq) l.pid "
          + "WHERE l.locktype \(eq) 'advisory' AND l.granted AND l.objsubid \(eq) 1 "
          + "AND l.database \(eq) (SELECT oid FROM pg_catalog.pg_database WHERE datname \(eq) pg_catalog.current_database()) "
          + "AND (l.classid::pg_catalog.int8 OPERATOR(pg_catalog.<<) 32 OPERATOR(pg_catalog.|) l.objid::pg_catalog.int8) "
          + "\(eq) pg_catalog.hashtext($1)::pg_catalog.int8 LIMIT 1",
        [key]),
      about: table
    ).rows.first
    guard let row, let pid = row[0] else {
      return "waiting for another prepare in this database to finish"
    }
    var line = "waiting for another prepare in this database to finish: server process \(pid)"
    if let application = row[1], !application.isEmpty { line += " (\(application))" }
    if let since = row[2] { line += ", running since \(since) UTC" }
    if let query = row[3], !query.isEmpty { line += ": \(query)" }
    return line + " (Ctrl-C stops waiting)"
  }
}
