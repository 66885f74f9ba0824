import Backends

extension ShellError {
  /// The shell's case for a backend's error, of the same name and payload.
  package init(_ error: BackendError) {
    switch error {
    case .notAvailable(let command, let reason): self = .notAvailable(command: command, reason: reason)
    case .fieldsOutOfMemory(let requested): self = .fieldsOutOfMemory(requested: requested)
    case .invalidDatabaseURL(let url, let reason): self = .invalidDatabaseURL(url, reason: reason)
    case .databaseUnreachable(let server, let reason):
      self = .databaseUnreachable(server: server, reason: reason)
    case .databaseLoginRefused(let server, let user, let reason):
      self = .databaseLoginRefused(server: server, user: user, reason: reason)
    case .databaseTableMissing(let table, let database, let server):
      self = .databaseTableMissing(table, database: database, server: server)
    case .databaseTableUnsuitable(let table, let server, let reason):
      self = .databaseTableUnsuitable(table, server: server, reason: reason)
    case .databaseExtensionMissing(let name, let database, let reason):
      self = .databaseExtensionMissing(name, database: database, reason: reason)
    case .databaseConnectionLost(let server, let reason):
      self = .databaseConnectionLost(server: server, reason: reason)
    case .databaseQueryFailed(let table, let server, let reason):
      self = .databaseQueryFailed(table: table, server: server, reason: reason)
    case .databaseQueryCancelled(let table): self = .databaseQueryCancelled(table: table)
    case .databasePrepareCancelled(let table, let step):
      self = .databasePrepareCancelled(table: table, step: step)
    case .rowsChanged(let expected, let read): self = .rowsChanged(expected: expected, read: read)
    case .search(let error): self = ShellError(error)
    case .table(let error): self = ShellError(error)
    }
  }
}

/// Runs `body`, a call into a backend, with its error as the shell's.
func inBackend<T>(_ body: () throws(BackendError) -> T) throws(ShellError) -> T {
  do { return try body() } catch { throw ShellError(error) }
}
