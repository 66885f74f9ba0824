import Engine
import Tables

extension ShellError {
  /// The shell's case for a tables-tier error: each `TableError` case has one here of the same
  /// name and payload, so every message is still written once (`description`).
  public init(_ error: TableError) {
    switch error {
    case .fileNotFound(let path): self = .fileNotFound(path)
    case .isDirectory(let path): self = .isDirectory(path)
    case .unreadableFile(let path, let reason): self = .unreadableFile(path, reason: reason)
    case .binaryFile(let path): self = .binaryFile(path)
    case .malformedFile(let path, let line, let column, let reason):
      self = .malformedFile(path, line: line, column: column, reason: reason)
    case .fileShrank(let path, let expected, let read):
      self = .fileShrank(path, expected: expected, read: read)
    case .loadTooLarge(let target, let limit): self = .loadTooLarge(target, limit: limit)
    case .outOfMemory(let target, let held, let requested):
      self = .outOfMemory(target, held: held, requested: requested)
    case .loadCancelled(let target): self = .loadCancelled(target)
    case .cancelled(let command, let outcome): self = .cancelled(command: command, outcome: outcome)
    case .datasetsMissing(let path): self = .datasetsMissing(path)
    case .unknownDataset(let name, let suggestion): self = .unknownDataset(name, suggestion: suggestion)
    case .unknownColumn(let name, let columns): self = .unknownColumn(name, columns: columns)
    case .invalidValue(let option, let value, let allowed):
      self = .invalidValue(option: option, value: value, allowed: allowed)
    case .jsonPathNeedsJSON(let path, let format): self = .jsonPathNeedsJSON(path, format: format)
    case .readingOptionNeedsDelimited(let path, let option, let format):
      self = .readingOptionNeedsDelimited(path, option: option, format: format)
    case .jsonRowsAmbiguous(let path, let arrays, let keys):
      self = .jsonRowsAmbiguous(path, arrays: arrays, keys: keys)
    case .jsonKeyNotFound(let file, let path, let keys): self = .jsonKeyNotFound(file, path: path, keys: keys)
    case .unknownExportFormat(let path, let extensions):
      self = .unknownExportFormat(path, extensions: extensions)
    case .wouldOverwriteDataset(let path): self = .wouldOverwriteDataset(path)
    case .unwritableFile(let path, let reason): self = .unwritableFile(path, reason: reason)
    case .fileExists(let path, let hint): self = .fileExists(path, hint: hint)
    }
  }
}

/// Runs `body`, a call into the tables tier, with its error as the shell's.
func tables<T>(_ body: () throws(TableError) -> T) throws(ShellError) -> T {
  do { return try body() } catch { throw ShellError(error) }
}

extension ShellError {
  /// Why the picker stopped reading its input, as `pickerInputStopped` says it.
  static func stopReason(_ error: TableError) -> String {
    switch error {
    case .loadTooLarge(_, let limit):
      return "at the load limit of \(LoadLimit.describe(limit)) (set \(LoadLimit.variable) to change it)"
    case .outOfMemory(_, _, let requested):
      return "out of memory (\(LoadLimit.describe(requested)) more was refused)"
    case .unreadableFile(_, let reason):
      return "on a read error (\(Sanitizer.bounded(reason, limit: 200)))"
    default:
      return "on an error (\(ShellError(error).description))"
    }
  }
}
