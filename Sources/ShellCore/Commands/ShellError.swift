import Engine
import Foundation
import Tables

/// Everything that can go wrong with one command, rendered to one line in one place.
///
/// Messages follow swift-argument-parser: sentence case, user tokens in single quotes, no
/// trailing period. A failed command changes nothing in the session.
public enum ShellError: Error, Equatable, Sendable {
  /// A command name that is not in the registry, with the nearest one by edit distance.
  case unknownCommand(String, suggestion: String?)
  /// `help NAME` where NAME is no command, callback or term.
  case unknownHelpTopic(String, suggestion: String?)
  /// A required argument is missing.
  case missingArgument(command: String, usage: String)
  /// More arguments than the command takes.
  case unexpectedArgument(command: String, token: String, usage: String)
  /// A quote opened and never closed.
  case unterminatedQuote(String)
  /// A row number that is not a number.
  case invalidRow(String)
  /// A row number outside the table on screen.
  case rowOutOfRange(String, rowCount: Int, table: String)
  /// `detail` with no row selected.
  case nothingSelected
  /// `back` while no detail view is open.
  case noDetailOpen
  /// A scope title or index that is not on the scope bar.
  case unknownScope(String, scopes: [String])
  /// `scope` on a dataset without categories.
  case noScopeBar(dataset: String)
  /// `set` with an option name that does not exist.
  case unknownOption(String, suggestion: String?)
  /// `set NAME VALUE` with a value the option does not take.
  case invalidValue(option: String, value: String, allowed: String)
  /// An option that cannot change while the search is active.
  case optionLocked(option: String)
  /// An option the current flavor has no such property for (`obscures` in `display`).
  case optionNotInFlavor(option: String, flavor: String, reason: String)
  /// `load NAME` where NAME is neither a bundled dataset nor a file.
  case unknownDataset(String, suggestion: String?)
  /// A file that does not exist.
  case fileNotFound(String)
  /// A directory given where a file was expected.
  case isDirectory(String)
  /// A file that exists but cannot be read.
  case unreadableFile(String, reason: String)
  /// A file with NUL bytes.
  case binaryFile(String)
  /// A file whose contents cannot be parsed, with the place where parsing stopped.
  case malformedFile(String, line: Int?, column: Int?, reason: String)
  /// The keyboard's Search key while the text is empty (UIKit disables it).
  case searchKeyDisabled
  /// `cancel` while no Cancel button is on screen.
  case cancelNotShown
  /// `clear` while the text is already empty (the clear button is hidden).
  case nothingToClear
  /// `backspace` while the text is empty.
  case nothingToDelete
  /// A command that needs an action on the search screen while none applies, with the reason.
  case notAvailable(command: String, reason: String)
  /// A regular expression that does not compile.
  case invalidPattern(String, position: Int?, reason: String)
  /// A bundled dataset that cannot be found on disk.
  case datasetsMissing(String)
  /// A load stopped by Ctrl-C; the previous dataset stays.
  case loadCancelled(String)
  /// A load that would take more memory than `LoadLimit` allows (a huge file, an endless pipe).
  case loadTooLarge(String, limit: Int)
  /// A load the system refused memory to: what it held, and the allocation that failed.
  case outOfMemory(String, held: Int, requested: Int)
  /// The picker's input stopped before its end (the load limit, memory, a read error): how many
  /// rows it keeps, and why (`ShellError.stopReason`).
  case pickerInputStopped(String, rows: Int, reason: String)
  /// The command that lists the picker's rows (`SEARCHSHELL_DEFAULT_COMMAND`) failed.
  case pickerCommandFailed(String, reason: String)
  /// A search the system refused memory to: the allocation that failed, in bytes.
  case searchOutOfMemory(requested: Int)
  /// A regex ICU gave up on in a row (`SearchError.regexBacktracking`).
  case regexBacktracking(String, budget: Int)
  /// `set fields` refused memory for the index of its columns: the allocation that failed, in bytes.
  case fieldsOutOfMemory(requested: Int)
  /// A file that ended before the size it had when opened: it shrank while loading.
  case fileShrank(String, expected: Int, read: Int)
  /// The index cache entry the dataset is mapped from changed during the command (truncated):
  /// its answer is discarded and the index rebuilt from the data file.
  case indexCacheChanged(String)
  /// A `postgres://` URL the shell cannot read (shown without its password), and why.
  case invalidDatabaseURL(String, reason: String)
  /// A PostgreSQL server that cannot be reached (`server`: its host or socket folder).
  case databaseUnreachable(server: String, reason: String)
  /// A PostgreSQL server that refused the login (the reason never holds the password).
  case databaseLoginRefused(server: String, user: String, reason: String)
  /// A table that is not in the database.
  case databaseTableMissing(String, database: String, server: String)
  /// A table the shell cannot search as it is (no order column, no title column), and why.
  case databaseTableUnsuitable(String, server: String, reason: String)
  /// An extension the search needs that the database lacks and the shell could not create.
  case databaseExtensionMissing(String, database: String, reason: String)
  /// A connection to PostgreSQL that dropped mid-session.
  case databaseConnectionLost(server: String, reason: String)
  /// A statement the server refused or stopped (`statement_timeout`), with its reason.
  case databaseQueryFailed(table: String, server: String, reason: String)
  /// A statement cancelled on request (a newer keystroke, Ctrl-C).
  case databaseQueryCancelled(table: String)
  /// A `prepare` cancelled during a step (Ctrl-C): the next `prepare` resumes it.
  case databasePrepareCancelled(table: String, step: String)
  /// Fewer rows read than counted: the table changed while an export read it.
  case rowsChanged(expected: Int, read: Int)
  /// `--title`, `--scope` or `set fields` naming a column the dataset does not have.
  case unknownColumn(String, columns: [String])
  /// `sort a,,b`: a comma with no key before or after it, in the order as typed.
  case emptySortKey(String)
  /// `sort a, a desc`: a column that is a key twice.
  case duplicateSortKey(String)
  /// `export FILE` whose extension names no output format.
  case unknownExportFormat(String, extensions: [String])
  /// `export` aimed at the loaded dataset's own file (or a bundled dataset).
  case wouldOverwriteDataset(String)
  /// A file that cannot be written.
  case unwritableFile(String, reason: String)
  /// A file a writer will not replace (`record FILE`), and what to do instead.
  case fileExists(String, hint: String)
  /// `load -` while the commands themselves come from standard input.
  case standardInputInUse
  /// `live` (or `--live`) without a terminal to draw on.
  case liveNeedsTerminal
  /// A `{name}` in a script with no `--param name=value`, and where it is.
  case unsetParameter(String, script: String?, line: Int?)
  /// `source` nested deeper than the limit (a script that sources itself, usually).
  case sourceTooDeep(String, limit: Int)
  /// An `expect` assertion that does not hold: what it checked, what it wanted, what it found.
  case expectationFailed(String, expected: String, found: String)
  /// A callback name in `expect callbacks` that is no delegate method.
  case unknownCallback(String, suggestion: String?)
  /// `record stop` while no recording runs.
  case notRecording
  /// `record FILE` while a recording runs.
  case alreadyRecording(String)
  /// `demo NAME` with a name that is not a bundled walkthrough.
  case unknownDemo(String, demos: [String])
  /// The bundled walkthroughs cannot be found on disk.
  case demosMissing(String)
  /// `compare` given a word that is no app and no flavor, and the nearest one.
  case unknownComparisonSide(String, suggestion: String?)
  /// `compare A A`: one side against itself.
  case sameComparisonSides(String)
  /// `compare` while a comparison runs: its two sides.
  case alreadyComparing(String, String)
  /// `end` (or `compare end`) with no comparison running.
  case notComparing
  /// A command that is no action while a comparison runs: its name and the two sides.
  case notWhileComparing(command: String, left: String, right: String)
  /// A file written over the session (`what`: the recording, the trace) failed and was closed.
  indirect case stoppedWriting(what: String, because: ShellError)
  /// Long work stopped by Ctrl-C, and what was kept.
  case cancelled(command: String, outcome: String)
  /// A backslash at the very end of a line, with nothing after it to escape.
  case trailingBackslash(String)
  /// A command line longer than the limit, refused before it is read any further.
  case lineTooLong(limit: Int)
  /// A file to read as text that is not a regular file (a device, a FIFO, a socket).
  case notRegularFile(String, kind: String)
  /// A file to read whole that is larger than the limit.
  case fileTooLarge(String, bytes: Int, limit: Int)
  /// `--path` on a file read as another format than JSON.
  case jsonPathNeedsJSON(String, format: String)
  /// `--delimiter`, `--header` or `--comment` on a file read as JSON (or `--header` on text).
  case readingOptionNeedsDelimited(String, option: String, format: String)
  /// A JSON object whose rows cannot be told: the arrays among its keys (none, or several).
  case jsonRowsAmbiguous(String, arrays: [String], keys: [String])
  /// `--path` naming a key the JSON file's object does not have: the path, and the keys there.
  case jsonKeyNotFound(String, path: String, keys: [String])
}

extension ShellError {
  /// Whether Ctrl-C caused this error, so the script around it stops too.
  var isInterruption: Bool {
    switch self {
    case .cancelled, .loadCancelled, .databasePrepareCancelled, .databaseQueryCancelled: return true
    default: return false
    }
  }
}

extension ShellError: CustomStringConvertible {
  /// The one-line message shown after `error: `.
  public var description: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      return "Unknown command \(quote(name))." + didYouMean(suggestion)
        + (suggestion == nil ? " Type 'help' for the list" : "")
    case .unknownHelpTopic(let name, let suggestion):
      return "No help for \(quote(name)): it is no command, callback or term." + didYouMean(suggestion)
        + (suggestion == nil
          ? " 'help' lists the commands, 'callbacks' the callbacks, 'help terms' the terms" : "")
    case .missingArgument(let command, let usage):
      return "Missing argument for \(quote(command)). Usage: \(text(usage))"
    case .unexpectedArgument(let command, let token, let usage):
      return "Unexpected argument \(quote(token)) for \(quote(command)). Usage: \(text(usage))"
    case .unterminatedQuote(let token):
      return "Unterminated quote in \(quote(token))"
    case .invalidRow(let token):
      return "Invalid row number \(quote(token)): rows are numbered from 1"
    case .rowOutOfRange(let token, let rowCount, let table):
      if rowCount == 0 { return "Row \(quote(token)) is out of range: the \(table) table is empty" }
      return "Row \(quote(token)) is out of range: the \(table) table has rows 1-\(rowCount)"
    case .nothingSelected:
      return "No row is selected. Use 'select ROW' first, or 'detail ROW'"
    case .noDetailOpen:
      return "No detail view is open"
    case .unknownScope(let token, let scopes):
      return "Unknown scope \(quote(token)). Scopes: \(list(scopes).joined(separator: ", "))"
    case .noScopeBar(let dataset):
      return "The dataset \(quote(dataset)) has no scope bar"
    case .unknownOption(let name, let suggestion):
      return "Unknown option \(quote(name))." + didYouMean(suggestion)
        + (suggestion == nil ? " Type 'set' for the list" : "")
    case .invalidValue(let option, let value, let allowed):
      return "Invalid value \(quote(value)) for \(quote(option)). Expected \(text(allowed))"
    case .optionLocked(let option):
      return "Cannot change \(quote(option)) while the search is active. Use 'cancel' first"
    case .optionNotInFlavor(let option, let flavor, let reason):
      return "Cannot change \(quote(option)) in the \(flavor) flavor: \(text(reason))"
    case .unknownDataset(let name, let suggestion):
      return "No dataset or file named \(quote(name))." + didYouMean(suggestion)
    case .fileNotFound(let path):
      return "No such file \(quote(path))"
    case .isDirectory(let path):
      return "\(quote(path)) is a directory, not a file"
    case .unreadableFile(let path, let reason):
      return "Cannot read \(quote(path)): \(text(reason))"
    case .binaryFile(let path):
      return "\(quote(path)) looks binary (it contains NUL bytes)"
    case .malformedFile(let path, let line, let column, let reason):
      var place = ""
      if let line { place += ":\(line)" }
      if let column { place += ":\(column)" }
      return "Malformed file \(quote(path))\(place): \(text(reason))"
    case .searchKeyDisabled:
      return "The Search key is disabled while the search text is empty"
    case .cancelNotShown:
      return "There is no Cancel button: the search is not active"
    case .nothingToClear:
      return
        "There is nothing to clear: the search text is empty ('clear' clears the screen once the search is inactive; Ctrl-L now)"
    case .nothingToDelete:
      return "There is nothing to delete: the search text is empty"
    case .notAvailable(let command, let reason):
      return "Cannot run \(quote(command)): \(text(reason))"
    case .invalidPattern(let pattern, let position, let reason):
      let at = position.map { " at position \($0)" } ?? ""
      return "Invalid pattern \(quote(pattern))\(at): \(text(reason))"
    case .datasetsMissing(let path):
      return "Cannot find the bundled datasets (looked for \(quote(path))). Set SEARCHSHELL_DATASETS"
    case .loadCancelled(let path):
      return "Loading \(quote(path)) was cancelled; the previous dataset stays"
    case .loadTooLarge(let path, let limit):
      return
        "Cannot load \(quote(path)): it takes more than the load limit of \(LoadLimit.describe(limit)) (set \(LoadLimit.variable) to change it); the previous dataset stays"
    case .indexCacheChanged(let path):
      return
        "The index cache entry of \(quote(path)) changed while in use: this answer is discarded and the index is rebuilt from the file"
    case .outOfMemory(let path, let held, let requested):
      return
        "Cannot load \(quote(path)): out of memory after \(LoadLimit.describe(held)) (\(LoadLimit.describe(requested)) more was refused); the previous dataset stays. Set \(LoadLimit.variable) lower"
    case .pickerInputStopped(let input, let rows, let reason):
      return
        "\(CountTable.grouped(rows)) \(rows == 1 ? "row" : "rows") kept: reading \(quote(input)) stopped \(reason)"
    case .pickerCommandFailed(let command, let reason):
      return "The command \(quote(command)) that lists the rows failed (\(text(reason)))"
    case .regexBacktracking(let pattern, let budget):
      return
        "The regex \(quote(pattern)) backtracks too much: one row took over ≈ \(budget / 100) million of ICU's steps "
        + "(a repeated group that matches the same text in many ways, as (a|ab)* or (\\w+\\s?)*: "
        + "make its parts exclusive); the search is as it was"
    case .searchOutOfMemory(let requested):
      return
        "Not enough memory for this search (\(LoadLimit.describe(requested)) more was refused); the previous results stay"
    case .fieldsOutOfMemory(let requested):
      return
        "Not enough memory to search these fields (\(LoadLimit.describe(requested)) more was refused); the previous fields stay"
    case .fileShrank(let path, let expected, let read):
      return
        "Cannot load \(quote(path)): it shrank while loading (\(read) of \(expected) bytes read); the previous dataset stays. Load it again once it is complete"
    case .invalidDatabaseURL(let url, let reason):
      return "Invalid PostgreSQL URL \(quote(url)): \(text(reason))"
    case .databaseUnreachable(let server, let reason):
      return "Cannot connect to PostgreSQL at \(quote(server)): \(text(reason))"
    case .databaseLoginRefused(let server, let user, let reason):
      return "PostgreSQL at \(quote(server)) refused the login of \(quote(user)): \(text(reason))"
    case .databaseTableMissing(let table, let database, let server):
      return "No table \(quote(table)) in database \(quote(database)) at \(quote(server))"
    case .databaseTableUnsuitable(let table, let server, let reason):
      return "Cannot search the table \(quote(table)) at \(quote(server)): \(text(reason))"
    case .databaseExtensionMissing(let name, let database, let reason):
      return "The database \(quote(database)) lacks the extension \(quote(name)): \(text(reason))"
    case .databaseConnectionLost(let server, let reason):
      return "Lost the connection to PostgreSQL at \(quote(server)): \(text(reason))"
    case .databaseQueryFailed(let table, let server, let reason):
      return "The query on \(quote(table)) at \(quote(server)) failed: \(text(reason))"
    case .databaseQueryCancelled(let table):
      return "The query on \(quote(table)) was cancelled"
    case .databasePrepareCancelled(let table, let step):
      return "prepare of \(quote(table)) was cancelled while \(text(step)): "
        + "'prepare' again resumes it, 'prepare undo' removes what it left"
    case .rowsChanged(let expected, let read):
      return
        "Counted \(expected) rows but read \(read): the table changed while it was read, nothing was written"
    case .unknownColumn(let name, let columns):
      return "Unknown column \(quote(name)). Columns: \(list(columns).joined(separator: ", "))"
    case .emptySortKey(let order):
      return "Empty sort key in \(quote(order)). Expected COL [asc|desc], COL [asc|desc], ..."
    case .duplicateSortKey(let column):
      return "Column \(quote(column)) is a sort key twice. Name each column once"
    case .unknownExportFormat(let path, let extensions):
      return
        "Cannot tell the format of \(quote(path)) from its extension. Use one of \(extensions.joined(separator: ", "))"
    case .wouldOverwriteDataset(let path):
      return "Refusing to overwrite \(quote(path)): it is a dataset's own file"
    case .unwritableFile(let path, let reason):
      return "Cannot write \(quote(path)): \(text(reason))"
    case .fileExists(let path, let hint):
      return "\(quote(path)) exists already and is not replaced. \(text(hint))"
    case .standardInputInUse:
      return "Cannot load '-': the commands come from standard input. Pass them with -c instead"
    case .liveNeedsTerminal:
      return "Cannot run 'live': it needs a terminal (standard input and output are not both one)"
    case .unsetParameter(let name, let script, let line):
      var place = ""
      if let script, let line { place = " (line \(line) of \(quote(script)))" }
      return "Parameter \(quote(name)) is not set\(place). Pass --param \(Sanitizer.bounded(name))=VALUE"
    case .sourceTooDeep(let path, let limit):
      return
        "Cannot source \(quote(path)): scripts nest more than \(limit) deep (does a script source itself?)"
    case .expectationFailed(let what, let expected, let found):
      return "Expected \(what) \(quote(expected)), found \(quote(found))"
    case .unknownCallback(let name, let suggestion):
      return "Unknown callback \(quote(name))." + didYouMean(suggestion)
        + " Use a Swift or Objective-C selector or a short name: 'callbacks' lists them"
    case .notRecording:
      return "Not recording. Use 'record FILE' to start"
    case .alreadyRecording(let path):
      return "Already recording to \(quote(path)). Use 'record stop' first"
    case .unknownDemo(let name, let demos):
      return "Unknown demo \(quote(name)). Demos: \(list(demos).joined(separator: ", "))"
    case .demosMissing(let path):
      return "Cannot find the walkthroughs (looked for \(quote(path))). Set SEARCHSHELL_DEMOS"
    case .unknownComparisonSide(let word, let suggestion):
      return "Nothing to compare named \(quote(word)): name an app ('help app' lists them) or a flavor"
        + " (controller, display, custom)." + didYouMean(suggestion)
    case .sameComparisonSides(let word):
      return "Comparing \(quote(word)) with itself shows nothing: name two different apps or flavors"
    case .alreadyComparing(let left, let right):
      return "Already comparing \(left) with \(right): 'end' first"
    case .notComparing:
      return "Nothing to end: no comparison runs ('compare APP APP' starts one)"
    case .notWhileComparing(let command, let left, let right):
      return "\(quote(command)) does not run while comparing \(left) with \(right): type actions (focus,"
        + " type, select, cancel, ...), or 'end' first"
    case .stoppedWriting(let what, let because):
      return because.description + "; \(what) stopped"
    case .cancelled(let command, let outcome):
      return "Cancelled \(quote(command)) (Ctrl-C): \(text(outcome))"
    case .trailingBackslash(let token):
      return "Nothing after '\\' at the end of \(quote(token)): a backslash escapes the next character"
    case .lineTooLong(let limit):
      return "The line is longer than \(limit) bytes (the limit for one command line) and was not run"
    case .notRegularFile(let path, let kind):
      return "\(quote(path)) is not a regular file (it is \(kind))"
    case .fileTooLarge(let path, let bytes, let limit):
      return "\(quote(path)) is too large (\(bytes) bytes): scripts are limited to \(limit) bytes"
    case .jsonPathNeedsJSON(let path, let format):
      return
        "Cannot use '--path' on \(quote(path)): it is read as \(format), and '--path' chooses the rows of a JSON file"
    case .readingOptionNeedsDelimited(let path, let option, let format):
      return
        "Cannot use \(quote(option)) on \(quote(path)): it is read as \(format), and \(quote(option)) applies to delimited files (give --format csv or --delimiter to read it as one)"
    case .jsonRowsAmbiguous(let path, let arrays, let keys):
      if arrays.isEmpty {
        return
          "\(quote(path)) holds an object without an array of rows. Keys: \(keys.isEmpty ? "none" : list(keys).joined(separator: ", ")). Choose the rows with --path KEY.KEY"
      }
      return
        "\(quote(path)) holds several arrays: \(list(arrays).joined(separator: ", ")). Choose the rows with --path KEY"
    case .jsonKeyNotFound(let path, let keyPath, let keys):
      return
        "No key \(quote(keyPath)) in \(quote(path)). Keys there: \(keys.isEmpty ? "none" : list(keys).joined(separator: ", "))"
    }
  }

  private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { " Did you mean \(quote($0))?" } ?? ""
  }

  /// A token from the user or a file: quoted, control characters escaped, cut at 80 characters.
  private func quote(_ token: String) -> String { Sanitizer.quoted(token) }

  /// Names from a dataset (scopes, columns): escaped and cut like tokens, but not quoted;
  /// at most 20 of them, so a dataset with thousands of categories still gets a one-line error.
  private func list(_ names: [String]) -> [String] {
    let shown = names.prefix(20).map { Sanitizer.bounded($0) }
    return names.count > 20 ? shown + ["… (\(names.count) in all)"] : shown
  }

  /// Text that may quote a file's content (a parser's reason): escaped, cut at a line's length.
  private func text(_ reason: String) -> String { Sanitizer.bounded(reason, limit: 200) }
}
