/// What can go wrong reading, writing or presenting a table: the tables tier's own errors.
///
/// Each case carries what its message needs; the shell renders them (`TableError.init(_:)`
/// maps each to the shell's case of the same name, whose message is written in one place).
public enum TableError: Error, Equatable, Sendable {
  /// No such file.
  case fileNotFound(String)
  /// A directory where a file was expected.
  case isDirectory(String)
  /// A file that exists but cannot be read, and why.
  case unreadableFile(String, reason: String)
  /// A file with NUL bytes.
  case binaryFile(String)
  /// Contents that cannot be parsed, and where parsing stopped.
  case malformedFile(String, line: Int?, column: Int?, reason: String)
  /// A file that ended before the size it had when opened.
  case fileShrank(String, expected: Int, read: Int)
  /// A load over `LoadLimit`.
  case loadTooLarge(String, limit: Int)
  /// A load the system refused memory to: what it held, and the allocation that failed.
  case outOfMemory(String, held: Int, requested: Int)
  /// A load stopped by Ctrl-C.
  case loadCancelled(String)
  /// Long work stopped by Ctrl-C, and what was kept.
  case cancelled(command: String, outcome: String)
  /// A bundled dataset's folder that cannot be found.
  case datasetsMissing(String)
  /// A name that is neither a bundled dataset nor a file.
  case unknownDataset(String, suggestion: String?)
  /// A column the dataset does not have.
  case unknownColumn(String, columns: [String])
  /// A value an option does not take.
  case invalidValue(option: String, value: String, allowed: String)
  /// `--path` on a file read as another format than JSON.
  case jsonPathNeedsJSON(String, format: String)
  /// `--delimiter`, `--header` or `--comment` on a file read as a format they do not apply to.
  case readingOptionNeedsDelimited(String, option: String, format: String)
  /// A JSON object whose rows cannot be told.
  case jsonRowsAmbiguous(String, arrays: [String], keys: [String])
  /// `--path` naming a key the object does not have.
  case jsonKeyNotFound(String, path: String, keys: [String])
  /// An export file whose extension names no output format.
  case unknownExportFormat(String, extensions: [String])
  /// A write aimed at the loaded dataset's own file.
  case wouldOverwriteDataset(String)
  /// A file that cannot be written, and why.
  case unwritableFile(String, reason: String)
  /// A file a writer will not replace, and what to do instead.
  case fileExists(String, hint: String)
}
