import Engine
import Tables

/// Why a backend could not answer: each case carries what its message needs, and the shell
/// renders it (`ShellError.init(_:)` maps each to the shell's case of the same name).
package enum BackendError: Error, Equatable, Sendable {
  /// A command this backend cannot serve (a database table has no file format), and why.
  case notAvailable(command: String, reason: String)
  /// `set fields` refused memory for the index of its columns: the allocation that failed.
  case fieldsOutOfMemory(requested: Int)
  /// A `postgres://` URL the backend cannot read (shown without its password), and why.
  case invalidDatabaseURL(String, reason: String)
  /// A PostgreSQL server that cannot be reached (`server`: its host or socket folder).
  case databaseUnreachable(server: String, reason: String)
  /// A PostgreSQL server that refused the login (the reason never holds the password).
  case databaseLoginRefused(server: String, user: String, reason: String)
  /// A table that is not in the database.
  case databaseTableMissing(String, database: String, server: String)
  /// A table the backend cannot search as it is (no order column, no title column), and why.
  case databaseTableUnsuitable(String, server: String, reason: String)
  /// An extension the search needs that the database lacks and could not be created.
  case databaseExtensionMissing(String, database: String, reason: String)
  /// A connection to PostgreSQL that dropped mid-session.
  case databaseConnectionLost(server: String, reason: String)
  /// A statement the server refused or stopped (`statement_timeout`), with its reason.
  case databaseQueryFailed(table: String, server: String, reason: String)
  /// A statement cancelled on request (a newer keystroke, Ctrl-C).
  case databaseQueryCancelled(table: String)
  /// A `prepare` (or `prepare undo`) cancelled during `step`: what it left is resumed by the next
  /// `prepare` or removed by `prepare undo`.
  case databasePrepareCancelled(table: String, step: String)
  /// Fewer rows read than counted (the table changed between the count and the reading).
  case rowsChanged(expected: Int, read: Int)
  /// The engine refused the search (a bad pattern, memory).
  case search(SearchError)
  /// The tables tier refused (an unknown column, a file).
  case table(TableError)
}

/// Runs `body`, a call into the engine, with its error as the backend's.
func inEngine<T>(_ body: () throws(SearchError) -> T) throws(BackendError) -> T {
  do { return try body() } catch { throw .search(error) }
}

/// Runs `body`, a call into the tables tier, with its error as the backend's.
func tables<T>(_ body: () throws(TableError) -> T) throws(BackendError) -> T {
  do { return try body() } catch { throw .table(error) }
}
