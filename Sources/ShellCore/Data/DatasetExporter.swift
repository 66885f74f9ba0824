import Foundation

/// Writes rows to a file atomically, in the format its extension names, never over a dataset.
///
/// The rows go to a temporary file in the target's directory, which is then renamed over the
/// target, so a reader sees the old file or the new one and never half of one, and a failed
/// export leaves nothing behind.
enum DatasetExporter {
  /// The output format for `path`'s extension.
  static func format(forPath path: String) throws(ShellError) -> OutputFormat {
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
  /// dataset's own file always is. Paths are compared after resolving symbolic links, and by
  /// device and inode when both files exist, so no spelling of a dataset's path gets through.
  @discardableResult
  static func export<Rows: Collection<Int>>(
    _ dataset: Dataset, rows: Rows, to path: String, columns: [Int]? = nil, format: OutputFormat? = nil,
    protectedPaths: [String] = [], cancellation: SearchCancellation? = nil
  ) throws(ShellError) -> Int {
    let outputFormat: OutputFormat
    if let format { outputFormat = format } else { outputFormat = try Self.format(forPath: path) }
    let target = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory)
    if exists, isDirectory.boolValue { throw .isDirectory(path) }
    let guarded = protectedPaths + [dataset.source.path].compactMap { $0 }
    if guarded.contains(where: { samePlace(target.path, $0) }) { throw .wouldOverwriteDataset(path) }

    let directory = target.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
    guard descriptor >= 0 else { throw .unwritableFile(path, reason: ByteStream.reason(errno)) }
    var output = BufferedFileWriter(descriptor: descriptor, path: path)
    do throws(ShellError) {
      // Keep an existing file's permissions; a new file gets the umask's.
      if exists,
        let mode = try? FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
      {
        _ = fchmod(descriptor, mode_t(mode))
      }
      let writer = RowWriter(dataset: dataset, format: outputFormat, columns: columns, terminalSafe: false)
      try writer.write(rows: rows) { (record: String) throws(ShellError) in
        // Ctrl-C: the temporary file goes, and the target stays as it was.
        if cancellation?.isCancelled == true {
          throw .cancelled(command: "export", outcome: "\(Sanitizer.quoted(path)) was left as it was")
        }
        try output.write(record)
        try output.write("\n")
      }
      try output.flush()
      guard fsync(descriptor) == 0 else { throw .unwritableFile(path, reason: ByteStream.reason(errno)) }
      guard close(descriptor) == 0 else { throw .unwritableFile(path, reason: ByteStream.reason(errno)) }
      output.closed = true
      guard rename(temporary.path, target.path) == 0 else {
        throw .unwritableFile(path, reason: ByteStream.reason(errno))
      }
    } catch {
      if !output.closed { _ = close(descriptor) }
      _ = unlink(temporary.path)
      throw error
    }
    return rows.count
  }

  /// Whether two paths name the same file: equal after resolving links, or the same inode.
  static func samePlace(_ first: String, _ second: String) -> Bool {
    if resolved(first) == resolved(second) { return true }
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  /// An absolute path with symbolic links resolved, also for a file that does not exist yet
  /// (its directory is resolved and its name appended).
  static func resolved(_ path: String) -> String {
    let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
    if FileManager.default.fileExists(atPath: url.path) { return url.resolvingSymlinksInPath().path }
    return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(
      url.lastPathComponent
    ).path
  }
}
