import CLibPQ
import Engine
import Foundation

/// A long step of `prepare` (an index built or dropped concurrently, `ANALYZE`), run while a
/// second connection reads its progress from the server's progress views, and cancelled
/// (`PQcancel`) on Ctrl-C.
enum PostgresIndexBuild {
  /// How often the progress is read (seconds).
  static let progressInterval = 1.0

  /// Runs `statement` (outside a transaction), reporting `step`'s progress through `monitor`.
  ///
  /// A cancel throws `databasePrepareCancelled`: what the step leaves (an INVALID index) is for the
  /// next `prepare` to resume or `prepare undo` to remove.
  static func run(
    _ statement: PostgresStatement, step: String, _ connection: PostgresConnection, table: String,
    monitor: PostgresPreparation.Monitor
  ) throws(BackendError) {
    // The progress is read on a connection of its own; without one the step runs unreported.
    let watcher = try? PostgresConnection(url: connection.url, statementTimeout: 2000)
    let pid = String(connection.backendProcessID)
    let flight = try connection.start(statement, about: table)
    var cancelSent = false
    var lastRead = Date()
    while !connection.poll(flight) {
      if !cancelSent, monitor.cancellation?.isCancelled == true {
        connection.cancelHandle.cancel()
        cancelSent = true
      }
      connection.waitForInput(milliseconds: 100)
      if let watcher, !cancelSent, Date().timeIntervalSince(lastRead) >= progressInterval {
        lastRead = Date()
        if let line = progress(of: pid, step: step, watcher, table: table) { monitor.progress(line) }
      }
    }
    guard let outcome = flight.outcome else { throw .databaseQueryCancelled(table: table) }
    switch outcome {
    case .success: return
    case .failure(.databaseQueryCancelled) where cancelSent:
      throw .databasePrepareCancelled(table: table, step: step)
    case .failure(let error): throw error
    }
  }

  /// The progress line of the server process `pid`, or nil when it reports none yet.
  static func progress(of pid: String, step: String, _ watcher: PostgresConnection, table: String) -> String?
  {
    let eq = "OPERATOR(pg_catalog.=)"
    let statement = PostgresStatement(
      "SELECT p.phase, p.blocks_done::pg_catalog.text, p.blocks_total::pg_catalog.text, "
        + "p.tuples_done::pg_catalog.text, p.tuples_total::pg_catalog.text, p.lockers_done::pg_catalog.text, "
        + "p.lockers_total::pg_catalog.text, p.current_locker_pid::pg_catalog.text "
        + "FROM pg_catalog.pg_stat_progress_create_index p WHERE p.pid \(eq) $1::pg_catalog.int4 "
        + "UNION ALL SELECT a.phase, a.sample_blks_scanned::pg_catalog.text, a.sample_blks_total::pg_catalog.text, "
        + "NULL, NULL, NULL, NULL, NULL FROM pg_catalog.pg_stat_progress_analyze a WHERE a.pid \(eq) $1::pg_catalog.int4",
      [pid])
    guard let row = try? watcher.run(statement, about: table).rows.first else { return nil }
    return line(
      step: step, phase: row[0] ?? "",
      blocks: counts(row[1], row[2]), tuples: counts(row[3], row[4]), lockers: counts(row[5], row[6]),
      locker: row[7].flatMap { $0 == "0" ? nil : $0 })
  }

  /// Done and total read from two text fields; nil when the total is unknown (0 or NULL).
  private static func counts(_ done: String?, _ total: String?) -> (done: Int, total: Int)? {
    guard let total = total.flatMap({ Int($0) }), total > 0 else { return nil }
    return (min(done.flatMap { Int($0) } ?? 0, total), total)
  }

  /// One progress line: the step, the server's phase and its counts (`12,000 of 48,000 blocks
  /// (25%)`), and the session it waits for in a waiting phase.
  static func line(
    step: String, phase: String, blocks: (done: Int, total: Int)?, tuples: (done: Int, total: Int)?,
    lockers: (done: Int, total: Int)?, locker: String?
  ) -> String {
    var text = "prepare: \(step): \(phase)"
    if let blocks { text += ", " + fraction(blocks, unit: "blocks") }
    if let tuples { text += ", " + fraction(tuples, unit: "tuples") }
    if let lockers { text += ", " + fraction(lockers, unit: "transactions waited for") }
    if let locker { text += ", waiting for server process \(locker)" }
    return text
  }

  /// `done of total unit (percent%)`, with thousands separators.
  private static func fraction(_ counts: (done: Int, total: Int), unit: String) -> String {
    let percent =
      counts.total > 0 ? counts.done.multipliedReportingOverflow(by: 100).partialValue / counts.total : 0
    return "\(grouped(counts.done)) of \(grouped(counts.total)) \(unit) (\(percent)%)"
  }

  /// `value` with a comma every three digits.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }
}

extension PostgresConnection {
  /// Waits until the server has sent something, or `milliseconds` passed.
  func waitForInput(milliseconds: Int32) {
    var socket = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
    guard socket.fd >= 0 else { return }
    _ = Foundation.poll(&socket, 1, milliseconds)
  }
}
