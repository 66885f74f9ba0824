import Foundation

/// The data commands: `load` with formats and column roles, `export`, `set fields`, `set format`,
/// and `list` in a machine-readable format.
extension Session {
  // MARK: - Loading

  /// `load NAME|PATH|- [--format F] [--title COL] [--scope COL|none]`.
  func loadCommand(_ text: String) throws(ShellError) {
    let request = try LoadRequest.parse(text)
    let result = try openDataset(request)
    replaceDataset(with: result.dataset)
    loadedWith = request
    lastCallbacks = []
    _ = lifecycle.reduce(&state, .datasetLoaded)
    for warning in result.warnings { console.printError("warning: " + Sanitizer.printable(warning)) }
    let name = Sanitizer.printable(result.dataset.name)
    console.print(
      "Loaded '\(name)': \(result.dataset.rowCount) rows, flavor \(settings.lifecycle.flavor.rawValue), match \(settings.match.rawValue)"
    )
    printScreen()
  }

  /// Reads the dataset a request names: bundled, standard input, or a file.
  ///
  /// Options given with a bundled name apply to its file. Nothing in the session changes here,
  /// so a failure keeps the old dataset.
  func openDataset(_ request: LoadRequest) throws(ShellError) -> LoadResult {
    if let catalog, let entry = catalog.entry(request.target) {
      if !request.hasOverrides {
        let format = DataFormat.forPath(entry.file) ?? .text
        return LoadResult(dataset: try catalog.load(entry.name), warnings: [], format: format)
      }
      let options = LoadOptions(
        name: entry.name, source: .bundled(entry.name), presets: entry.presets, format: request.format,
        title: request.title.map(ColumnChoice.named) ?? entry.titleColumn.map(ColumnChoice.named)
          ?? .automatic,
        scope: request.scope == nil
          ? (entry.scopeColumn.map(ColumnChoice.named) ?? .automatic) : request.scopeChoice,
        scopeTitles: request.scope == nil ? entry.scopes : nil)
      return try load(.file(catalog.directory.appendingPathComponent(entry.file).path), options: options)
    }
    if request.target == "-" {
      guard datasetInputIsFree else { throw .standardInputInUse }
      let options = LoadOptions(
        name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"),
        format: request.format,
        title: request.titleChoice, scope: request.scopeChoice)
      return try load(.standardInput, options: options)
    }
    let path = (request.target as NSString).expandingTildeInPath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      let looksLikePath = request.target.contains("/") || request.target.contains(".")
      if looksLikePath || catalog == nil { throw .fileNotFound(request.target) }
      throw .unknownDataset(request.target, suggestion: request.target.nearest(in: catalog?.names ?? []))
    }
    if isDirectory.boolValue { throw .isDirectory(request.target) }
    // The name shows in the prompt and the status: a file name must not drive the terminal either.
    let name = Sanitizer.printable(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    let options = LoadOptions(
      name: name, source: .file(path), presets: DatasetPresets(title: name), format: request.format,
      title: request.titleChoice, scope: request.scopeChoice)
    return try load(.file(path), options: options)
  }

  /// Runs a load under the executable's monitor, if it set one.
  private func load(_ input: DataInput, options: LoadOptions) throws(ShellError) -> LoadResult {
    guard let monitor = loadMonitor else { return try DatasetLoader.load(input, options: options) }
    monitor.loadWillStart(input.label)
    defer { monitor.loadDidEnd() }
    let control = LoadControl(
      progress: { monitor.loadProgressed(bytesRead: $0, totalBytes: $1) },
      isCancelled: { monitor.isCancelled })
    return try DatasetLoader.load(input, options: options, control: control)
  }

  // MARK: - Export

  /// `export FILE`: the rows of the table on screen, in the format the extension names.
  func exportCommand(_ path: String) throws(ShellError) {
    let rows = tableRows
    let ids = (0..<rows.count).map { rows[$0] }
    let format = try DatasetExporter.format(forPath: path)
    let written = try DatasetExporter.export(
      dataset, rows: ids, to: path, format: format, protectedPaths: bundledPaths)
    console.print(
      "Exported \(written) \(written == 1 ? "row" : "rows") to '\(Sanitizer.printable(path))' (\(format.rawValue))"
    )
  }

  /// The bundled datasets' files and manifest, which `export` never writes over.
  var bundledPaths: [String] {
    guard let catalog else { return [] }
    return (catalog.entries.map(\.file) + ["manifest.json"]).map {
      catalog.directory.appendingPathComponent($0).path
    }
  }

  // MARK: - Options

  /// `set fields COL,COL`: the columns the search matches (the title column alone by default).
  func setFields(_ value: String) throws(ShellError) {
    let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
      throw .invalidValue(option: "fields", value: value, allowed: "comma-separated column names")
    }
    var columns: [Int] = []
    for name in names {
      guard let column = ColumnRoles.index(of: name, in: dataset.columns) else {
        throw .unknownColumn(name, columns: dataset.columns)
      }
      if !columns.contains(column) { columns.append(column) }
    }
    // The current text must still be a valid query; it is, whatever the columns, so only the
    // table on screen needs drawing again.
    searchColumns(columns)
    if state.shown == .results { printScreen(forceTable: true) }
  }

  /// The searched columns' names, as `set` lists them.
  var fieldsDescription: String { engine.columns.map { dataset.columns[$0] }.joined(separator: ",") }

  /// `set format F`: how `list` prints rows.
  func setFormat(_ value: String) throws(ShellError) {
    guard let format = OutputFormat(rawValue: value) else {
      throw .invalidValue(option: "format", value: value, allowed: OptionRegistry.oneOf(Self.listFormats))
    }
    outputFormat = format
  }

  /// The formats `set format` takes.
  static let listFormats = OutputFormat.allCases.map(\.rawValue)

  // MARK: - Listing

  /// `list` in a format other than `table`: every row of the table on screen (or one page),
  /// with nothing else, so the output can be parsed.
  func printRows(page token: String?) throws(ShellError) {
    let rows = tableRows
    var range = 0..<rows.count
    if let token, token != "all" {
      let pageSize = max(1, settings.pageSize)
      let pages = UserNumber.pageCount(rows: rows.count, pageSize: pageSize)
      guard let page = Int(token), page >= 1, page <= pages else {
        throw .invalidValue(option: "list", value: token, allowed: "'all' or a page from 1 to \(pages)")
      }
      // page <= pages, so the start is at most rows.count and the end cannot overflow.
      let start = (page - 1) * pageSize
      range = start..<(start + min(pageSize, rows.count - start))
    }
    let writer = RowWriter(dataset: dataset, format: outputFormat, terminalSafe: true)
    writer.write(rows: range.map { rows[$0] }) { (record: String) throws(Never) in console.print(record) }
  }
}
