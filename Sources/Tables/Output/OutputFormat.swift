/// How `list` prints rows and `export` writes them (`set format`, or the export file's extension).
package enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned columns for reading; not meant to be parsed.
  case table
  /// The title of each row, one per line.
  case plain
  /// RFC 4180 CSV with a header row.
  case csv
  /// Tab-separated values with a header row; `\t`, `\n`, `\r` and `\\` escaped.
  case tsv
  /// A JSON array of objects keyed by column name.
  case json
  /// One JSON object per line.
  case jsonl
  /// A GitHub-flavoured Markdown table.
  case markdown

  /// The output format an export file's extension names.
  package init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "txt", "text": self = .plain
    case "csv": self = .csv
    case "tsv", "tab": self = .tsv
    case "json": self = .json
    case "jsonl", "ndjson": self = .jsonl
    case "md", "markdown": self = .markdown
    default: return nil
    }
  }

  /// The extensions `export` understands, for error messages.
  static let exportExtensions = [".csv", ".tsv", ".json", ".jsonl", ".md", ".txt"]
}
