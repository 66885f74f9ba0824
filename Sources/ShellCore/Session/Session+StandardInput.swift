import Engine
import Foundation
import Tables

/// Sessions on the rows piped in, as the picker and `--filter` read them.
extension Session {
  /// A session on the rows of standard input, as the picker and `--filter` read them: every row
  /// is one, whatever it looks like, split as `rows` says (LF, or NUL for `--read0`); `match`
  /// names the rule, if given.
  public static func onStandardInputLines(
    console: Console, match: String?, useColor: Bool, rows: PipedRows = PipedRows(),
    configuration: ShellConfiguration = ShellConfiguration()
  ) throws(ShellError) -> Session {
    try onPipedRows(
      from: STDIN_FILENO, console: console, match: match, useColor: useColor, rows: rows,
      configuration: configuration)
  }

  /// A session on the rows of `file` (nil: standard input), read to the end as the picker and
  /// `--filter` read them.
  public static func onPipedRows(
    from file: String?, console: Console, match: String?, useColor: Bool, rows: PipedRows,
    configuration: ShellConfiguration
  ) throws(ShellError) -> Session {
    guard let file else {
      return try onStandardInputLines(
        console: console, match: match, useColor: useColor, rows: rows, configuration: configuration)
    }
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ShellError(TableError.unreadableFile(file, reason: String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    return try onPipedRows(
      from: descriptor, console: console, match: match, useColor: useColor, rows: rows,
      configuration: configuration)
  }

  /// A session on the rows read from `descriptor` to its end (a pipe, or a file in tests).
  static func onPipedRows(
    from descriptor: Int32, console: Console, match: String?, useColor: Bool, rows: PipedRows,
    configuration: ShellConfiguration
  ) throws(ShellError) -> Session {
    var options = LoadOptions(
      name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"), format: .text,
      scope: .none)
    options.limit = try configuration.loadLimit.get()
    let (loaded, piped) = try tables { () throws(TableError) in
      try PipedRowReader.read(descriptor, rows: rows, options: options)
    }
    let session = try onPipedTable(
      loaded, rows: piped, console: console, useColor: useColor, configuration: configuration)
    if let match { try session.setMatch(match) }
    return session
  }

  /// A session on a table of piped rows already read (`loaded`), printing `rows`' own bytes.
  static func onPipedTable(
    _ loaded: LoadResult, rows: PipedRows, console: Console, useColor: Bool, configuration: ShellConfiguration
  ) throws(ShellError) -> Session {
    var request = LoadRequest(target: "-")
    request.format = .text
    request.scope = "none"
    let session = try Session(
      console: console, catalog: nil, opening: request, isInteractive: false, useColor: useColor,
      configuration: configuration, preloaded: loaded)
    session.live.pipedRows = rows
    return session
  }

  /// Prints every row matching `query` as data (`--filter`) and returns how many.
  ///
  /// The rows come in the order the rule gives (fuzzy: best first), read a chunk at a time; an
  /// invalid query is an error before anything prints.
  @discardableResult
  public func printMatches(_ query: String) throws(ShellError) -> Int {
    try validateQuery(query)
    let rows = screen.filteredRows(text: query, scope: 0)
    let count = try inBackend(rows.exactCount)
    for start in stride(from: 0, to: count, by: Self.listChunk) {
      for row in rows.rows(in: start..<min(start + Self.listChunk, count)) {
        printPipedRow(row.id, title: row.title)
      }
    }
    return count
  }

  /// Writes the picker's rows as data: unescaped into a pipe, escaped on a terminal.
  public func printPicked(_ picker: PickerController) {
    for row in picker.pickedRows { printPipedRow(row, title: screen.dataset.title(row)) }
  }

  /// Writes row `row` as it was piped in.
  ///
  /// Its own bytes go into a pipe or a file, one escaped line to a terminal. A session not on
  /// piped rows prints the title.
  private func printPipedRow(_ row: Int, title: String) {
    guard let piped = live.pipedRows else { return printData(title) }
    let bytes = piped.originalBytes(ofRow: row) ?? Array(title.utf8)
    if let raw = console as? RawDataConsole {
      raw.printRawBytes(bytes, terminator: piped.terminator.rawValue)
    } else {
      console.print(String(decoding: bytes, as: UTF8.self))
    }
  }
}
