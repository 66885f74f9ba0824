import Foundation

/// Choosing how to read a file from its name, the user's options and its first bytes.
extension DatasetLoader {
  /// What the first bytes decided: the format, and for a delimited file its parser and names.
  struct Plan {
    /// The choices, for the load's line and `explain`.
    var report: ReadingReport
    /// The delimited file's parser (separator, quoting, comment byte).
    var parser: DelimitedParser?
    /// Column names that do not come from the first row (numbered, or a comment line's).
    var names: [[UInt8]]?
  }

  /// How many bytes sniffing looks at, at least (a regular file gives a whole chunk).
  static let sniffedBytes = 64 << 10

  /// The plan for `prefix` (the input's first bytes; `isWhole` when they are all of it).
  static func plan(
    _ prefix: UnsafeBufferPointer<UInt8>, isWhole: Bool, path: String?, options: LoadOptions
  ) -> Plan {
    let reading = options.reading
    var report: ReadingReport
    if let format = options.format ?? path.flatMap(DataFormat.forPath)
      ?? (options.jsonPath == nil ? nil : .json) ?? (reading.delimiter == nil ? nil : .csv)
    {
      report = ReadingReport(format: format)
    } else {
      report = sniffedFormat(prefix, isWhole: isWhole, comment: reading.comment)
    }
    guard report.format.isDelimited else {
      if report.format == .text, let comment = reading.comment { report.comment = comment }
      return Plan(report: report)
    }
    let parser = delimitedParser(&report, prefix: prefix, isWhole: isWhole, path: path, reading: reading)
    let sample = DelimitedSniffer.sample(
      prefix, delimiter: parser.delimiter, quoting: parser.quoting, comment: parser.comment, isWhole: isWhole)
    report.comment = parser.comment
    let fields = max(1, sample.records.map(\.count).max() ?? 1)
    let numbered = (1...fields).map { Array(String($0).utf8) }
    switch reading.header {
    case .yes: return Plan(report: report, parser: parser)
    case .none:
      report.header = .none
      return Plan(report: report, parser: parser, names: numbered)
    case .auto:
      report.headerSniffed = true
      if parser.comment != nil, let line = sample.lastComment,
        let names = commentNames(line, delimiter: parser.delimiter, fields: fields)
      {
        report.header = .commentLine
        return Plan(report: report, parser: parser, names: names)
      }
      // A table whose comments document it (tzdata's) but do not name its columns has none.
      let commented = parser.comment != nil && sample.lastComment != nil
      guard DelimitedSniffer.hasHeader(sample.records, tie: !commented) == false else {
        return Plan(report: report, parser: parser)
      }
      report.header = .none
      return Plan(report: report, parser: parser, names: numbered)
    }
  }

  /// The format of a file with no extension (or standard input) by its bytes: JSON by its
  /// brackets, a table by a separator that splits the first lines evenly, else text.
  private static func sniffedFormat(
    _ prefix: UnsafeBufferPointer<UInt8>, isWhole: Bool, comment: UInt8?
  ) -> ReadingReport {
    let sniffed = DataFormat.sniff(prefix)
    var report = ReadingReport(format: sniffed)
    report.formatSniffed = sniffed != .text
    guard sniffed == .text,
      let delimiter = DelimitedSniffer.delimiter(
        prefix, isWhole: isWhole, comment: comment ?? UInt8(ascii: "#"), minimumRecords: 2, prose: true)
    else { return report }
    report.format = delimiter == ByteCodes.tab ? .tsv : .csv
    report.formatSniffed = true
    report.delimiter = delimiter
    report.delimiterSniffed = true
    return report
  }

  /// The parser for a delimited file: the separator given, sniffed or the format's; TSV's
  /// escapes for a tab-separated file without `--delimiter`, else RFC 4180 quoting; and comments.
  private static func delimitedParser(
    _ report: inout ReadingReport, prefix: UnsafeBufferPointer<UInt8>, isWhole: Bool, path: String?,
    reading: ReadingOptions
  ) -> DelimitedParser {
    if let given = reading.delimiter {
      report.delimiter = given
      report.delimiterSniffed = false
    } else if report.delimiter == nil, report.format == .csv {
      // A `.csv` file is comma-separated when commas split it evenly; else another separator
      // that does (a European `name;price` file), else commas after all.
      let others = DelimitedSniffer.candidates.filter { $0 != ByteCodes.comma }
      let comma = DelimitedSniffer.delimiter(
        prefix, isWhole: isWhole, comment: reading.comment, candidates: [ByteCodes.comma], minimumRecords: 1,
        prose: false)
      let other =
        comma != nil
        ? nil
        : DelimitedSniffer.delimiter(
          prefix, isWhole: isWhole, comment: reading.comment, candidates: others, minimumRecords: 1,
          prose: false)
      report.delimiter = other ?? ByteCodes.comma
      report.delimiterSniffed = other != nil
    }
    let delimiter = report.delimiter ?? report.format.usualDelimiter ?? ByteCodes.comma
    report.delimiter = delimiter
    var parser =
      report.format == .tsv && delimiter == ByteCodes.tab && reading.delimiter == nil
      ? DelimitedParser.tsv : DelimitedParser(delimiter: delimiter, quoting: true, backslashEscapes: false)
    parser.comment = reading.comment ?? defaultComment(report, prefix: prefix, isWhole: isWhole, path: path)
    return parser
  }

  /// `#` for a sniffed table or a tzdata-style `.tab` file whose first line is a `#` comment.
  ///
  /// There a `#` line cannot be data; elsewhere (a `.csv` or `.tsv` file) a `#` cell starting
  /// a row stays data.
  private static func defaultComment(
    _ report: ReadingReport, prefix: UnsafeBufferPointer<UInt8>, isWhole: Bool, path: String?
  ) -> UInt8? {
    let hash = UInt8(ascii: "#")
    guard report.formatSniffed || path.flatMap(DataFormat.fileExtension(of:)) == "tab" else { return nil }
    let sample = DelimitedSniffer.sample(
      prefix, delimiter: report.delimiter ?? ByteCodes.tab, quoting: false, comment: hash, isWhole: isWhole,
      limit: 1)
    return sample.startsWithComment ? hash : nil
  }

  /// The column names a comment line gives (`#codes<TAB>coordinates<TAB>TZ`): its fields, when
  /// there are `fields` of them, or that many after the empty ones (tabs that align) are dropped.
  static func commentNames(_ line: String, delimiter: UInt8, fields: Int) -> [[UInt8]]? {
    let parts = Array(line.utf8).split(separator: delimiter, omittingEmptySubsequences: false).map {
      Array(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces).utf8)
    }
    if parts.count == fields { return parts }
    let named = parts.filter { !$0.isEmpty }
    return fields > 1 && named.count == fields ? named : nil
  }
}
