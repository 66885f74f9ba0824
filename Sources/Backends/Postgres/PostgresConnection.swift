import CLibPQ
import Foundation
import Tables

/// One connection to PostgreSQL through libpq: owns its `PGconn` (closed in `deinit`).
///
/// Not thread-safe: run statements from one thread at a time. Only `cancelHandle` may be used
/// from another thread, to stop the statement running. The session keeps one connection, set up
/// with `jit = off` (JIT compilation of the first big plan swallowed early cancels) and a
/// `statement_timeout` per kind of work (`PostgresTimeouts`) as the backstop for a cancel that
/// does not land.
package final class PostgresConnection {
  /// The URL it was opened with (its `display` is what messages show).
  let url: PostgresURL
  /// Stops the running statement from any thread.
  let cancelHandle: PostgresCancelHandle
  /// The server as messages name it: `host:port` (a socket folder for the host on Unix sockets).
  let server: String
  /// The database connected to.
  let database: String
  /// The statement timeout of each kind of work.
  package var timeouts: PostgresTimeouts
  /// The kind of work the next statements do (their timeout is `timeouts`' for it).
  package var work = PostgresWork.open
  /// The statement timeout the server has now, in milliseconds (nil: not known).
  var appliedTimeout: Int?
  /// Runs after a reconnect, before the retried statement (re-creates what the old backend held).
  var onReconnect: (() throws(BackendError) -> Void)?
  /// Whether a reconnect is under way (its own statements are not retried).
  var isReconnecting = false
  /// One line per reconnect, for the session to print.
  var reconnections: [String] = []
  /// The kind `holding` holds, if any.
  private var held: PostgresWork?
  /// Whether `setUp` has read the user's own timeout (no timeout is applied before).
  var isSetUp = false
  /// Sees every statement's SQL text before it is sent (tests check no user text is in it).
  var onStatement: ((String) -> Void)?
  /// The statement sent and not yet read back (a count running behind the first page).
  var inFlight: PostgresInFlight?
  /// Stops any wait on the server when no other cancellation is given (Ctrl-C: the session's).
  var interruption: SearchCancellation?
  /// libpq's connection (only this file and `PostgresConnection+Async` touch it).
  let connection: OpaquePointer
  /// The server's notices, kept for the session to print (never written by libpq).
  package let notices: PostgresNotices

  /// Connects to `url` (the shell's parameters already taken out) and sets the session up.
  ///
  /// The password comes from the URL, `PGPASSWORD` or `~/.pgpass`, as libpq looks for it; errors
  /// name the server and user, never the password.
  /// `statementTimeout`, when given, is every kind's timeout (as if chosen with `set`).
  package init(
    url: PostgresURL, statementTimeout: Int? = nil, timeouts: PostgresTimeouts = PostgresTimeouts(),
    connectTimeout: Int = 10, interruption: SearchCancellation? = nil
  ) throws(BackendError) {
    try Self.validate(url)
    // Entries before the URL are defaults it may override; client_encoding after it is forced.
    let keywords = ["connect_timeout", "fallback_application_name", "dbname", "client_encoding"]
    let values = [String(connectTimeout), "searchshell", url.connectionString, "UTF8"]
    let notices = PostgresNotices()
    notices.isLoggingIn = true
    var timedOut = false
    guard
      let opened = Self.connect(
        keywords: keywords, values: values, notices: notices, timeout: connectTimeout, timedOut: &timedOut)
    else {
      throw .databaseUnreachable(server: url.host ?? "the default server", reason: "out of memory")
    }
    let server = Self.server(of: opened)
    if timedOut {
      PQfinish(opened)
      throw .databaseUnreachable(server: server, reason: "timeout expired after \(connectTimeout) s")
    }
    guard PQstatus(opened) == CONNECTION_OK else {
      // Checked before any property is stored: a throwing initializer that has stored them all
      // runs deinit, which would free the connection a second time.
      let message = url.scrubbed(Self.message(opened))
      let user = PQuser(opened).map { String(cString: $0) } ?? url.user ?? ""
      PQfinish(opened)
      throw PostgresFailure.connecting(message: message, server: server, user: user)
    }
    guard let cancel = PQgetCancel(opened) else {
      PQfinish(opened)
      throw .databaseUnreachable(server: server, reason: "libpq gave no cancel handle")
    }
    self.url = url
    self.server = server
    var timeouts = timeouts
    if let statementTimeout { for work in PostgresWork.allCases { timeouts.chosen[work] = statementTimeout } }
    self.timeouts = timeouts
    database = PQdb(opened).map { String(cString: $0) } ?? ""
    cancelHandle = PostgresCancelHandle(owning: cancel)
    connection = opened
    self.notices = notices
    self.interruption = interruption
    try setUp()
    notices.isLoggingIn = false
  }

  /// Sets the session up (again after a reconnect): notes the user's own `statement_timeout`,
  /// turns JIT off and reads floats exactly.
  func setUp() throws(BackendError) {
    appliedTimeout = nil
    isSetUp = false
    // Read before the shell sets its own: a value the user gave the session (URL options,
    // PGOPTIONS, ALTER ROLE/DATABASE … SET) wins over the shell's defaults; the server's
    // configuration file does not. extra_float_digits 3: a float order value read as text is
    // the exact value (≤ 0 rounds it, and keyset paging then repeats and skips rows).
    let own = try run(
      PostgresStatement(
        "SELECT (SELECT setting FROM pg_catalog.pg_settings WHERE name OPERATOR(pg_catalog.=) 'statement_timeout' "
          + "AND source OPERATOR(pg_catalog.=) ANY(ARRAY['client', 'user', 'database', 'database user'])), "
          + "pg_catalog.set_config('jit', 'off', false), pg_catalog.set_config('extra_float_digits', '3', false)"
      ),
      about: server
    ).scalar
    timeouts.session = own.flatMap { Int($0) }
    checkClientConnection()
    isSetUp = true
  }

  /// Asks the server to look every second whether the shell is still connected while a
  /// statement runs (PostgreSQL 14+), so a shell killed outright (SIGKILL) leaves no statement
  /// running to its timeout; a value set by the user or the server's configuration stays.
  private func checkClientConnection() {
    // Refused where the server's platform cannot check (and absent before 14): nothing to do.
    _ = try? run(
      PostgresStatement(
        "SELECT pg_catalog.set_config(name, '1000', false) FROM pg_catalog.pg_settings "
          + "WHERE name OPERATOR(pg_catalog.=) 'client_connection_check_interval' "
          + "AND source OPERATOR(pg_catalog.=) 'default'"),
      about: server)
  }

  /// The statement timeout the next statement runs under (`work`'s), in milliseconds.
  package var statementTimeout: Int { timeouts.milliseconds(for: work) }

  deinit { PQfinish(connection) }

  /// Sets the server's `statement_timeout` to `work`'s when it differs (one short statement,
  /// only when the kind of work changes).
  func applyTimeout() throws(BackendError) {
    let wanted = statementTimeout
    guard isSetUp, appliedTimeout != wanted else { return }
    let result = Self.withCStrings([String(wanted)]) { values in
      PQexecParams(
        connection, "SELECT pg_catalog.set_config('statement_timeout', $1, false)", 1, nil, values, nil, nil,
        0)
    }
    defer { PQclear(result) }
    _ = try outcome(of: result, about: server).get()
    appliedTimeout = wanted
  }

  /// What a statement timeout message adds: which timeout it was and how to change it.
  var timeoutNote: String {
    let option = "timeout-" + work.rawValue
    let shown = PostgresTimeouts.shown(appliedTimeout ?? statementTimeout)
    if timeouts.chosen[work] == nil, timeouts.session != nil {
      return " (the session's statement_timeout, \(shown); 'set \(option)' overrides it)"
    }
    return " (\(option) is \(shown); 'set \(option) 2min' or 'off' raises it)"
  }

  /// Notes that the next statements do `kind` of work, unless a longer kind holds (`holding`).
  func doing(_ kind: PostgresWork) {
    if held == nil { work = kind }
  }

  /// Runs `body` with every statement in it timed as `kind` (an export's pages and counts).
  package func holding<Result, Failure: Error>(
    _ kind: PostgresWork, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let outer = (held, work)
    held = kind
    work = kind
    defer { (held, work) = outer }
    return try body()
  }

  /// Runs `statement` (blocking) and returns its rows; `about` names the table in error messages.
  ///
  /// A statement stopped by `cancelHandle` throws `databaseQueryCancelled`; one stopped by the
  /// statement timeout throws `databaseQueryFailed`; a dropped connection `databaseConnectionLost`.
  @discardableResult
  package func run(_ statement: PostgresStatement, about: String) throws(BackendError) -> PostgresRows {
    try run(statement, about: about, cancellation: nil)
  }

  /// The outcome of a finished result: its rows, or the error it reports.
  func outcome(of result: OpaquePointer?, about: String) -> Result<PostgresRows, BackendError> {
    let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
    if status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK, let result {
      return .success(Self.rows(of: result))
    }
    if PQstatus(connection) != CONNECTION_OK {
      return .failure(
        .databaseConnectionLost(
          server: server, reason: url.scrubbed(Self.unlabeled(Self.message(connection)))))
    }
    var failure = PostgresFailure(result: result, fallback: Self.message(connection))
    if failure.sqlState == "57014", !cancelHandle.wasRequested { failure.message += timeoutNote }
    return .failure(
      failure.error(
        about: about, database: database, server: server, cancelled: cancelHandle.wasRequested,
        scrub: url.scrubbed))
  }

  /// `name` as a quoted SQL identifier (`PQescapeIdentifier`): the only way names enter SQL text.
  package func quotedIdentifier(_ name: String) throws(BackendError) -> String {
    guard !name.utf8.contains(0) else {
      throw .databaseQueryFailed(table: name, server: place, reason: "a name cannot hold NUL")
    }
    guard let quoted = PQescapeIdentifier(connection, name, name.utf8.count) else {
      throw .databaseQueryFailed(table: name, server: place, reason: url.scrubbed(Self.message(connection)))
    }
    defer { PQfreemem(quoted) }
    return String(cString: quoted)
  }

  /// The server and database as messages name them: `host:port/database`.
  var place: String { server + "/" + database }

  /// Whether the session may not write (a read-only default, a hot standby).
  func isReadOnly(about table: String) throws(BackendError) -> Bool {
    try run(PostgresStatement("SELECT pg_catalog.current_setting('transaction_read_only')"), about: table)
      .scalar == "on"
  }

  /// Whether the connection is still up (false after the server went away).
  var isConnected: Bool { PQstatus(connection) == CONNECTION_OK }

  /// The server's process id for this connection (tests terminate it to drop the connection).
  var backendProcessID: Int32 { PQbackendPID(connection) }

  /// Throws `invalidDatabaseURL` with libpq's reason when libpq cannot parse the URL.
  private static func validate(_ url: PostgresURL) throws(BackendError) {
    var error: UnsafeMutablePointer<CChar>? = nil
    if let options = PQconninfoParse(url.connectionString, &error) {
      PQconninfoFree(options)
      return
    }
    let reason = error.map { String(cString: $0) } ?? "libpq cannot parse it"
    if let error { PQfreemem(error) }
    throw .invalidDatabaseURL(url.display, reason: url.scrubbed(firstLine(reason)))
  }

  /// `host:port` of a connection (or of its failed attempt).
  private static func server(of connection: OpaquePointer) -> String {
    let host = PQhost(connection).map { String(cString: $0) } ?? ""
    let port = PQport(connection).map { String(cString: $0) } ?? ""
    return port.isEmpty ? host : host + ":" + port
  }

  /// libpq's last error message for the connection, on one line.
  static func message(_ connection: OpaquePointer) -> String {
    firstLine(PQerrorMessage(connection).map { String(cString: $0) } ?? "")
  }

  /// A server message as libpq words it, without its severity (`FATAL:  terminating …`).
  static func unlabeled(_ message: String) -> String {
    for label in ["FATAL:", "ERROR:", "PANIC:"] where message.hasPrefix(label) {
      return String(message.dropFirst(label.count).drop { $0 == " " })
    }
    return message
  }

  /// The first non-empty line of a libpq message, trimmed (split on scalars: "\r\n" is one Character).
  static func firstLine(_ message: String) -> String {
    let lines = message.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
    guard let line = lines.first(where: { !$0.allSatisfy(\.properties.isWhitespace) }) else { return "" }
    return String(String.UnicodeScalarView(line)).trimmingCharacters(in: .whitespaces)
  }

  /// A result's rows as text.
  static func rows(of result: OpaquePointer) -> PostgresRows {
    let columnCount = PQnfields(result)
    let rowCount = PQntuples(result)
    let columns = (0..<columnCount).map { PQfname(result, $0).map { String(cString: $0) } ?? "" }
    let rows = (0..<rowCount).map { row in
      (0..<columnCount).map { column -> String? in
        guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else {
          return nil
        }
        return String(cString: value)
      }
    }
    return PostgresRows(columns: columns, rows: rows)
  }

  /// Calls `body` with `strings` as C strings that live for the call.
  static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
  }
}
