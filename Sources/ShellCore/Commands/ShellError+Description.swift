import Foundation
import Tables

/// Each error's one-line message (the cases are in ShellError.swift).
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
