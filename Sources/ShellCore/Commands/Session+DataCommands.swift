import Foundation

/// The data commands: `load` with formats and column roles, `export`, `set fields`, `set format`,
/// and `list` in a machine-readable format.
extension Session {
  // MARK: - Loading

  /// `load NAME|PATH|- [--format F] [--title COL] [--scope COL|none]`.
  func loadCommand(_ text: String) throws(ShellError) {
    let request = try LoadRequest.parse(text)
    // The monitor watches the index build too: Ctrl-C there cancels the load like Ctrl-C
    // while reading, before anything in the session changes.
    loadMonitor?.loadWillStart(request.target)
    defer { loadMonitor?.loadDidEnd() }
    let result = try openDataset(request)
    let monitor = loadMonitor
    let engine = SearchEngine(
      dataset: result.dataset, isCancelled: monitor.map { monitor in { monitor.isCancelled } })
    if engine.wasCancelled { throw .loadCancelled(request.target) }
    replaceDataset(with: result.dataset, engine: engine)
    loadedWith = request
    apply([.datasetLoaded], echo: .console)
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
        scopeTitles: request.scope == nil ? entry.scopes : nil, jsonPath: request.jsonPath)
      return try load(.file(catalog.directory.appendingPathComponent(entry.file).path), options: options)
    }
    if request.target == "-" {
      guard datasetInputIsFree else { throw .standardInputInUse }
      let options = LoadOptions(
        name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"),
        format: request.format,
        title: request.titleChoice, scope: request.scopeChoice, jsonPath: request.jsonPath)
      return try load(.standardInput, options: options)
    }
    let path = HomeFolder.expanding(request.target)
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
      title: request.titleChoice, scope: request.scopeChoice, jsonPath: request.jsonPath)
    return try load(.file(path), options: options)
  }

  /// Runs a load under the executable's monitor, if it set one.
  ///
  /// The load is held to `LoadLimit.standard()`; a FIFO without a writer says what it waits for.
  /// `loadCommand` ends the monitor's watch after the index build.
  private func load(_ input: DataInput, options: LoadOptions) throws(ShellError) -> LoadResult {
    var options = options
    options.limit = try LoadLimit.standard()
    let console = self.console
    let waiting: (String) -> Void = { label in
      console.printError("Waiting for a writer on \(Sanitizer.quoted(label)) (Ctrl-C to stop)")
    }
    guard let monitor = loadMonitor else {
      return try DatasetLoader.load(input, options: options, control: LoadControl(waiting: waiting))
    }
    // The progress bar shows the file's name: it must not drive the terminal either.
    monitor.loadWillStart(Sanitizer.printable(input.label))
    let control = LoadControl(
      progress: { monitor.loadProgressed(bytesRead: $0, totalBytes: $1) },
      isCancelled: { monitor.isCancelled }, waiting: waiting)
    return try DatasetLoader.load(input, options: options, control: control)
  }

  // MARK: - Export

  /// `export FILE|- [--format F]`: the rows of the table on screen, in the format the extension
  /// (or `--format`) names; `-` writes them to standard output.
  func exportCommand(_ text: String) throws(ShellError) {
    let request = try ExportRequest.parse(text)
    let rows = tableRows
    let ids = (0..<rows.count).map { rows[$0] }
    let format = try request.outputFormat()
    if request.isStandardOutput {
      try printData(rows: ids, format: format, command: "export")
      return
    }
    let path = request.target
    let written = try DatasetExporter.export(
      dataset, rows: ids, to: path, format: format, protectedPaths: protectedFiles, cancellation: interruption
    )
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
    bundledPaths + [dataset.source.path].compactMap { $0 }
  }

  // MARK: - Options

  /// `set fields COL,COL|*`: the columns the search matches (the title column alone by default).
  func setFields(_ value: String) throws(ShellError) {
    let columns = try columnList(value, option: "fields")
    // The current text must still be a valid query; it is, whatever the columns, so only the
    // table on screen needs drawing again.
    searchColumns(columns)
    if state.shown == .results { printScreen(forceTable: true) }
  }

  /// The searched columns' names, as `set` lists them.
  var fieldsDescription: String { columnNames(engine.columns) }

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
    var printed = 0
    try writer.write(rows: range.map { rows[$0] }) { (record: String) throws(ShellError) in
      try checkInterruption(command: "list", outcome: "stopped after \(printed) records")
      console.print(record)
      printed += 1
    }
  }
}
