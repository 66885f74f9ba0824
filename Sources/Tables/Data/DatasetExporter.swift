import Foundation

/// Writes rows to a file in the format its extension names, through `GuardedFileWriter`:
/// atomically, never over a dataset, through links, devices and FIFOs.
package enum DatasetExporter {
  /// The output format for `path`'s extension.
  package static func format(forPath path: String) throws(TableError) -> OutputFormat {
    let name = URL(fileURLWithPath: path).lastPathComponent
    guard let dot = name.lastIndex(of: "."),
      let format = OutputFormat(fileExtension: String(name[name.index(after: dot)...]))
    else {
      throw .unknownExportFormat(path, extensions: OutputFormat.exportExtensions)
    }
    return format
  }

  /// Writes `rows` of `dataset` to `path` and returns the number of rows written.
  ///
  /// `cancellation` stops it between two records, leaving the target as it was.
  /// `protectedPaths` lists more files that must never be replaced (the bundled datasets); the
  /// dataset's own file always is, by any spelling or link (see `WriteTarget`).
  @discardableResult
  package static func export<Rows: Collection<Int>>(
    _ dataset: Dataset, rows: Rows, to path: String, columns: [Int]? = nil, format: OutputFormat? = nil,
    protectedPaths: [String] = [], cancellation: SearchCancellation? = nil
  ) throws(TableError) -> Int {
    let outputFormat: OutputFormat
    if let format { outputFormat = format } else { outputFormat = try Self.format(forPath: path) }
    let guarded = protectedPaths + [dataset.source.path].compactMap { $0 }
    try GuardedFileWriter.replace(path, protectedPaths: guarded) {
      (output: inout BufferedFileWriter) throws(TableError) in
      let writer = RowWriter(dataset: dataset, format: outputFormat, columns: columns, terminalSafe: false)
      try writer.write(rows: rows) { (record: String) throws(TableError) in
        // Ctrl-C: the temporary file goes, and the target stays as it was.
        if cancellation?.isCancelled == true {
          throw .cancelled(command: "export", outcome: "\(Sanitizer.quoted(path)) was left as it was")
        }
        try output.write(record)
        try output.write("\n")
      }
    }
    return rows.count
  }
}
