import Backends
import Engine
import Foundation
import Tables

/// The one way a dataset is opened, at start (`--dataset`) and by `load`: read the rows a
/// request names, then build the backend that searches them.
///
/// Nothing in the session changes here, so a failure keeps the old dataset.
struct DatasetOpener {
  /// A dataset read and ready to search.
  struct Opened {
    /// The rows.
    let dataset: Dataset
    /// What searches them.
    let backend: any SearchBackend
    /// One-line notes on the file (invalid UTF-8, ragged rows).
    let warnings: [String]
    /// How a file was read (nil for a bundled dataset or a table), for `load`'s line and `explain`.
    var reading: ReadingReport?
    /// Where the search index came from (`status` shows it for a file).
    var index = IndexOrigin.built
    /// The cache entry the dataset and index are mapped from, to check before each use.
    var mapping: IndexCacheMapping?
  }

  /// Where a dataset's search index came from.
  enum IndexOrigin: String, Equatable {
    /// Built by this load.
    case built
    /// Mapped from the index cache (the file had not changed).
    case cache
  }

  /// The bundled datasets.
  let catalog: DatasetCatalog?
  /// The configuration read at start (the load limit, the cache size).
  let configuration: ShellConfiguration
  /// Watches long loads for a progress bar and Ctrl-C, if the executable set one.
  let monitor: (any LoadMonitor)?
  /// Where "waiting for a writer" goes.
  let console: Console
  /// Whether `-` may read standard input.
  let standardInputIsFree: Bool
  /// Ctrl-C: stops a database table's statements while it opens (and after, as the session's).
  var interruption: SearchCancellation?
  /// The statement timeouts a PostgreSQL table is opened with (`set timeout-KIND`).
  var databaseTimeouts = PostgresTimeouts()

  /// Reads the dataset `request` names and builds its backend.
  ///
  /// The monitor watches the index build too: Ctrl-C there cancels the load like Ctrl-C while
  /// reading.
  func open(_ request: LoadRequest) throws(ShellError) -> Opened {
    if PostgresOpening.isDatabase(request.target) {
      return try Self.openDatabase(request, timeouts: databaseTimeouts, interruption: interruption)
    }
    monitor?.loadWillStart(request.target)
    defer { monitor?.loadDidEnd() }
    let source = try resolve(request)
    // The cache's own warnings are this load's, not the process's (sessions share a process in
    // tests); they are never stored with the entry.
    var notes: [String] = []
    let cache = cacheEntry(for: source, request: request, notes: &notes)
    if let cache, let restored = restore(cache, request: request, notes: &notes) { return restored }
    let result: LoadResult
    switch source {
    case .loaded(let loaded): result = loaded
    case .input(let input, let options): result = try load(input, options: options)
    }
    let monitor = self.monitor
    monitor?.loadIndexing(rows: result.dataset.rowCount)
    // The index is part of a file's load: it gets what the limit leaves after the dataset's
    // text (a bundled dataset is loaded without a limit).
    var limit = LoadLimit.ceiling
    if case .input = source { limit = (try? configuration.loadLimit.get())?.bytes ?? limit }
    let held = result.dataset.withStorage { $0.count &+ $1.count &* 4 }
    let fields = ColumnRoles.searchedColumns(in: result.dataset, profile: result.profile)
    let backend = InMemoryBackend(
      dataset: result.dataset, columns: fields, cacheEntries: configuration.cacheEntries,
      indexBytes: limit &- held, isCancelled: monitor.map { monitor in { monitor.isCancelled } })
    if backend.exceededLimit { throw .loadTooLarge(request.target, limit: limit) }
    if let refused = backend.refusedBytes {
      throw .outOfMemory(request.target, held: held, requested: refused)
    }
    if backend.wasCancelled { throw .loadCancelled(request.target) }
    if let cache { store(cache, result: result, index: backend.engine.index) }
    var opened = Opened(dataset: result.dataset, backend: backend, warnings: notes + result.warnings)
    if case .input = source { opened.reading = result.reading }
    return opened
  }

  /// Builds the backend for rows read elsewhere (the rows piped into the picker).
  func open(loaded result: LoadResult, target: String) throws(ShellError) -> Opened {
    monitor?.loadIndexing(rows: result.dataset.rowCount)
    let monitor = self.monitor
    let backend = InMemoryBackend(
      dataset: result.dataset, cacheEntries: configuration.cacheEntries,
      isCancelled: monitor.map { monitor in { monitor.isCancelled } })
    if let refused = backend.refusedBytes {
      throw .outOfMemory(
        target, held: result.dataset.withStorage { $0.count &+ $1.count &* 4 }, requested: refused)
    }
    if backend.wasCancelled { throw .loadCancelled(target) }
    return Opened(dataset: result.dataset, backend: backend, warnings: result.warnings)
  }

  /// What a request names, before any of it is read.
  enum Source {
    /// A bundled dataset, already loaded.
    case loaded(LoadResult)
    /// A file or standard input, to read as `LoadOptions` say.
    case input(DataInput, LoadOptions)
  }

  /// What a request names: a bundled dataset (loaded), standard input, or a file.
  ///
  /// Options given with a bundled name apply to its file.
  func resolve(_ request: LoadRequest) throws(ShellError) -> Source {
    if let catalog, let entry = catalog.entry(request.target) {
      if !request.hasOverrides {
        let format = DataFormat.forPath(entry.file) ?? .text
        let dataset = try tables { () throws(TableError) in try catalog.load(entry.name) }
        return .loaded(LoadResult(dataset: dataset, warnings: [], format: format))
      }
      var options = LoadOptions(
        name: entry.name, source: .bundled(entry.name), presets: entry.presets, format: request.format,
        title: request.title.map(ColumnChoice.named) ?? entry.titleColumn.map(ColumnChoice.named)
          ?? .automatic,
        scope: request.scope == nil
          ? (entry.scopeColumn.map(ColumnChoice.named) ?? .automatic) : request.scopeChoice,
        scopeTitles: request.scope == nil ? entry.scopes : nil, jsonPath: request.jsonPath)
      options.reading = request.reading
      return .input(.file(catalog.directory.appendingPathComponent(entry.file).path), options)
    }
    if request.target == "-" {
      guard standardInputIsFree else { throw .standardInputInUse }
      var options = LoadOptions(
        name: "stdin", source: .standardInput, presets: DatasetPresets(title: "stdin"),
        format: request.format,
        title: request.titleChoice, scope: request.scopeChoice, jsonPath: request.jsonPath)
      options.reading = request.reading
      return .input(.standardInput, options)
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
    var url = URL(fileURLWithPath: path).deletingPathExtension()
    // `x.csv.gz` is named `x`, as `x.csv` is; `changelog.Debian.gz` keeps its `Debian`.
    if path.lowercased().hasSuffix(".gz"), DataFormat.forPath(path) != nil {
      url = url.deletingPathExtension()
    }
    let name = Sanitizer.printable(url.lastPathComponent)
    var options = LoadOptions(
      name: name, source: .file(path), presets: DatasetPresets(title: name), format: request.format,
      title: request.titleChoice, scope: request.scopeChoice, jsonPath: request.jsonPath)
    options.reading = request.reading
    return .input(.file(path), options)
  }

  /// Runs a load under the monitor, if there is one.
  ///
  /// The load is held to the configured `LoadLimit`; a FIFO without a writer says what it waits
  /// for.
  func load(_ input: DataInput, options: LoadOptions) throws(ShellError) -> LoadResult {
    var options = options
    options.limit = try configuration.loadLimit.get()
    let console = self.console
    let waiting: (String) -> Void = { label in
      console.printError("Waiting for a writer on \(Sanitizer.quoted(label)) (Ctrl-C to stop)")
    }
    guard let monitor else {
      return try tables { () throws(TableError) in
        try DatasetLoader.load(input, options: options, control: LoadControl(waiting: waiting))
      }
    }
    // The progress bar shows the file's name: it must not drive the terminal either.
    monitor.loadWillStart(Sanitizer.printable(input.label))
    let control = LoadControl(
      progress: { monitor.loadProgressed(bytesRead: $0, totalBytes: $1) },
      isCancelled: { monitor.isCancelled }, waiting: waiting)
    return try tables { () throws(TableError) in
      try DatasetLoader.load(input, options: options, control: control)
    }
  }
}
