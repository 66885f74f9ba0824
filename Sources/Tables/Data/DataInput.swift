import Foundation

/// Where `DatasetLoader` reads a dataset's bytes from.
package enum DataInput: Sendable {
  /// A file on disk.
  case file(String)
  /// The process's standard input (`load -`).
  case standardInput
  /// Bytes already in memory, named by `label` in error messages.
  case data(Data, label: String)

  /// The name error messages and warnings use for this input.
  package var label: String {
    switch self {
    case .file(let path): return path
    case .standardInput: return "standard input"
    case .data(_, let label): return label
    }
  }

  /// The file path, if the input is a file.
  package var path: String? {
    if case .file(let path) = self { return path }
    return nil
  }
}
