/// Reads plain text: every line is one row with a single `title` column.
///
/// LF, CRLF and a lone CR end a line; the terminator after the last line does not start a
/// phantom empty row, but an empty line in the middle is a row like any other.
enum TextParser {
  /// Parses the whole stream into `table`.
  static func parse(_ stream: inout ByteStream, into table: inout TableAssembler) throws(ShellError) {
    table.setColumns([Array("title".utf8)], line: 1)
    try stream.skipByteOrderMark()
    var cell: [UInt8] = []
    cell.reserveCapacity(256)
    var skipLineFeed = false
    while true {
      try stream.appendRun(into: &cell, until: stops)
      // A line's cells never span lines, so the line after the run is the cell's line.
      let cellLine = stream.line
      guard let byte = try stream.next() else {
        if !cell.isEmpty { table.appendCell(cell, line: cellLine) }
        return
      }
      if byte == ByteCodes.lineFeed, skipLineFeed, cell.isEmpty {
        skipLineFeed = false
        continue
      }
      table.appendCell(cell, line: cellLine)
      cell.removeAll(keepingCapacity: true)
      skipLineFeed = byte == ByteCodes.carriageReturn
    }
  }

  /// Where a line's text ends.
  private static let stops = ByteSet([ByteCodes.lineFeed, ByteCodes.carriageReturn])
}
