import Backends
import Engine
import Foundation
import Tables
import UIKitModel

/// One shell session: the loaded dataset, the search screen's state, the options, and the history.
///
/// `execute` runs one command line. A failed command prints one error line and changes nothing.
public final class Session {
  /// Where output goes; `quiet` swaps in a muted console for one command.
  var console: Console
  let catalog: DatasetCatalog?
  /// Whether a person is typing at a terminal (prompt, banner, colours, persistent history).
  public let isInteractive: Bool

  /// What the environment configured at start.
  let configuration: ShellConfiguration
  /// The imaginary screen the commands act on: dataset, backend, state, settings, table view.
  ///
  /// A comparison swaps each side's screen in for the length of one action (`compare`).
  var screen: SearchScreen
  /// The comparison under way (`compare A B` to `end`), whose two screens the actions drive.
  var comparison: Comparison?
  /// How callbacks are traced as they fire (`trace`), and where to.
  var tracing = TraceSink()
  /// How output is shaped: `set format`, paging, timing, and the table last printed.
  var output: OutputState
  /// What the executable plugs in: the terminal's services, Ctrl-C, the demos, script options.
  public var hooks = SessionHooks()
  /// Every non-blank line entered this session (and, on a terminal, loaded from the history file).
  public var history: [String] = []
  /// Live mode's and the picker's log: the commands equivalent to the keys, the piped rows.
  var live = LiveLog()
  /// How many commands have failed; the exit status is 1 when any did and input was not a terminal.
  public internal(set) var failureCount = 0
  /// Nesting, the recording and the callbacks `diagram` draws.
  var scripting = ScriptingState()
  /// What the audience sees: every line passes it, and it keeps the cast being recorded.
  let audience: AudienceScreen

  /// Opens a session on the catalog's default dataset (or `dataset`: a name, a path, or `-`),
  /// with `configuration` read from the environment at start (the defaults when not given).
  public convenience init(
    console: Console, catalog: DatasetCatalog?, dataset name: String? = nil, isInteractive: Bool,
    useColor: Bool, configuration: ShellConfiguration = ShellConfiguration()
  ) throws(ShellError) {
    // With no dataset named and no bundled folder found, say which folder is missing.
    guard let target = name ?? catalog?.defaultName else { throw .datasetsMissing("datasets/manifest.json") }
    let request = LoadRequest(target: target)
    try self.init(
      console: console, catalog: catalog, opening: request, isInteractive: isInteractive, useColor: useColor,
      configuration: configuration)
  }

  /// Opens a session on the first of `files` (the catalog's default dataset when there is none),
  /// keeping the list for `next` and `previous`.
  package convenience init(
    console: Console, catalog: DatasetCatalog?, files: FileList, isInteractive: Bool, useColor: Bool,
    configuration: ShellConfiguration
  ) throws(ShellError) {
    guard let request = files.current ?? catalog.map({ LoadRequest(target: $0.defaultName) }) else {
      throw .datasetsMissing("datasets/manifest.json")
    }
    try self.init(
      console: console, catalog: catalog, opening: request, isInteractive: isInteractive, useColor: useColor,
      configuration: configuration)
    screen.files = files
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
    self.output = OutputState(style: TextStyle(isEnabled: useColor))
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
    self.screen = SearchScreen(opened: opened)
    replaceDataset(with: opened)
    // As `load` says them: a table without its index, a file's dropped fields, an order column.
    opened.warnings.forEach(printWarning)
    // A recording opens the rows again the same way (a key path, other columns, a format).
    if request.hasOverrides { screen.loadedWith = request }
  }

  /// The prompt readline shows: the dataset's name, and the two sides while comparing.
  public var prompt: String {
    let name = Sanitizer.printable(screen.dataset.name)
    guard let comparison else { return name + "> " }
    return "\(name) [\(comparison.prompt)]> "
  }

  /// Whether the session should end with a failure status.
  public var hasFailures: Bool { failureCount > 0 }

  /// Colour and emphasis for the terminal, or none (`output.style`).
  var style: TextStyle { output.style }

  /// The longest command line, in UTF-8 bytes, that runs (1 MiB): longer ones are refused whole.
  public static let lineLimit = 1 << 20

  /// Runs one command line typed at the prompt; returns false when the session should end.
  @discardableResult
  public func execute(_ line: String) -> Bool {
    showTyped(line)
    let keepGoing = runLine(line, depth: 0)
    // A Ctrl-C belongs to the line it interrupted; the next line starts afresh.
    hooks.interruption.reset()
    scripting.interruptReported = false
    // At the prompt a failed script returns to the prompt (psql's ON_ERROR_STOP does too).
    if isInteractive { scripting.bailed = false }
    return keepGoing
  }

  /// Runs one line of a script at `depth`: echoes it, lets the pacer wait, runs it, records it.
  ///
  /// Returns false when the session should stop: `quit`, or a failure under `--bail`.
  func runLine(_ line: String, depth: Int, echo written: String? = nil) -> Bool {
    defer { flushCast() }
    // A table opened before the executable set Ctrl-C up (`--dataset`) follows it from here.
    (screen.backend as? PostgresSearchBackend)?.interruption = hooks.interruption
    rebuildIfIndexCacheChanged()
    defer {
      rebuildIfIndexCacheChanged()
      // A damaged index found by this line's search is said right after it.
      reportIndexCacheNotes()
    }
    reportIndexCacheNotes()
    // Refused before anything reads it: no echo, no history, no tokenizing.
    guard line.utf8.count <= Self.lineLimit else {
      report(.lineTooLong(limit: Self.lineLimit))
      if hooks.scriptOptions.bail { scripting.bailed = true }
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
      if hooks.scriptOptions.bail { scripting.bailed = true }
    }
    reportServerNotices()
    if output.timing {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
      console.print("time: " + String(format: "%.3f ms", elapsed))
    }
    return !scripting.quitRequested && !scripting.bailed
  }

  /// Prints an error line and counts the failure.
  public func report(_ error: ShellError) {
    failureCount += 1
    if error.isInterruption { scripting.interruptReported = true }
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
    if let comparison, command.comparing != .session {
      guard command.comparing == .bothSides else {
        throw .notWhileComparing(command: name, left: comparison.left.word, right: comparison.right.word)
      }
      return try runCompared(command, arguments)
    }
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
    case .line:
      let line = CommandTokenizer.trimmingBlanks(rest)
      return line.isEmpty ? [] : [String(line)]
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
    var opener = DatasetOpener(
      catalog: catalog, configuration: configuration, monitor: hooks.loadMonitor, console: console,
      standardInputIsFree: hooks.datasetInputIsFree, interruption: hooks.interruption)
    opener.databaseTimeouts = screen.settings.databaseTimeouts
    return try opener.open(request)
  }

  /// The one way to reset: puts `opened` on screen and starts the search over, with its
  /// presets unless `keepingSettings` (`set scopes` relabels the same rows).
  @discardableResult
  func replaceDataset(with opened: DatasetOpener.Opened, keepingSettings: Bool = false) -> PreferenceReport {
    screen.replace(with: opened, keepingSettings: keepingSettings)
    let report = keepingSettings ? PreferenceReport() : applyPreferences()
    output.lastTable = nil
    scripting.diagram = DiagramLog()
    if screen.settings.appearance.startsHidden { apply([.tableScrolledPastBar], echo: .console) }
    return report
  }

  /// Prints why an index was not cached (a write that failed in the background, or could not
  /// start) and why this session's was built again, one warning line each; the session goes on.
  func reportIndexCacheNotes() {
    let damaged = screen.indexCacheMapping?.check.takeNote()
    for note in IndexCacheWrites.shared.takeNotes() + (damaged.map { [$0] } ?? []) { printWarning(note) }
  }

  /// One `warning:` line on standard error, the text sanitized (it may come from data or a server).
  func printWarning(_ text: String) {
    console.printError("warning: " + Sanitizer.printable(text))
  }

  /// Forgets which table was printed, so the next screen shows it again (after `quiet`, `record`).
  func forgetPrintedTable() {
    output.lastTable = nil
  }
}

extension Session {
  /// The same rows under new scope titles (`set scopes`): a reset that keeps the settings and
  /// the searched columns.
  func relabelScopes(_ titles: [String]) {
    replaceDataset(with: screen.relabeled(titles), keepingSettings: true)
  }
}
