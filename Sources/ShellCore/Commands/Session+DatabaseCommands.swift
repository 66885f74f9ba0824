import Backends
import Engine
import Tables

/// The command for a table in PostgreSQL: `prepare` (and `prepare undo`).
extension Session {
  /// `prepare [undo]`: installs (or removes) what makes searches of the loaded table fast.
  func prepareCommand(_ argument: String?) throws(ShellError) {
    guard let database = screen.backend as? PostgresSearchBackend else {
      throw .notAvailable(command: "prepare", reason: "the dataset is not a PostgreSQL table")
    }
    let undo: Bool
    switch argument {
    case nil: undo = false
    case "undo"?: undo = true
    case let other?: throw .unexpectedArgument(command: "prepare", token: other, usage: "prepare [undo]")
    }
    let printer = PrepareProgress(statusLine: hooks.statusLine, width: hooks.terminalSize?().width ?? 80) {
      [console] in console.printError($0)
    }
    defer {
      printer.finish()
      // Searches use the table's new index (or the temporary fold function) from now on, even
      // after a cancel: the table was described again.
      screen.searchCache = nil
      database.forgetMainRows()
    }
    let backend = database.backend
    let done = try inBackend { () throws(BackendError) in
      undo
        ? try backend.unprepare(progress: printer.show, note: printer.note, cancellation: hooks.interruption)
        : try backend.prepare(progress: printer.show, note: printer.note, cancellation: hooks.interruption)
    }
    // The status line (standard error) goes before the lines that say what was done.
    printer.finish()
    for line in done { console.print(Sanitizer.printable(line)) }
  }

  /// Prints the server's notices since the last line (a view's `RAISE NOTICE`), one sanitized
  /// `notice:` line each (`PostgresNotices` keeps them; libpq never prints them).
  func reportServerNotices() {
    guard let database = screen.backend as? PostgresSearchBackend else { return }
    for line in database.backend.connection.notices.drain() { console.printError("notice: " + line) }
    database.backend.connection.drainReconnections().forEach(printWarning)
  }
}
