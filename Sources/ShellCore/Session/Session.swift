import Foundation
import UIKitModel

/// One shell session: the loaded dataset, the search screen's state, the options, and the history.
///
/// `execute` runs one command line. A failed command prints one error line and changes nothing.
public final class Session {
  /// Where output goes; `quiet` swaps in a muted console for one command.
  var console: Console
  let catalog: DatasetCatalog?
  let style: TextStyle
  /// Whether a person is typing at a terminal (prompt, banner, colours, persistent history).
  public let isInteractive: Bool

  private(set) var dataset: Dataset
  /// What the session searches through (the in-memory engine unless a test wraps it).
  private(set) var backend: any SearchBackend
  /// What the environment configured at start.
  let configuration: ShellConfiguration
  var state = SearchState()
  var settings: SessionSettings
  var trace = TraceMode.off
  var timing = false
  /// How `list` prints rows (`set format`); `table` is the screen.
  var outputFormat = OutputFormat.table
  /// Watches long loads for a progress bar and Ctrl-C; set by the executable on a terminal.
  public var loadMonitor: (any LoadMonitor)?
  /// Whether `load -` may read standard input: true when the commands come from `-c`, not stdin.
  public var datasetInputIsFree = false
  /// The callbacks fired by the last command, for `expect callbacks` and `diagram last`.
  var lastCallbacks: [Callback] = []
  /// Every non-blank line entered this session (and, on a terminal, loaded from the history file).
  public var history: [String] = []
  /// The rows piped into `--pick` or `--filter`, for printing them back as they came.
  var pipedRows: PipedRows?
  /// How many commands have failed; the exit status is 1 when any did and input was not a terminal.
  public internal(set) var failureCount = 0
  /// The table last printed, so an action prints the table only when it changed.
  private var lastTable: TableKey?
  /// Where `trace json FILE` writes, one JSON object per line; nil writes to the console.
  var traceFile: AppendingFile?
  /// The last search, so drawing the table, its count and completion scan once per query
  /// (written by the search path in `Session+Search.swift`, forgotten with the backend).
  var searchCache: (key: SearchKey, rows: any SearchRows)?
  /// Runs live mode on the terminal; set by the executable only when it has one.
  public var liveRunner: ((Session) throws(ShellError) -> Void)?
  /// The commands equivalent to the keys typed in live mode, in order.
  var liveCommands: [LiveCommand] = []
  /// How scripts run (`--echo`, `--bail`, `--param`, pacing), from the command line.
  public var scriptOptions = ScriptOptions()
  /// The `load` that opened the dataset, for a recording's first line (nil: opened by name).
  var loadedWith: LoadRequest?
  /// Where the dataset's search index came from (built, or mapped from the index cache).
  var indexOrigin = DatasetOpener.IndexOrigin.built
  /// The index cache entry the dataset is mapped from, checked before each command.
  var indexCacheMapping: IndexCacheMapping?
  /// The walkthroughs `demo` runs; set by the executable.
  public var demos: DemoCatalog?
  /// Nesting, the recording and the callbacks `diagram` draws.
  var scripting = ScriptingState()
  /// Ctrl-C: long commands poll it and stop; the executable makes it follow SIGINT.
  public var interruption = SearchCancellation()
  /// Stops the search of the frame being drawn (live mode: the next key); nil between frames.
  public var frameCancellation: SearchCancellation?
  /// Whether this line's Ctrl-C has been reported, so the scripts it stops say nothing more.
  var interruptReported = false
  /// What the audience sees: every line passes it, and it keeps the cast being recorded.
  let audience: AudienceScreen
  /// The terminal's size, asked before each output; set by the executable only on a terminal
  /// (elsewhere output is 80 columns wide, the page keeps its size and nothing is paged).
  public var terminalSize: (() -> (width: Int, height: Int))?
  /// The columns the table shows and its order (`set columns`, `sort`).
  var view = TableView()
  /// The pager long output goes through; set by the executable on a terminal.
  public var pager: (any Pager)?
  /// `set pager` and whether `set page` chose the page size.
  var paging = PagingSettings()

  /// Opens a session on the catalog's default dataset (or `dataset`: a name, a path, or `-`;
  /// `jsonPath` the keys to a JSON file's rows), with `configuration` read from the
  /// environment at start (the defaults when not given).
  public convenience init(
    console: Console, catalog: DatasetCatalog?, dataset name: String? = nil, jsonPath: String? = nil,
    isInteractive: Bool, useColor: Bool, configuration: ShellConfiguration = ShellConfiguration()
  ) throws(ShellError) {
    // With no dataset named and no bundled folder found, say which folder is missing.
    guard let target = name ?? catalog?.defaultName else { throw .datasetsMissing("datasets/manifest.json") }
    var request = LoadRequest(target: target)
    if let jsonPath { request.jsonPath = try JSONKeyPath(parsing: jsonPath) }
    try self.init(
      console: console, catalog: catalog, opening: request, isInteractive: isInteractive, useColor: useColor,
      configuration: configuration)
  }

  /// Opens a session on the dataset `request` names.
  init(
    console: Console, catalog: DatasetCatalog?, opening request: LoadRequest, isInteractive: Bool,
    useColor: Bool, configuration: ShellConfiguration, preloaded: LoadResult? = nil
  ) throws(ShellError) {
    // Every line passes the sanitizer, so no path to the terminal can forget it.
    let audience = AudienceScreen(console, clock: PresentationClock(kind: isInteractive ? .real : .virtual))
    self.audience = audience
    let console = SanitizingConsole(audience, keepingStyle: useColor)
    self.console = console
    self.catalog = catalog
    self.isInteractive = isInteractive
    self.style = TextStyle(isEnabled: useColor)
    self.configuration = configuration
    // `--dataset -` asks for standard input by name; the executable checks the commands come
    // from elsewhere.
    let opener = DatasetOpener(
      catalog: catalog, configuration: configuration, monitor: nil, console: console,
      standardInputIsFree: request.target == "-")
    let opened: DatasetOpener.Opened
    if let preloaded {
      opened = try opener.open(loaded: preloaded, target: request.target)
    } else {
      opened = try opener.open(request)
    }
    self.dataset = opened.dataset
    self.backend = opened.backend
    self.settings = SessionSettings(presets: opened.dataset.presets)
    replaceDataset(with: opened)
    // A recording opens a key path's rows again the same way.
    if request.jsonPath != nil { loadedWith = request }
  }

  /// The prompt readline shows: the dataset's name.
  public var prompt: String { "\(Sanitizer.printable(dataset.name))> " }

  /// Whether the session should end with a failure status.
  public var hasFailures: Bool { failureCount > 0 }

  /// The longest command line, in UTF-8 bytes, that runs (1 MiB): longer ones are refused whole.
  public static let lineLimit = 1 << 20

  /// Runs one command line typed at the prompt; returns false when the session should end.
  @discardableResult
  public func execute(_ line: String) -> Bool {
    showTyped(line)
    let keepGoing = runLine(line, depth: 0)
    // A Ctrl-C belongs to the line it interrupted; the next line starts afresh.
    interruption.reset()
    interruptReported = false
    // At the prompt a failed script returns to the prompt (psql's ON_ERROR_STOP does too).
    if isInteractive { scripting.bailed = false }
    return keepGoing
  }

  /// Runs one line of a script at `depth`: echoes it, lets the pacer wait, runs it, records it.
  ///
  /// Returns false when the session should stop: `quit`, or a failure under `--bail`.
  func runLine(_ line: String, depth: Int, echo written: String? = nil) -> Bool {
    defer { flushCast() }
    rebuildIfIndexCacheChanged()
    defer { rebuildIfIndexCacheChanged() }
    reportIndexCacheNotes()
    // Refused before anything reads it: no echo, no history, no tokenizing.
    guard line.utf8.count <= Self.lineLimit else {
      report(.lineTooLong(limit: Self.lineLimit))
      if scriptOptions.bail { scripting.bailed = true }
      return !scripting.bailed
    }
    let trimmed = CommandTokenizer.trimmingLine(line)
    if trimmed.isEmpty { return true }
    // What is kept or shown of the line: a database URL without its password.
    let kept = PostgresURL.redactingURLs(in: trimmed)
    // Ctrl-C during the wait before it: the line does not run (its script says so).
    guard introduce(kept, depth: depth, written: written.map(PostgresURL.redactingURLs)) else { return true }
    if trimmed.hasPrefix("#") { return true }
    if depth <= 1, history.last != kept { history.append(kept) }
    let outerDepth = scripting.depth
    scripting.depth = depth
    scripting.currentLine = kept
    defer { scripting.depth = outerDepth }
    let started = DispatchTime.now()
    do throws(ShellError) {
      try dispatch(trimmed)
      record(kept, depth: depth)
    } catch {
      report(error)
      if scriptOptions.bail { scripting.bailed = true }
    }
    reportServerNotices()
    if timing {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
      console.print("time: " + String(format: "%.3f ms", elapsed))
    }
    return !scripting.quitRequested && !scripting.bailed
  }

  /// Prints an error line and counts the failure.
  public func report(_ error: ShellError) {
    failureCount += 1
    if error.isInterruption { interruptReported = true }
    console.printError(failurePlace + style.error("error:") + " " + error.description)
  }

  /// Parses a line against the registry and runs its command.
  func dispatch(_ line: String) throws(ShellError) {
    let (word, rest) = CommandTokenizer.firstWord(line[...])
    let name = String(word)
    guard let command = CommandRegistry.command(named: name) else {
      throw .unknownCommand(name, suggestion: name.nearest(in: CommandRegistry.names))
    }
    let arguments = try parseArguments(rest, for: command, typedName: name)
    try withPager(command.pagesOutput) { () throws(ShellError) in try command.run(self, arguments) }
  }

  private func parseArguments(_ rest: Substring, for command: Command, typedName: String) throws(ShellError)
    -> [String]
  {
    switch command.arguments {
    case .none:
      if let first = try CommandTokenizer.tokens(String(rest)).first {
        throw .unexpectedArgument(command: typedName, token: first.text, usage: command.usage)
      }
      return []
    case .text(let required):
      let isBlank = rest.unicodeScalars.allSatisfy(CommandTokenizer.isBlank)
      if isBlank {
        if required { throw .missingArgument(command: typedName, usage: command.usage) }
        return []
      }
      return [try CommandTokenizer.restOfLine(rest)]
    case .words(let min, let max):
      let words = try CommandTokenizer.tokens(String(rest)).map(\.text)
      if words.count < min { throw .missingArgument(command: typedName, usage: command.usage) }
      if words.count > max {
        throw .unexpectedArgument(command: typedName, token: words[max], usage: command.usage)
      }
      return words
    }
  }
}

// MARK: - Datasets

extension Session {
  /// Reads the dataset `request` names and builds its backend: the one way to open a dataset.
  ///
  /// `DatasetOpener` with the session's catalog, configuration and monitor (`Session.init`
  /// uses one too, for `--dataset`). Nothing in the session changes here.
  func openDataset(_ request: LoadRequest) throws(ShellError) -> DatasetOpener.Opened {
    let opener = DatasetOpener(
      catalog: catalog, configuration: configuration, monitor: loadMonitor, console: console,
      standardInputIsFree: datasetInputIsFree)
    return try opener.open(request)
  }

  /// The one way to reset: puts `opened` on screen and starts the search over, with its
  /// presets unless `keepingSettings` (`set scopes` relabels the same rows).
  func replaceDataset(with opened: DatasetOpener.Opened, keepingSettings: Bool = false) {
    dataset = opened.dataset
    backend = opened.backend
    indexOrigin = opened.index
    indexCacheMapping = opened.mapping
    if !keepingSettings {
      settings = SessionSettings(presets: opened.dataset.presets, keeping: settings)
      view = TableView()
    }
    state = SearchState()
    lastCallbacks = []
    lastTable = nil
    searchCache = nil
    scripting.diagram = []
    backend.prepare(for: settings.match)
    if settings.appearance.startsHidden { apply([.tableScrolledPastBar], echo: .console) }
  }

  /// Prints why an index was not cached (a write that failed in the background, or could not
  /// start), one warning line each; the session goes on.
  func reportIndexCacheNotes() {
    for note in IndexCacheWrites.shared.takeNotes() {
      console.printError("warning: " + Sanitizer.printable(note))
    }
  }

  /// Forgets which table was printed, so the next screen shows it again (after `quiet`, `record`).
  func forgetPrintedTable() {
    lastTable = nil
  }
}

extension Session {
  /// The same rows under new scope titles (`set scopes`): a reset that keeps the settings and
  /// the searched columns.
  func relabelScopes(_ titles: [String]) {
    let relabeled = dataset.relabelingScopes(titles)
    let opened = DatasetOpener.Opened(
      dataset: relabeled, backend: backend.relabeled(as: relabeled), warnings: [], index: indexOrigin,
      mapping: indexCacheMapping)
    replaceDataset(with: opened, keepingSettings: true)
  }

  /// Searches `columns` from now on (`set fields`); the screen stays as it is.
  func searchColumns(_ columns: [Int]) {
    backend = backend.searching(columns: columns)
    backend.prepare(for: settings.match)
    searchCache = nil
  }
}

// MARK: - What the table shows

/// Identifies the content of a printed table, to print it again only when it changed.
private struct TableKey: Equatable {
  var dataset: ObjectIdentifier
  var shown: ShownTable
  var text: String
  var scope: Int
  var match: MatchRule
  var syntax: QuerySyntax
  var dimmed: Bool
  var view: TableView
}

extension Session {
  /// Whether the dimming view covers the table (obscuresBackgroundDuringPresentation).
  var isDimmed: Bool { lifecycle.isDimmingViewShown(state) }

  private var tableKey: TableKey {
    let filtered = state.shown == .results
    return TableKey(
      dataset: ObjectIdentifier(dataset), shown: state.shown, text: filtered ? state.appliedText : "",
      scope: filtered ? state.appliedScope : 0, match: settings.match, syntax: settings.syntax,
      dimmed: isDimmed, view: view)
  }

  /// Prints the search bar, the scope bar when visible, and the table if it changed.
  func printScreen(forceTable: Bool = false) {
    let key = tableKey
    let drawsTable = forceTable || key != lastTable
    let renderer = renderer(table: drawsTable ? .page(1, exact: waitsForExactCounts) : nil)
    for line in renderer.barLines() { console.print(line) }
    if drawsTable {
      for line in renderer.tableLines() { console.print(line) }
      lastTable = key
    }
  }

  /// Prints one page of the table (or every row, read a chunk at a time) regardless of whether
  /// it changed.
  ///
  /// Ctrl-C stops it between two rows; the table then counts as not printed.
  func printTable(page: Int?) throws(ShellError) {
    // Every row needs the exact count; a page shows the count as the screen does.
    let sight = page.map { TableSight.page($0, exact: waitsForExactCounts) } ?? .countOnly
    let renderer = renderer(table: sight)
    var printed = 0
    func emit(_ line: String) throws(ShellError) {
      try checkInterruption(command: "list", outcome: "stopped after \(max(0, printed - 1)) rows")
      console.print(line)
      printed += 1
    }
    guard page == nil else {
      for line in renderer.tableLines() { try emit(line) }
      lastTable = tableKey
      return
    }
    for line in renderer.headerLines { try emit(line) }
    let rows = tableRows
    let count = renderer.snapshot.rowCount?.value ?? 0
    // Columns are measured on the first chunk, so the listing streams.
    var layout: ColumnTable?
    for start in stride(from: 0, to: count, by: Self.listChunk) {
      let chunk = shownRows(rows, in: start..<min(start + Self.listChunk, count))
      if start == 0, let first = renderer.columnLayout(sample: chunk) {
        layout = first
        try emit(renderer.columnHeaderLine(first))
      }
      for row in chunk { try emit(renderer.rowLine(row, layout: layout)) }
    }
    lastTable = tableKey
  }

  /// How many rows `list all` reads from the backend at a time.
  static let listChunk = 4_096

  /// Throws `cancelled` when Ctrl-C was pressed: long loops call it at their chunk boundaries.
  func checkInterruption(command: String, outcome: @autoclosure () -> String) throws(ShellError) {
    if interruption.isCancelled { throw .cancelled(command: command, outcome: outcome()) }
  }
}
