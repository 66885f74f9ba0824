import Backends
import Tables

extension DatasetOpener {
  /// Opens the PostgreSQL table `request` names; `--title` and `--scope` override the URL's
  /// `title=` and `scope=`, and `--format` means nothing for a table; `interruption` (Ctrl-C)
  /// stops its statements.
  static func openDatabase(
    _ request: LoadRequest, timeouts: PostgresTimeouts = PostgresTimeouts(),
    interruption: SearchCancellation? = nil
  )
    throws(ShellError) -> Opened
  {
    var url = try inBackend { () throws(BackendError) in try PostgresURL(parsing: request.target) }
    if request.format != nil {
      throw .notAvailable(command: "load --format", reason: "a database table has no file format")
    }
    if let title = request.title { url.parameters[.title] = title }
    if let scope = request.scope { url.parameters[.scope] = scope }
    let opened = try inBackend { () throws(BackendError) in
      try PostgresOpening.open(url, timeouts: timeouts, interruption: interruption)
    }
    return Opened(dataset: opened.dataset, backend: opened.backend, warnings: opened.warnings)
  }
}
