import Foundation
import Tables

/// Helpers for the data-layer tests: loading from bytes or files, reading rows back, temp folders.
package enum DataFixture {
  /// Loads `bytes` as `format` with default options.
  package static func load(
    _ bytes: [UInt8], format: DataFormat?, label: String = "test", title: ColumnChoice = .automatic,
    scope: ColumnChoice = .automatic, control: LoadControl = LoadControl()
  ) throws(TableError) -> LoadResult {
    try DatasetLoader.load(
      .data(Data(bytes), label: label),
      options: LoadOptions(
        name: "test", source: .standardInput, presets: DatasetPresets(title: "Test"), format: format,
        title: title,
        scope: scope),
      control: control)
  }

  /// Loads `text` (UTF-8) as `format`.
  package static func load(_ text: String, format: DataFormat?) throws(TableError) -> LoadResult {
    try load(Array(text.utf8), format: format)
  }

  /// Loads the file at `path`, choosing the format by extension.
  package static func loadFile(_ path: String) throws(TableError) -> LoadResult {
    try DatasetLoader.load(
      .file(path),
      options: LoadOptions(name: "file", source: .file(path), presets: DatasetPresets(title: "File")))
  }

  /// Every cell of `dataset`, row by row.
  package static func rows(_ dataset: Dataset) -> [[String]] {
    (0..<dataset.rowCount).map { row in dataset.columns.indices.map { dataset.cell(row: row, column: $0) } }
  }

  /// A new empty folder under the system's temporary directory.
  package static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The `TableError` `body` throws, or nil when it succeeds (or throws something else).
  package static func tableError<T>(_ body: () throws -> T) -> TableError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error as? TableError
    }
  }
}
