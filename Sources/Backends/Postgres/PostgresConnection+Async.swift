import CLibPQ
import Engine
import Foundation
import Tables

/// A statement sent without waiting for it (`PostgresConnection.start`): its outcome once read.
final class PostgresInFlight {
  /// What the error messages name.
  let about: String
  /// The rows or the error, once the statement finished; nil while it runs or after it was
  /// abandoned (`wasAbandoned`).
  fileprivate(set) var outcome: Result<PostgresRows, BackendError>?
  /// Whether a newer statement cancelled it before it finished (it must be run again).
  fileprivate(set) var wasAbandoned = false

  fileprivate init(about: String) {
    self.about = about
  }
}

/// Statements sent and read back without blocking the session: the count that runs behind the
/// first page, and statements a `SearchCancellation` may stop (a newer keystroke, Ctrl-C).
///
/// One statement runs at a time on a connection. Starting any statement first settles the one
/// in flight: read back if it is done, otherwise cancelled (`PQcancel`) and drained, so a newer
/// keystroke never waits for an older keystroke's count.
extension PostgresConnection {
  /// How long one wait for the socket lasts before the cancellation is looked at again (ms).
  static let pollInterval: Int32 = 5

  /// Runs `statement` and waits for it, cancelling it on the server when `cancellation` (else
  /// the connection's `interruption`) is cancelled meanwhile (the error is then
  /// `databaseQueryCancelled`).
  func run(_ statement: PostgresStatement, about: String, cancellation: SearchCancellation?)
    throws(BackendError) -> PostgresRows
  {
    // Cancelled before it began (a newer keystroke already waiting, Ctrl-C): nothing is sent.
    if (cancellation ?? interruption)?.isCancelled == true { throw .databaseQueryCancelled(table: about) }
    return try reconnecting(statement) { () throws(BackendError) -> PostgresRows in
      let sent = try start(statement, about: about)
      try finish(sent, cancellation: cancellation)
      inFlight = nil
      guard let outcome = sent.outcome else { throw .databaseQueryCancelled(table: about) }
      return try outcome.get()
    }
  }

  /// Sends `statement` without waiting; the statement in flight before it is settled first.
  func start(_ statement: PostgresStatement, about: String) throws(BackendError) -> PostgresInFlight {
    guard !statement.parameters.contains(where: { $0.utf8.contains(0) }) else {
      throw .databaseQueryFailed(table: about, server: place, reason: "a value cannot hold NUL")
    }
    settleInFlight()
    // Found down (a count behind the page lost it): reconnect before anything is sent.
    if !isConnected, !isReconnecting { try reconnect(after: nil) }
    try applyTimeout()
    onStatement?(statement.sql)
    cancelHandle.beginStatement()
    let sent = Self.withCStrings(statement.parameters) { values in
      PQsendQueryParams(connection, statement.sql, Int32(values.count), nil, values, nil, nil, 0)
    }
    guard sent == 1 else {
      if PQstatus(connection) != CONNECTION_OK {
        throw .databaseConnectionLost(server: server, reason: url.scrubbed(Self.message(connection)))
      }
      throw .databaseQueryFailed(table: about, server: place, reason: url.scrubbed(Self.message(connection)))
    }
    let flight = PostgresInFlight(about: about)
    inFlight = flight
    return flight
  }

  /// Reads `flight`'s outcome if it has arrived, without blocking; true when it is known.
  func poll(_ flight: PostgresInFlight) -> Bool {
    guard flight.outcome == nil, !flight.wasAbandoned else { return true }
    guard inFlight === flight else { return true }
    if PQconsumeInput(connection) == 0 || PQisBusy(connection) == 0 {
      collect(flight)
      inFlight = nil
      return true
    }
    return false
  }

  /// Waits for `flight` (the statement in flight), cancelling it when `cancellation` (else the
  /// connection's `interruption`) is cancelled; afterwards its `outcome` is set, or nil when it
  /// was cancelled.
  func finish(_ flight: PostgresInFlight, cancellation given: SearchCancellation?) throws(BackendError) {
    guard inFlight === flight, flight.outcome == nil else { return }
    let cancellation = given ?? interruption
    var cancelSent = false
    while PQisBusy(connection) != 0 {
      if !cancelSent, cancellation?.isCancelled == true {
        cancelHandle.cancel()
        cancelSent = true
      }
      var socket = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
      guard socket.fd >= 0 else { break }
      _ = Foundation.poll(&socket, 1, Self.pollInterval)
      if PQconsumeInput(connection) == 0 { break }
    }
    collect(flight)
    inFlight = nil
    if cancelSent, case .failure(.databaseQueryCancelled) = flight.outcome { flight.outcome = nil }
  }

  /// Settles the statement in flight: read back when done, else cancelled and drained.
  func settleInFlight() {
    guard let flight = inFlight else { return }
    if !poll(flight) {
      cancelHandle.cancel()
      collect(flight)
      if case .failure(.databaseQueryCancelled) = flight.outcome {
        flight.outcome = nil
        flight.wasAbandoned = true
      }
    }
    inFlight = nil
  }

  /// Reads every result of the statement (blocking until the last), keeping the first's outcome.
  private func collect(_ flight: PostgresInFlight) {
    var first: Result<PostgresRows, BackendError>? = nil
    while let result = PQgetResult(connection) {
      if first == nil { first = outcome(of: result, about: flight.about) }
      PQclear(result)
    }
    flight.outcome = first ?? outcome(of: nil, about: flight.about)
  }
}
