import Foundation

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
  private(set) var engine: SearchEngine
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
  /// How many commands have failed; the exit status is 1 when any did and input was not a terminal.
  public private(set) var failureCount = 0
  /// The table last printed, so an action prints the table only when it changed.
  private var lastTable: TableKey?
  /// Where `trace json FILE` writes, one JSON object per line; nil writes to the console.
  var traceFile: AppendingFile?
  /// The last search, so drawing the table, its count and completion scan once per query.
  private var searchCache: (key: SearchKey, rows: TableRows)?
  /// How many searches the session has asked of the engine (tests count them).
  private(set) var engineSearches = 0
  /// Runs live mode on the terminal; set by the executable only when it has one.
  public var liveRunner: ((Session) throws(ShellError) -> Void)?
  /// The commands equivalent to the keys typed in live mode, in order.
  var liveCommands: [LiveCommand] = []
  /// How scripts run (`--echo`, `--bail`, `--param`, pacing), from the command line.
  public var scriptOptions = ScriptOptions()
  /// The `load` that opened the dataset, for a recording's first line (nil: opened by name).
  var loadedWith: LoadRequest?
  /// The walkthroughs `demo` runs; set by the executable.
  public var demos: DemoCatalog?
  /// Nesting, the recording and the callbacks `diagram` draws.
  var scripting = ScriptingState()
  /// Ctrl-C: long commands poll it and stop; the executable makes it follow SIGINT.
  public var interruption = SearchCancellation()
  /// Whether this line's Ctrl-C has been reported, so the scripts it stops say nothing more.
  var interruptReported = false
  /// The columns the table shows and its order (`set columns`, `sort`).
  var view = TableView()
  /// The terminal's size, set by the executable on a terminal (nil: 80 columns, no pager).
  public var terminalSize: (() -> (width: Int, height: Int))?
  /// The pager long output goes through; set by the executable on a terminal.
  public var pager: (any Pager)?
  /// `set pager` and whether `set page` chose the page size.
  var paging = PagingSettings()

  /// Opens a session on the catalog's default dataset (or `dataset`: a name, a path, or `-`).
  public convenience init(
    console: Console, catalog: DatasetCatalog?, dataset name: String? = nil, isInteractive: Bool,
    useColor: Bool
  ) throws(ShellError) {
    let initial = try Self.openDataset(name ?? catalog?.defaultName ?? "", catalog: catalog)
    self.init(
      console: console, catalog: catalog, opened: initial, isInteractive: isInteractive, useColor: useColor)
  }

  /// Opens a session on a dataset already loaded.
  init(
    console: Console, catalog: DatasetCatalog?, opened initial: Dataset, isInteractive: Bool, useColor: Bool
  ) {
    // Every line passes the sanitizer, so no path to the terminal can forget it.
    self.console = SanitizingConsole(console, keepingStyle: useColor)
    self.catalog = catalog
    self.isInteractive = isInteractive
    self.style = TextStyle(isEnabled: useColor)
    self.dataset = initial
    self.engine = SearchEngine(dataset: initial)
    self.settings = SessionSettings(presets: initial.presets)
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
    // Refused before anything reads it: no echo, no history, no tokenizing.
    guard line.utf8.count <= Self.lineLimit else {
      report(.lineTooLong(limit: Self.lineLimit))
      if scriptOptions.bail { scripting.bailed = true }
      return !scripting.bailed
    }
    let trimmed = CommandTokenizer.trimmingLine(line)
    if trimmed.isEmpty { return true }
    if isEchoing(trimmed, depth: depth) {
      let shown = written.map(CommandTokenizer.trimmingLine) ?? trimmed
      console.print(String(repeating: ">", count: depth) + " " + shown)
    }
    if trimmed.hasPrefix("#") { return true }
    if depth > 0 { scriptOptions.pacer?.willRun(trimmed) }
    if depth <= 1, history.last != trimmed { history.append(trimmed) }
    let outerDepth = scripting.depth
    scripting.depth = depth
    scripting.currentLine = trimmed
    defer { scripting.depth = outerDepth }
    let started = DispatchTime.now()
    do throws(ShellError) {
      try dispatch(trimmed)
      record(trimmed, depth: depth)
    } catch {
      report(error)
      if scriptOptions.bail { scripting.bailed = true }
    }
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
    console.printError(style.error("error:") + " " + error.description)
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
  /// A bundled dataset by name, else a file by path.
  static func openDataset(_ nameOrPath: String, catalog: DatasetCatalog?) throws(ShellError) -> Dataset {
    if nameOrPath == "-" { return try openStandardInput(format: nil) }
    if let catalog, catalog.entry(nameOrPath) != nil { return try catalog.load(nameOrPath) }
    let path = HomeFolder.expanding(nameOrPath)
    if FileManager.default.fileExists(atPath: path) {
      // `--dataset PATH`: the name shows in the banner, the prompt and `status`.
      let name = Sanitizer.printable(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
      return try DatasetLoader.load(
        path: path, name: name, source: .file(path), presets: DatasetPresets(title: name),
        limit: try LoadLimit.standard())
    }
    let looksLikePath = nameOrPath.contains("/") || nameOrPath.contains(".")
    if looksLikePath { throw .fileNotFound(nameOrPath) }
    throw .unknownDataset(nameOrPath, suggestion: nameOrPath.nearest(in: catalog?.names ?? []))
  }

  /// Replaces the dataset; the search starts over with the new dataset's presets.
  func replaceDataset(
    with newDataset: Dataset, keepingSettings: Bool = false, engine built: SearchEngine? = nil
  ) {
    dataset = newDataset
    // Relabelled scopes keep the folded text and the columns `set fields` chose; a new dataset
    // is folded afresh (unless `load` built its engine already) and starts with its title column.
    engine =
      keepingSettings
      ? SearchEngine(reusingIndexOf: engine, for: newDataset) : built ?? SearchEngine(dataset: newDataset)
    if !keepingSettings {
      settings = SessionSettings(
        presets: newDataset.presets, pageSize: settings.pageSize, appearance: settings.appearance)
      view = TableView()
    }
    state = SearchState()
    lastCallbacks = []
    lastTable = nil
    scripting.diagram = []
    if settings.appearance.startsHidden { apply([.tableScrolledPastBar], echo: .console) }
  }

  /// Forgets which table was printed, so the next screen shows it again (after `quiet`, `record`).
  func forgetPrintedTable() {
    lastTable = nil
  }
}

extension Session {
  /// Searches `columns` from now on (`set fields`).
  func searchColumns(_ columns: [Int]) {
    engine = SearchEngine(dataset: dataset, columns: columns)
  }
}

// MARK: - What the table shows

/// Identifies one search: the same key gives the same rows.
private struct SearchKey: Equatable {
  var engine: ObjectIdentifier
  var text: String
  var scope: Int
  var match: MatchRule
  var order: ObjectIdentifier?
}

/// Identifies the content of a printed table, to print it again only when it changed.
private struct TableKey: Equatable {
  var dataset: ObjectIdentifier
  var shown: ShownTable
  var text: String
  var scope: Int
  var match: MatchRule
  var dimmed: Bool
}

extension Session {
  /// The app's filtered items for `text` in `scope`; an invalid query selects nothing.
  ///
  /// The tutorials filter with Foundation's `contains`, which finds nothing for an empty string, so
  /// an empty search selects nothing; under the `text` rule (the fruit example) an empty search
  /// selects every row of the scope instead.
  func filteredRows(text: String, scope: Int) -> TableRows {
    do throws(ShellError) {
      return try searchedRows(text: text, rule: settings.match, scope: scope)
    } catch {
      let rows = TableRows.subset([])
      searchCache = (searchKey(text: text, rule: settings.match, scope: scope), rows)
      return rows
    }
  }

  /// Checks that `text` is a valid query under `rule` (the current one by default) before any
  /// state changes.
  ///
  /// It is the search the screen then draws: the rows are kept for it, so a command searches
  /// once. An empty query is always valid.
  func validateQuery(_ text: String, rule: MatchRule? = nil, scope: Int? = nil) throws(ShellError) {
    guard !text.isEmpty else { return }
    _ = try searchedRows(text: text, rule: rule ?? settings.match, scope: scope ?? state.scopeIndex)
  }

  /// The one path from a query to the engine: the rows for `text` in `scope` under `rule`,
  /// searched once per query and kept until another is searched.
  private func searchedRows(text: String, rule: MatchRule, scope: Int) throws(ShellError) -> TableRows {
    if text.isEmpty {
      guard settings.lifecycle.rule == .text else { return .subset([]) }
      if scope == 0 { return ordered(.all(count: dataset.rowCount)) }
    }
    let key = searchKey(text: text, rule: rule, scope: scope)
    if let searchCache, searchCache.key == key { return searchCache.rows }
    // The rows on screen are about to change: holding them through the search would keep two
    // results in memory at once (the engine's cache keeps them, packed if large, for a backspace).
    searchCache = nil
    engineSearches += 1
    let rows = ordered(try engine.results(text, rule: rule, scope: scope).map(TableRows.init) ?? .subset([]))
    searchCache = (key, rows)
    return rows
  }

  private func searchKey(text: String, rule: MatchRule, scope: Int) -> SearchKey {
    SearchKey(
      engine: ObjectIdentifier(engine), text: text, scope: scope, match: rule,
      order: view.order.map(ObjectIdentifier.init))
  }

  /// The rows of the table on screen.
  var tableRows: TableRows {
    switch state.shown {
    case .main: return ordered(.all(count: dataset.rowCount))
    case .results: return filteredRows(text: state.appliedText, scope: state.appliedScope)
    }
  }

  /// How many rows the current text and scope select.
  var matchCount: Int { filteredRows(text: state.text, scope: state.scopeIndex).count }

  /// Whether the dimming view covers the table (obscuresBackgroundDuringPresentation).
  var isDimmed: Bool { lifecycle.isDimmingViewShown(state) }

  private var tableKey: TableKey {
    let filtered = state.shown == .results
    return TableKey(
      dataset: ObjectIdentifier(dataset), shown: state.shown, text: filtered ? state.appliedText : "",
      scope: filtered ? state.appliedScope : 0, match: settings.match, dimmed: isDimmed)
  }

  /// Prints the search bar, the scope bar when visible, and the table if it changed.
  func printScreen(forceTable: Bool = false) {
    let renderer = ScreenRenderer(session: self)
    for line in renderer.barLines() { console.print(line) }
    let key = tableKey
    if forceTable || key != lastTable {
      for line in renderer.tableLines(rows: tableRows, page: 1) { console.print(line) }
      lastTable = key
    }
  }

  /// Prints one page of the table (or every row) regardless of whether it changed.
  ///
  /// Ctrl-C stops it between two rows; the table then counts as not printed.
  func printTable(page: Int?) throws(ShellError) {
    let renderer = ScreenRenderer(session: self)
    var printed = 0
    try renderer.writeTable(rows: tableRows, page: page) { (line: String) throws(ShellError) in
      try checkInterruption(command: "list", outcome: "stopped after \(max(0, printed - 1)) rows")
      console.print(line)
      printed += 1
    }
    lastTable = tableKey
  }

  /// Throws `cancelled` when Ctrl-C was pressed: long loops call it at their chunk boundaries.
  func checkInterruption(command: String, outcome: @autoclosure () -> String) throws(ShellError) {
    if interruption.isCancelled { throw .cancelled(command: command, outcome: outcome()) }
  }
}

// MARK: - Start-up

extension Session {
  /// Applies the command line's `--flavor` and `--trace` before the first command, without output.
  public func applyStartupOptions(flavor: Flavor?, trace: Bool) {
    if let flavor { settings.lifecycle.flavor = flavor }
    if trace { self.trace = .on }
  }

  /// The banner and first screen an interactive session opens with.
  public func printWelcome(version: String) {
    console.print(
      "SearchShell \(version): the iOS search controller in a terminal. Type 'help' for commands.")
    console.print(
      "Dataset '\(Sanitizer.printable(dataset.name))' (\(dataset.rowCount) rows), flavor \(settings.lifecycle.flavor.rawValue)."
    )
    printScreen()
  }
}
