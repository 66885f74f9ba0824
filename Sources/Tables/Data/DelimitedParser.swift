/// Reads CSV (RFC 4180) and TSV: a header row naming the columns, then one record per row.
///
/// CSV fields may be quoted; inside quotes a doubled quote is a quote, and commas and line
/// breaks are data. A quote in the middle of an unquoted field is kept as data (as most tools
/// do); text after a closing quote and an unterminated quote are errors. TSV has no quoting:
/// `\t`, `\n`, `\r`, `\\` and `\0` (NUL) are escapes (the "linear TSV" convention the writer
/// uses), and any other backslash is data. Blank lines are skipped unless the table has one
/// column; short records are padded with empty cells, and fields past the header's count are
/// dropped with a warning. A line starting with the comment byte, when there is one, is skipped.
struct DelimitedParser {
  /// The field separator.
  let delimiter: UInt8
  /// Whether `"` quotes fields (CSV).
  let quoting: Bool
  /// Whether backslash escapes are decoded (TSV).
  let backslashEscapes: Bool
  /// The byte that starts a comment line at the start of a record, if any.
  var comment: UInt8?

  /// Bytes that end a run of plain data in an unquoted field.
  private let unquotedStops: ByteSet
  /// Bytes that end a run of plain data inside quotes (line breaks are data but move the line).
  private let quotedStops = ByteSet([ByteCodes.quote, ByteCodes.lineFeed, ByteCodes.carriageReturn])

  package init(delimiter: UInt8, quoting: Bool, backslashEscapes: Bool) {
    self.delimiter = delimiter
    self.quoting = quoting
    self.backslashEscapes = backslashEscapes
    var stops = [delimiter, ByteCodes.lineFeed, ByteCodes.carriageReturn]
    if backslashEscapes { stops.append(ByteCodes.backslash) }
    unquotedStops = ByteSet(stops)
  }

  /// The CSV dialect.
  package static let csv = DelimitedParser(delimiter: ByteCodes.comma, quoting: true, backslashEscapes: false)
  /// The TSV dialect.
  package static let tsv = DelimitedParser(delimiter: ByteCodes.tab, quoting: false, backslashEscapes: true)

  /// Parses the whole stream into `table`, the first record naming the columns unless `names`
  /// does, and returns how many comment lines it skipped.
  @discardableResult
  package func parse(
    _ stream: inout ByteStream, into table: inout TableAssembler, names: [[UInt8]]? = nil
  ) throws(TableError) -> Int {
    try stream.skipByteOrderMark()
    let cell = try table.scratch()
    var header: [[UInt8]] = []
    var haveHeader = false
    var headerLine = 1
    var comments = 0
    if let names {
      try table.budget.charge(names.reduce(0) { $0 &+ $1.count &* 2 })
      try table.setColumns(names, line: 1)
      haveHeader = true
    }

    while let first = try stream.next() {
      if first == comment {
        comments += 1
        try skipLine(&stream)
        continue
      }
      if first == ByteCodes.carriageReturn || first == ByteCodes.lineFeed {
        // A blank line is a record only in a one-column table (one empty field); with more
        // columns it cannot be a whole record and is skipped.
        if first == ByteCodes.carriageReturn, try stream.peek() == ByteCodes.lineFeed {
          _ = try stream.next()
        }
        if haveHeader, table.columns.count == 1 { try table.appendEmptyCell() }
        continue
      }
      var fieldCount = 0
      var overflowed = false
      if !haveHeader { headerLine = stream.line }
      var fieldStart: UInt8? = first
      while true {
        cell.removeAll()
        let cellLine = stream.line
        let terminator = try readField(startingWith: fieldStart, into: cell, stream: &stream)
        if !haveHeader {
          // A name is kept as bytes, then as a `String`: both are charged.
          try table.budget.charge(cell.count &* 2)
          header.append(Array(cell.buffer))
        } else if fieldCount < table.columns.count {
          try table.appendCell(cell, line: cellLine)
        } else {
          overflowed = true
        }
        fieldCount += 1
        guard let terminator, terminator == delimiter else {
          if terminator == ByteCodes.carriageReturn, try stream.peek() == ByteCodes.lineFeed {
            _ = try stream.next()
          }
          break
        }
        fieldStart = try stream.next()
      }
      if haveHeader {
        try table.finishRow()
        if overflowed { table.longRows += 1 }
      } else {
        try table.setColumns(header, line: headerLine)
        haveHeader = true
      }
    }
    if !haveHeader { try table.setColumns([], line: 1) }
    return comments
  }

  /// Consumes the rest of a comment line, its line break included.
  private func skipLine(_ stream: inout ByteStream) throws(TableError) {
    while let byte = try stream.next() {
      if byte == ByteCodes.lineFeed { return }
      if byte == ByteCodes.carriageReturn {
        if try stream.peek() == ByteCodes.lineFeed { _ = try stream.next() }
        return
      }
    }
  }

  /// Reads one field whose first byte is `first` (nil at the end of input) and returns the
  /// byte that ended it: the delimiter, CR, LF, or nil for the end of input.
  @inline(__always)
  private func readField(
    startingWith first: UInt8?, into cell: UnsafeGrowableBuffer<UInt8>, stream: inout ByteStream
  ) throws(TableError) -> UInt8? {
    guard let first else { return nil }
    if quoting, first == ByteCodes.quote {
      let openLine = stream.line
      let openColumn = stream.column
      while true {
        try stream.appendRun(into: cell, until: quotedStops)
        guard let byte = try stream.next() else {
          throw .malformedFile(
            stream.label, line: openLine, column: openColumn, reason: "unterminated quoted field")
        }
        if byte == ByteCodes.quote {
          guard try stream.peek() == ByteCodes.quote else { break }
          _ = try stream.next()
        }
        try cell.append(byte)
      }
      let after = try stream.next()
      guard let after else { return nil }
      if after == delimiter || after == ByteCodes.carriageReturn || after == ByteCodes.lineFeed {
        return after
      }
      throw .malformedFile(
        stream.label, line: stream.line, column: stream.column,
        reason: "unexpected text after a closing quote (a quote inside a quoted field is written '\"\"')")
    }
    var current: UInt8? = first
    while let byte = current {
      if !unquotedStops.contains(byte) {
        try cell.append(byte)
        try stream.appendRun(into: cell, until: unquotedStops)
        current = try stream.next()
        continue
      }
      if byte == delimiter || byte == ByteCodes.carriageReturn || byte == ByteCodes.lineFeed { return byte }
      if backslashEscapes, byte == ByteCodes.backslash {
        let decoded: UInt8? =
          switch try stream.peek() {
          case UInt8(ascii: "t"): ByteCodes.tab
          case UInt8(ascii: "n"): ByteCodes.lineFeed
          case UInt8(ascii: "r"): ByteCodes.carriageReturn
          case ByteCodes.backslash: ByteCodes.backslash
          case UInt8(ascii: "0"): 0
          default: nil
          }
        if let decoded {
          _ = try stream.next()
          try cell.append(decoded)
        } else {
          try cell.append(byte)
        }
      } else {
        try cell.append(byte)
      }
      current = try stream.next()
    }
    return nil
  }
}
