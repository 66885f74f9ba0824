/// Reads plain text: every line is one row with a single `title` column.
///
/// LF, CRLF and a lone CR end a line; the terminator after the last line does not start a
/// phantom empty row, but an empty line in the middle is a row like any other. A line starting
/// with `comment`, when given, is skipped.
enum TextParser {
  /// Parses the whole stream into `table` and returns how many comment lines it skipped.
  @discardableResult
  package static func parse(
    _ stream: inout ByteStream, into table: inout TableAssembler, comment: UInt8? = nil
  ) throws(TableError) -> Int {
    try table.setColumns([Array("title".utf8)], line: 1)
    try stream.skipByteOrderMark()
    let scratch = try table.scratch()
    var skipLineFeed = false
    var comments = 0
    while true {
      // A line's cells never span lines, so the line after the run is the cell's line. A
      // non-empty run is a row whatever ends it; an empty one depends on the terminator.
      let isEmpty = try stream.withLineRun(scratch: scratch) { (bytes, line) throws(TableError) in
        if let comment, bytes.first == comment {
          comments += 1
        } else if !bytes.isEmpty {
          try table.appendCell(bytes, line: line)
        }
        return bytes.isEmpty
      }
      guard let byte = try stream.next() else { return comments }
      if isEmpty {
        if byte == ByteCodes.lineFeed, skipLineFeed {
          skipLineFeed = false
          continue
        }
        try table.appendEmptyCell()
      }
      skipLineFeed = byte == ByteCodes.carriageReturn
    }
  }
}
