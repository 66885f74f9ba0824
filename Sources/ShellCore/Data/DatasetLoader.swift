import Foundation

/// Reads a file into a `Dataset`: plain text (one row per line) or TSV with a header row.
enum DatasetLoader {
  /// Loads `path`, choosing the format from its extension.
  static func load(
    path: String, name: String, source: DatasetSource, presets: DatasetPresets,
    titleColumn: String? = nil, scopeColumn: String? = nil, scopeTitles: [String]? = nil
  ) throws(ShellError) -> Dataset {
    let data = try readFile(path)
    if data.contains(0) { throw .binaryFile(path) }
    // Split on bytes: in Swift "\r\n" is one Character, so a String split on "\n" misses it.
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }
    if lines.last == "" { lines.removeLast() }
    if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }

    if path.hasSuffix(".tsv"), let header = lines.first {
      let columns = header.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      var builder = DatasetBuilder(columns: columns)
      for line in lines.dropFirst() {
        builder.appendRow(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
      }
      let title = titleColumn.flatMap { columns.firstIndex(of: $0) } ?? 0
      let scope = scopeColumn.flatMap { columns.firstIndex(of: $0) }
      return builder.build(
        name: name, source: source, titleColumn: title, scopeColumn: scope, scopeTitles: scopeTitles,
        presets: presets)
    }
    var builder = DatasetBuilder(columns: ["title"])
    for line in lines { builder.appendRow([line]) }
    return builder.build(name: name, source: source, presets: presets)
  }

  /// The bytes of a file, or the error that names why they cannot be read.
  static func readFile(_ path: String) throws(ShellError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path)
    }
    if isDirectory.boolValue { throw .isDirectory(path) }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadableFile(path, reason: FileManager.default.isReadableFile(atPath: path) ? "read failed" : "permission denied")
    }
  }
}
