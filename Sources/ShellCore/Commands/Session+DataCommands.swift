import Backends
import Engine
import Foundation
import Tables
import UIKitModel

/// The data commands: `load` with formats and column roles, `export`, `set fields`, `set format`,
/// and `list` in a machine-readable format.
extension Session {
  // MARK: - Loading

  /// `load NAME|PATH|- [--format F] [--title COL] [--scope COL|none] [--no-cache]`.
  func loadCommand(_ text: String) throws(ShellError) {
    try load(LoadRequest.parse(text))
  }

  /// Opens what `request` names and puts it on screen; a failure changes nothing.
  ///
  /// `note` ends the `Loaded` line: `next` says there which file of the list it is.
  func load(_ request: LoadRequest, note: String = "") throws(ShellError) {
    let opened = try openDataset(request)
    let preferences = replaceDataset(with: opened)
    screen.loadedWith = request
    apply([.datasetLoaded], echo: .console)
    opened.warnings.forEach(printWarning)
    reportIndexCacheNotes()
    if let line = opened.reading?.loadLine { console.print(line) }
    let name = Sanitizer.printable(opened.dataset.name)
    console.print(
      "Loaded '\(name)': \(ScreenRenderer.describe(opened.backend.totalRows)) rows, flavor \(screen.settings.lifecycle.flavor.rawValue), match \(screen.settings.match.rawValue)\(note)"
    )
    printPreferenceReport(preferences)
    printScreen()
  }

  // MARK: - Export

  /// `export FILE|- [--format F]`: the rows of the table on screen, in the format the extension
  /// (or `--format`) names; `-` writes them to standard output.
  func exportCommand(_ text: String) throws(ShellError) {
    let request = try ExportRequest.parse(text)
    let rows = screen.tableRows
    let format = try request.outputFormat()
    let exported = try asExport { () throws(ShellError) in
      try inBackend { () throws(BackendError) in
        try screen.backend.exportable(try Self.everyID(of: rows))
      }
    }
    if request.isStandardOutput {
      try printData(rows: exported.rows, of: exported.dataset, format: format, command: "export")
      return
    }
    let path = request.target
    let written = try tables { () throws(TableError) in
      try DatasetExporter.export(
        exported.dataset, rows: exported.rows, to: path, format: format, protectedPaths: protectedFiles,
        cancellation: hooks.interruption)
    }
    console.print(
      "Exported \(written) \(written == 1 ? "row" : "rows") to '\(Sanitizer.printable(path))' (\(format.rawValue))"
    )
  }

  /// The bundled datasets' files and manifest.
  var bundledPaths: [String] {
    guard let catalog else { return [] }
    return (catalog.entries.map(\.file) + ["manifest.json"]).map {
      catalog.directory.appendingPathComponent($0).path
    }
  }

  /// The files no writer may write over: the loaded dataset's own file and the bundled ones.
  var protectedFiles: [String] {
    bundledPaths + [screen.dataset.source.path].compactMap { $0 }
  }

  // MARK: - Options

  /// `set fields COL,COL|*`: the columns the search matches (a file's text columns by default).
  func setFields(_ value: String) throws(ShellError) {
    let columns = try columnList(value, option: "fields")
    if columns != [screen.dataset.titleColumn], let reason = screen.backend.lacks(.searchingOtherColumns) {
      throw .notAvailable(command: "set fields", reason: reason)
    }
    // The current text is searched in the new columns before they are kept: a search the
    // system refuses memory to leaves the old ones.
    try screen.searchColumns(columns, cancellation: hooks.interruption)
    if screen.state.shown == .results { printScreen(forceTable: true) }
  }

  /// `set format F`: how `list` prints rows.
  func setFormat(_ value: String) throws(ShellError) {
    guard let format = OutputFormat(rawValue: value) else {
      throw .invalidValue(option: "format", value: value, allowed: OptionRegistry.oneOf(Self.listFormats))
    }
    output.format = format
  }

  /// The formats `set format` takes.
  static let listFormats = OutputFormat.allCases.map(\.rawValue)

  // MARK: - Listing

  /// `list` in a format other than `table`: every row of the table on screen (or one page),
  /// with nothing else, so the output can be parsed.
  func printRows(page token: String?) throws(ShellError) {
    try asExport { () throws(ShellError) in try printRows(of: screen.tableRows, page: token) }
  }

  /// `printRows` of `rows`.
  private func printRows(of rows: any SearchRows, page token: String?) throws(ShellError) {
    let count = try inBackend(rows.exactCount)
    var range = 0..<count
    if let token, token != "all" {
      let pageSize = max(1, screen.settings.pageSize)
      let pages = UserNumber.pageCount(rows: count, pageSize: pageSize)
      guard let page = Int(token), page >= 1, page <= pages else {
        throw .invalidValue(option: "list", value: token, allowed: "'all' or a page from 1 to \(pages)")
      }
      // page <= pages, so the start is at most rows.count and the end cannot overflow.
      let start = (page - 1) * pageSize
      range = start..<(start + min(pageSize, count - start))
    }
    let exported = try inBackend { () throws(BackendError) in
      try screen.backend.exportable(try Self.everyID(of: rows, in: range, count: count))
    }
    let writer = RowWriter(dataset: exported.dataset, format: output.format, terminalSafe: true)
    var printed = 0
    try writer.write(rows: exported.rows) { (record: String) throws(ShellError) in
      try checkInterruption(command: "list", outcome: "stopped after \(printed) records")
      console.printData(record)
      printed += 1
    }
  }

  /// Every row of `rows` at `range` (all of them by default), after the exact count: fewer rows
  /// read than counted (the table changed meanwhile, a page that failed) is an error, never a
  /// shorter export.
  static func everyID(of rows: any SearchRows, in range: Range<Int>? = nil, count known: Int? = nil)
    throws(BackendError) -> [Int]
  {
    let count: Int
    if let known { count = known } else { count = try rows.exactCount() }
    let range = range ?? 0..<count
    let ids = try rows.readIDs(in: range)
    guard ids.count == range.count else { throw .rowsChanged(expected: range.count, read: ids.count) }
    return ids
  }
}
