import CLibPQ
import Foundation

extension PostgresConnection {
  /// Connects without blocking (`PQconnectStartParams`, then `PQconnectPoll`), the URL expanded
  /// in place of `dbname`, with `notices` receiving the server's notices from the start.
  ///
  /// `PQconnectdbParams` would leave the notices of the login itself (a role's setting the
  /// server warns about) to libpq's default processor, which writes them raw to stderr. A wait
  /// with no progress for `timeout` seconds ends the attempt (`timedOut`), as `connect_timeout` does.
  static func connect(
    keywords: [String], values: [String], notices: PostgresNotices, timeout: Int, timedOut: inout Bool
  ) -> OpaquePointer? {
    let started = withCStrings(keywords) { keys in
      withCStrings(values) { vals in
        var keyList = keys + [nil]
        var valueList = vals + [nil]
        return PQconnectStartParams(&keyList, &valueList, 1)
      }
    }
    guard let connection = started else { return nil }
    notices.register(on: connection)
    guard PQstatus(connection) != CONNECTION_BAD else { return connection }
    var state = PGRES_POLLING_WRITING
    while state != PGRES_POLLING_OK, state != PGRES_POLLING_FAILED {
      let events = state == PGRES_POLLING_READING ? POLLIN : POLLOUT
      var socket = pollfd(fd: PQsocket(connection), events: Int16(events), revents: 0)
      guard socket.fd >= 0 else { break }
      let milliseconds = Int32(clamping: max(1, timeout).multipliedReportingOverflow(by: 1000).partialValue)
      if Foundation.poll(&socket, 1, milliseconds) == 0 {
        timedOut = true
        break
      }
      state = PQconnectPoll(connection)
    }
    return connection
  }
}
