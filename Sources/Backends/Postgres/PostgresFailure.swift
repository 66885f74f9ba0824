import CLibPQ

/// What a failed statement means, from its SQLSTATE, rendered as the `BackendError` the user sees.
struct PostgresFailure: Equatable, Sendable {
  /// The five-character SQLSTATE (`57014` for a cancel or a timeout), empty when libpq gave none.
  var sqlState: String
  /// The server's primary message (or libpq's), one line.
  var message: String

  /// A failure with `sqlState` and `message`.
  init(sqlState: String, message: String) {
    self.sqlState = sqlState
    self.message = message
  }

  /// The failure a result reports; `fallback` (the connection's message) when it has no fields.
  init(result: OpaquePointer?, fallback: String) {
    func field(_ code: UInt8) -> String? {
      result.flatMap { PQresultErrorField($0, Int32(code)) }.map { String(cString: $0) }
    }
    sqlState = field(UInt8(ascii: "C")) ?? ""
    message = PostgresConnection.firstLine(field(UInt8(ascii: "M")) ?? fallback)
  }

  /// The error for a statement on `table`; `cancelled` tells a requested cancel from a timeout.
  func error(
    about table: String, database: String, server: String, cancelled: Bool, scrub: (String) -> String
  ) -> BackendError {
    switch sqlState {
    case "57014" where cancelled:
      return .databaseQueryCancelled(table: table)
    case "42P01":
      return .databaseTableMissing(table, database: database, server: server)
    case "57P01", "57P02", "57P03":
      return .databaseConnectionLost(server: server, reason: scrub(message))
    case let state where state.hasPrefix("08"):
      return .databaseConnectionLost(server: server, reason: scrub(message))
    default:
      return .databaseQueryFailed(table: table, server: server + "/" + database, reason: scrub(message))
    }
  }

  /// The error for a failed connection attempt, from libpq's message (no SQLSTATE is given).
  ///
  /// libpq's line reads `connection to server at "h" (addr), port 5432 failed: FATAL:  reason`;
  /// the part after `failed:` is the reason, and a refused login is told from an unreachable
  /// server by the words the server and libpq use for authentication.
  static func connecting(message: String, server: String, user: String) -> BackendError {
    var reason = Substring(message)
    if let range = reason.range(of: "failed: ") { reason = reason[range.upperBound...] }
    for prefix in ["FATAL:", "ERROR:"] where reason.hasPrefix(prefix) {
      reason = reason.dropFirst(prefix.count).drop { $0 == " " }
    }
    let text = reason.isEmpty ? "the server gave no reason" : String(reason)
    let loginWords = [
      "authentication failed", "no password supplied", "pg_hba.conf", "password authentication",
      "role \"",
    ]
    if loginWords.contains(where: { text.contains($0) }) {
      return .databaseLoginRefused(server: server, user: user, reason: text)
    }
    return .databaseUnreachable(server: server, reason: text)
  }
}
