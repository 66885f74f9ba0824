/// How a file was read: the choices a load made (given or sniffed), for `load`'s line and `explain`.
package struct ReadingReport: Equatable, Sendable {
  /// Where a delimited file's column names came from.
  package enum Header: Equatable, Sendable {
    /// The first row.
    case firstRow
    /// The comment line just before the data (tzdata's `#codes<TAB>coordinates…`).
    case commentLine
    /// None: the columns are numbered and every row is data.
    case none
  }

  /// The format the file was read as.
  package var format: DataFormat
  /// Whether the format came from the bytes rather than an extension or `--format`.
  package var formatSniffed = false
  /// The field separator of a delimited file.
  package var delimiter: UInt8?
  /// Whether the separator was sniffed.
  package var delimiterSniffed = false
  /// The column names' source in a delimited file.
  package var header = Header.firstRow
  /// Whether `header` was sniffed (`--header auto`).
  package var headerSniffed = false
  /// The byte comment lines started with, when lines were skipped as comments.
  package var comment: UInt8?
  /// How many comment lines were skipped.
  package var commentLines = 0

  /// A report of `format` with nothing sniffed.
  package init(format: DataFormat) {
    self.format = format
  }

  /// The line `load` prints, saying only what is not obvious; nil when nothing is.
  ///
  /// Obvious: a format named by the extension or `--format`, its usual separator, and a
  /// header row. E.g. `Read as CSV: ';'-separated (sniffed), no header row (sniffed)`; when
  /// the format itself was sniffed, the heading says so once for every choice.
  package var summary: String? {
    var parts: [String] = []
    if let delimiter, delimiter != format.usualDelimiter { parts.append(delimiterText) }
    if format.isDelimited, header != .firstRow || formatSniffed { parts.append(headerText) }
    if commentLines > 0 { parts.append(commentText) }
    guard !parts.isEmpty || (formatSniffed && format.isDelimited) else { return nil }
    return heading + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
  }

  /// The line `load` prints for a file: what is not obvious (`summary`), else the format and,
  /// for CSV and TSV, where the column names came from, so every load says how it read the file.
  package var loadLine: String {
    if let summary { return summary }
    switch format {
    case .csv, .tsv: return heading + ": " + headerText
    case .text: return heading + ": one row per line"
    case .json, .jsonl: return heading
    }
  }

  /// Every choice, for `explain`.
  package var details: String {
    var parts: [String] = []
    if let delimiter {
      if delimiter != format.usualDelimiter { parts.append(delimiterText) }
      parts.append(headerText)
    }
    parts.append(commentLines > 0 ? commentText : "no comment lines")
    return heading + ": " + parts.joined(separator: ", ")
  }

  /// `';'-separated`, marked when sniffed in a file whose format was not.
  private var delimiterText: String {
    guard let delimiter else { return "" }
    return ReadingOptions.describe(delimiter) + "-separated"
      + (delimiterSniffed && !formatSniffed ? " (sniffed)" : "")
  }

  /// `Read as CSV`, marked when the format was sniffed.
  private var heading: String {
    "Read as "
      + format.rawValue.uppercased().replacingOccurrences(of: "JSONL", with: "JSON Lines")
      .replacingOccurrences(of: "TEXT", with: "text") + (formatSniffed ? " (sniffed)" : "")
  }

  /// Where the column names came from, in words, marked when sniffed in a file whose format was not.
  private var headerText: String {
    let mark = headerSniffed && !formatSniffed ? " (sniffed)" : ""
    switch header {
    case .firstRow: return "header row" + mark
    case .commentLine: return "column names from the last comment line" + mark
    case .none: return "no header row" + mark + ", columns 1, 2, …"
    }
  }

  /// `3 comment lines skipped`.
  private var commentText: String {
    let marker = comment.map { " " + ReadingOptions.describe($0) } ?? ""
    // `describe` names a space or tab by word: a comment byte is printable ASCII.
    return "\(commentLines)\(marker) comment \(commentLines == 1 ? "line" : "lines") skipped"
  }
}

extension DataFormat {
  /// Whether the format separates fields by a byte (CSV, TSV).
  package var isDelimited: Bool { self == .csv || self == .tsv }

  /// The separator the format's name stands for: a comma for CSV, a tab for TSV.
  var usualDelimiter: UInt8? {
    switch self {
    case .csv: return ByteCodes.comma
    case .tsv: return ByteCodes.tab
    default: return nil
    }
  }
}

extension ReadingReport {
  /// The report as one line of text, for the index cache to keep beside the dataset.
  package var encoded: String {
    let header: String
    switch self.header {
    case .firstRow: header = "row"
    case .commentLine: header = "comment"
    case .none: header = "none"
    }
    let fields: [String] = [
      format.rawValue, formatSniffed ? "1" : "0", delimiter.map { String($0) } ?? "-",
      delimiterSniffed ? "1" : "0",
      header, headerSniffed ? "1" : "0", comment.map { String($0) } ?? "-", String(commentLines),
    ]
    return fields.joined(separator: " ")
  }

  /// The report `encoded` wrote, or nil for text it did not write.
  package init?(encoded: String) {
    let fields = encoded.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 8, let format = DataFormat(rawValue: fields[0]), let lines = Int(fields[7]),
      lines >= 0
    else { return nil }
    self.init(format: format)
    formatSniffed = fields[1] == "1"
    delimiter = UInt8(fields[2])
    delimiterSniffed = fields[3] == "1"
    switch fields[4] {
    case "row": header = .firstRow
    case "comment": header = .commentLine
    case "none": header = .none
    default: return nil
    }
    headerSniffed = fields[5] == "1"
    comment = UInt8(fields[6])
    commentLines = lines
  }
}
