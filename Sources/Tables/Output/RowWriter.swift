/// Formats a dataset's rows as text in one of the `OutputFormat`s, one record at a time.
///
/// Every format but `table` is exactly parseable: CSV quotes per RFC 4180 (a field with a comma,
/// quote, CR or LF is quoted and its quotes doubled); TSV writes a backslash as `\\`, a tab as
/// `\t`, a line feed as `\n`, a carriage return as `\r` and NUL as `\0` (what
/// `DelimitedParser.tsv` reads back); JSON and JSON Lines escape control characters; Markdown
/// escapes `\` and `|` and writes line breaks as `<br>`; plain text writes only the title and
/// turns line breaks into spaces. CSV, Markdown and plain text cannot carry NUL: it becomes
/// U+FFFD. A leading U+FEFF is kept past the reader's byte-order-mark skip.
///
/// With `terminalSafe`, each cell first goes through `Sanitizer.printable`, so control
/// characters and escape sequences appear as `\e`, `\u{9b}`, ... and cannot drive a terminal;
/// the output then stays parseable but carries those escapes as text.
package struct RowWriter {
  /// The rows' dataset.
  package let dataset: Dataset
  /// The output shape.
  package var format: OutputFormat
  /// The columns written, in order (every column by default; `plain` writes only the title).
  package var columns: [Int]
  /// Whether cells are escaped for a terminal before formatting.
  package var terminalSafe: Bool
  /// The widest a `table` column grows before its cells are cut with `…`.
  var maximumTableWidth = 40

  package init(dataset: Dataset, format: OutputFormat, columns: [Int]? = nil, terminalSafe: Bool) {
    self.dataset = dataset
    self.format = format
    self.columns = columns ?? Array(dataset.columns.indices)
    self.terminalSafe = terminalSafe
  }

  /// Calls `emit` with each record of the output in order, without its final newline.
  ///
  /// A CSV record may contain line breaks inside quotes; every other record is one line.
  package func write<Rows: Collection<Int>, Failure: Error>(
    rows: Rows, to emit: (String) throws(Failure) -> Void
  ) throws(Failure) {
    switch format {
    case .table:
      for line in tableLines(rows: rows) { try emit(line) }
    case .plain:
      var first = true
      for row in rows {
        let title = cell(row, dataset.titleColumn)
        let line = terminalSafe ? title : Self.oneLine(title)
        try emit(first ? Self.keepingLeadingMark(line) : line)
        first = false
      }
    case .csv:
      try emit(columns.map { Self.csvField(name($0), alone: columns.count == 1) }.joined(separator: ","))
      for row in rows {
        try emit(
          columns.map { Self.csvField(cell(row, $0), alone: columns.count == 1) }.joined(separator: ","))
      }
    case .tsv:
      try emit(Self.keepingLeadingMark(columns.map { Self.tsvField(name($0)) }.joined(separator: "\t")))
      for row in rows { try emit(columns.map { Self.tsvField(cell(row, $0)) }.joined(separator: "\t")) }
    case .json:
      if rows.isEmpty {
        try emit("[]")
        return
      }
      try emit("[")
      var remaining = rows.count
      for row in rows {
        remaining -= 1
        try emit("  " + jsonObject(row) + (remaining > 0 ? "," : ""))
      }
      try emit("]")
    case .jsonl:
      for row in rows { try emit(jsonObject(row)) }
    case .markdown:
      try emit("| " + columns.map { Self.markdownCell(name($0)) }.joined(separator: " | ") + " |")
      try emit("|" + columns.map { _ in " --- |" }.joined())
      for row in rows {
        try emit("| " + columns.map { Self.markdownCell(cell(row, $0)) }.joined(separator: " | ") + " |")
      }
    }
  }

  /// The whole output as records, for `list` and tests.
  package func records<Rows: Collection<Int>>(rows: Rows) -> [String] {
    var result: [String] = []
    write(rows: rows) { (record: String) throws(Never) in result.append(record) }
    return result
  }

  private func cell(_ row: Int, _ column: Int) -> String {
    let text = dataset.cell(row: row, column: column)
    return terminalSafe ? Sanitizer.printable(text) : text
  }

  private func name(_ column: Int) -> String {
    terminalSafe ? Sanitizer.printable(dataset.columns[column]) : dataset.columns[column]
  }

  private func jsonObject(_ row: Int) -> String {
    // JSONText escapes every control character, so JSON is terminal-safe without Sanitizer.
    // A key the row's object lacked stays out, as it was (not `""`, a value it never had).
    let members = columns.filter { !dataset.missing.contains(row: row, column: $0) }.map { column in
      JSONText.string(dataset.columns[column]) + ": " + jsonValue(row, column)
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// A cell as JSON: a string, or as the number or boolean a JSON file gave (empty: `null`).
  private func jsonValue(_ row: Int, _ column: Int) -> String {
    let text = dataset.cell(row: row, column: column)
    switch dataset.columnType(column) {
    case .text: return JSONText.string(text)
    // The loader kept only valid JSON numbers and `true`/`false` in these columns.
    case .number, .boolean: return text.isEmpty ? "null" : text
    }
  }

  /// A CSV field, quoted when it must be.
  ///
  /// That is when it holds a comma, quote or line break, starts with U+FEFF (which a reader
  /// skips as a byte-order mark at the start of a file), or is a lone empty field (which would
  /// otherwise be a blank line). CSV has no way to write NUL: it becomes U+FFFD. Works on
  /// Unicode scalars: `"` followed by a combining mark is one `Character`, and comparing
  /// Characters would leave that quote undoubled.
  static func csvField(_ text: String, alone: Bool) -> String {
    let needsQuotes =
      text.unicodeScalars.first == byteOrderMark
      || text.utf8.contains {
        $0 == ByteCodes.comma || $0 == ByteCodes.quote || $0 == ByteCodes.lineFeed
          || $0 == ByteCodes.carriageReturn
      }
    if !needsQuotes { return alone && text.isEmpty ? "\"\"" : withoutNUL(text) }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\"\""
      case "\0": result.unicodeScalars.append(replacement)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A TSV field with `\`, tab, LF, CR and NUL escaped (`\\`, `\t`, `\n`, `\r`, `\0`).
  static func tsvField(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == ByteCodes.backslash || $0 == ByteCodes.tab || $0 == ByteCodes.lineFeed
          || $0 == ByteCodes.carriageReturn || $0 == 0
      })
    else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\0": result += "\\0"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A Markdown table cell: `\` and `|` escaped, each line break (CRLF, LF or CR) as `<br>`, NUL
  /// as U+FFFD.
  static func markdownCell(_ text: String) -> String {
    replacingLineBreaks(in: text, with: "<br>") { scalar, result in
      switch scalar {
      case "\\": result += "\\\\"
      case "|": result += "\\|"
      default: return false
      }
      return true
    }
  }

  /// `text` on one line: each line break (CRLF, LF or CR) becomes a space, NUL becomes U+FFFD.
  static func oneLine(_ text: String) -> String {
    replacingLineBreaks(in: text, with: " ") { _, _ in false }
  }

  /// The byte-order mark a reader skips at the start of a file.
  static let byteOrderMark: Unicode.Scalar = "\u{FEFF}"
  /// What NUL becomes in formats that cannot carry it.
  package static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// `text` with NUL replaced by U+FFFD.
  private static func withoutNUL(_ text: String) -> String {
    guard text.utf8.contains(0) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { result.unicodeScalars.append(scalar == "\0" ? replacement : scalar) }
    return result
  }

  /// `text`, scalar by scalar, with each line break as `lineBreak`, NUL as U+FFFD, and other
  /// scalars through `escape` (which appends and returns true, or returns false to keep them).
  private static func replacingLineBreaks(
    in text: String, with lineBreak: String, escape: (Unicode.Scalar, inout String) -> Bool
  ) -> String {
    var result = ""
    var afterCR = false
    for scalar in text.unicodeScalars {
      defer { afterCR = scalar == "\r" }
      switch scalar {
      case "\n" where afterCR: continue
      case "\n", "\r": result += lineBreak
      case "\0": result.unicodeScalars.append(replacement)
      default: if !escape(scalar, &result) { result.unicodeScalars.append(scalar) }
      }
    }
    return result
  }

  /// `record` with a byte-order mark in front when it starts with one, so a reader that skips
  /// the file's mark keeps the cell's (for formats without quoting: TSV, plain text).
  static func keepingLeadingMark(_ record: String) -> String {
    record.unicodeScalars.first == byteOrderMark ? "\u{FEFF}" + record : record
  }

  // MARK: - Table

  /// The readable table: a header, a rule, and the rows, columns padded to their widest cell.
  private func tableLines<Rows: Collection<Int>>(rows: Rows) -> [String] {
    // The table is for eyes only: always escaped, whatever `terminalSafe` says.
    let header = columns.map { clip(Sanitizer.printable(dataset.columns[$0])) }
    var body: [[String]] = []
    body.reserveCapacity(rows.count)
    for row in rows {
      body.append(columns.map { clip(Sanitizer.printable(dataset.cell(row: row, column: $0))) })
    }
    var widths = header.map(Self.displayWidth)
    for cells in body {
      for (index, text) in cells.enumerated() { widths[index] = max(widths[index], Self.displayWidth(text)) }
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for (index, cell) in cells.enumerated() {
        if index > 0 { text += "  " }
        text += cell
        // No padding after the last column, so lines carry no trailing spaces.
        if index < cells.count - 1 {
          text += String(repeating: " ", count: widths[index] - Self.displayWidth(cell))
        }
      }
      return text
    }
    var lines = [
      line(header), widths.map { String(repeating: "-", count: max($0, 1)) }.joined(separator: "  "),
    ]
    for cells in body { lines.append(line(cells)) }
    return lines
  }

  /// `text` cut to `maximumTableWidth` columns, ending with `…` when cut.
  private func clip(_ text: String) -> String {
    guard Self.displayWidth(text) > maximumTableWidth else { return text }
    var result = ""
    var width = 0
    for character in text {
      let next = Self.displayWidth(character)
      if width + next > maximumTableWidth - 1 { break }
      result.append(character)
      width += next
    }
    return result + "…"
  }

  /// The columns `text` takes on a terminal: two for East Asian wide characters, one otherwise.
  package static func displayWidth(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    return text.reduce(0) { $0 + displayWidth($1) }
  }

  private static func displayWidth(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    // The wide ranges of East Asian Width, coarsely: Hangul, CJK, Kana, fullwidth forms, emoji.
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value)
      || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
      || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    return wide ? 2 : 1
  }
}
