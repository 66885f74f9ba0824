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
