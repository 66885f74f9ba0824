import CLibPQ

/// Reconnecting after the connection dropped (the server restarted, an administrator ended the
/// backend, a network cut): the next statement reconnects with the same parameters (`PQreset`),
/// sets the session up again and has the table re-described (`onReconnect`: the temporary fold
/// function is gone with the old backend); a read that failed because the connection dropped is
/// run once more. Each reconnect leaves one line for the session to print (`drainReconnections`).
extension PostgresConnection {
  /// Runs `attempt` (sending `statement`), reconnecting first when the connection is known to be
  /// down, and once more after a reconnect when it dropped under a statement that only reads.
  func reconnecting<Result>(
    _ statement: PostgresStatement, _ attempt: () throws(BackendError) -> Result
  ) throws(BackendError) -> Result {
    guard !isReconnecting else { return try attempt() }
    if !isConnected { try reconnect(after: nil) }
    // Inside a transaction block a statement cannot run again alone (a count may still be in
    // flight outside one: the connection is then busy, not in a block).
    let block = [PQTRANS_INTRANS, PQTRANS_INERROR].contains(PQtransactionStatus(connection))
    let retries = Self.isRead(statement) && work != .prepare && !block
    do throws(BackendError) {
      return try attempt()
    } catch {
      guard case .databaseConnectionLost(_, let reason) = error else { throw error }
      try reconnect(after: reason)
      guard retries else { throw error }
      return try attempt()
    }
  }

  /// Whether `statement` only reads (a query, its plan): safe to run again on a new connection.
  static func isRead(_ statement: PostgresStatement) -> Bool {
    ["SELECT ", "WITH ", "EXPLAIN "].contains { statement.sql.hasPrefix($0) }
      && !statement.sql.contains("set_config")
  }

  /// Reconnects with the connection's own parameters and sets the session up again; `reason`
  /// is why the old one dropped (nil: found down before a statement).
  func reconnect(after reason: String?) throws(BackendError) {
    isReconnecting = true
    // The new backend's login notices: those the first login gave are not shown again.
    notices.isLoggingIn = true
    defer {
      isReconnecting = false
      notices.isLoggingIn = false
    }
    inFlight = nil
    PQreset(connection)
    guard PQstatus(connection) == CONNECTION_OK, let cancel = PQgetCancel(connection) else {
      throw .databaseConnectionLost(
        server: server, reason: "reconnecting failed: " + url.scrubbed(Self.message(connection)))
    }
    cancelHandle.replace(with: cancel)
    try setUp()
    try onReconnect?()
    let why = (notices.takeFatal() ?? reason).map { " (\($0))" } ?? ""
    reconnections.append("the connection to PostgreSQL at '\(server)' dropped\(why); reconnected")
  }

  /// The reconnect lines since the last call, then forgets them.
  package func drainReconnections() -> [String] {
    defer { reconnections = [] }
    return reconnections
  }
}
