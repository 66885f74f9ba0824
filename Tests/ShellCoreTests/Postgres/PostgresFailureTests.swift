import Testing

@testable import Backends
@testable import ShellCore

/// libpq's failures as the one line the user sees (no server: the messages as libpq writes them).
struct PostgresFailureTests {
  static let connecting: [(message: String, line: String)] = [
    (
      "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: No such file or directory",
      "Cannot connect to PostgreSQL at 'h:5432': No such file or directory"
    ),
    (
      "connection to server at \"db\" (10.0.0.1), port 5432 failed: Connection refused",
      "Cannot connect to PostgreSQL at 'h:5432': Connection refused"
    ),
    (
      "could not translate host name \"nowhere\" to address: Name or service not known",
      "Cannot connect to PostgreSQL at 'h:5432': could not translate host name \"nowhere\" to address: Name or service not known"
    ),
    (
      "connection to server on socket \"/s/.s.PGSQL.5432\" failed: FATAL:  password authentication failed for user \"ann\"",
      "PostgreSQL at 'h:5432' refused the login of 'ann': password authentication failed for user \"ann\""
    ),
    (
      "connection to server at \"db\" (::1), port 5432 failed: fe_sendauth: no password supplied",
      "PostgreSQL at 'h:5432' refused the login of 'ann': fe_sendauth: no password supplied"
    ),
    (
      "connection to server on socket \"/s/.s.PGSQL.5432\" failed: FATAL:  role \"ann\" does not exist",
      "PostgreSQL at 'h:5432' refused the login of 'ann': role \"ann\" does not exist"
    ),
    (
      "connection to server on socket \"/s/.s.PGSQL.5432\" failed: FATAL:  database \"shop\" does not exist",
      "Cannot connect to PostgreSQL at 'h:5432': database \"shop\" does not exist"
    ),
    ("", "Cannot connect to PostgreSQL at 'h:5432': the server gave no reason"),
  ]

  @Test(arguments: connecting) func aFailedConnectionIsOneLine(_ message: String, _ line: String) {
    #expect(
      ShellError(PostgresFailure.connecting(message: message, server: "h:5432", user: "ann")).description
        == line)
  }

  static let statements: [(state: String, cancelled: Bool, line: String)] = [
    ("57014", true, "The query on 't' was cancelled"),
    ("57014", false, "The query on 't' at 'h:5432/d' failed: canceling statement due to statement timeout"),
    ("42P01", false, "No table 't' in database 'd' at 'h:5432'"),
    (
      "57P01", false,
      "Lost the connection to PostgreSQL at 'h:5432': canceling statement due to statement timeout"
    ),
    (
      "08006", false,
      "Lost the connection to PostgreSQL at 'h:5432': canceling statement due to statement timeout"
    ),
    ("42601", true, "The query on 't' at 'h:5432/d' failed: canceling statement due to statement timeout"),
  ]

  @Test(arguments: statements) func aFailedStatementIsOneLine(
    _ state: String, _ cancelled: Bool, _ line: String
  ) {
    let failure = PostgresFailure(sqlState: state, message: "canceling statement due to statement timeout")
    let error = failure.error(about: "t", database: "d", server: "h:5432", cancelled: cancelled) { $0 }
    #expect(ShellError(error).description == line)
  }

  @Test func messagesAreCutToTheirFirstLine() {
    #expect(PostgresConnection.firstLine("\n  first line \r\n\tsecond\n") == "first line")
    #expect(PostgresConnection.firstLine("") == "")
  }
}
