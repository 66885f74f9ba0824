/// Reads JSON (an array of rows) and JSON Lines (one row per line) without building a tree.
///
/// A row is a string, a number, `true`/`false`/`null` (one column named `title`), an object
/// (one column per key, in order of first appearance; a row without a key gets an empty cell),
/// or an array (columns numbered from 1). Inside rows, strings are unescaped, numbers and
/// booleans keep their text, `null` is empty, and nested arrays and objects are kept as compact
/// JSON text. Rows must all be of one kind. A JSON file may also be an object holding its rows
/// (`JSONRowParser+Objects.swift`).
struct JSONRowParser {
  /// Whether the input is JSON Lines rather than one array.
  package let lines: Bool

  /// Where the rows are in a top-level object (`--path`); see `JSONRowParser+Objects.swift`.
  package let path: JSONKeyPath?

  enum RowKind { case unknown, scalars, objects, arrays }
  package var kind = RowKind.unknown
  private var keyIndex: [[UInt8]: Int] = [:]
  /// The row being read (an object's values wait here for their columns' order).
  package let rowBytes: UnsafeGrowableBuffer<UInt8>
  private var rowSpans: [(start: Int, end: Int, line: Int)?] = []
  private let key: UnsafeGrowableBuffer<UInt8>
  /// Other scratch: a value read and dropped, a member's name.
  package let scratch: UnsafeGrowableBuffer<UInt8>
  /// The closing brackets a nested value still owes.
  package let closers: UnsafeGrowableBuffer<UInt8>
  /// What the parser's scratch is charged to (the table's budget).
  package let budget: LoadBudget
  /// Objects without a key read before any key gave the table a column: rows all the same.
  var keylessRows = 0

  /// A parser whose scratch is charged to `table`'s budget.
  package init(lines: Bool, path: JSONKeyPath? = nil, table: TableAssembler) throws(TableError) {
    self.lines = lines
    self.path = path
    budget = table.budget
    rowBytes = try table.scratch()
    key = try table.scratch(capacity: 64)
    scratch = try table.scratch(capacity: 64)
    closers = try table.scratch(capacity: 64)
  }

  /// Parses the whole stream into `table`.
  package mutating func parse(_ stream: inout ByteStream, into table: inout TableAssembler) throws(TableError)
  {
    try stream.skipByteOrderMark()
    if lines {
      while true {
        try skipWhitespace(&stream)
        guard try stream.peek() != nil else { break }
        try parseRow(&stream, into: &table)
        // Only spaces may follow a row on its line.
        while let byte = try stream.peek(), byte == ByteCodes.space || byte == ByteCodes.tab {
          _ = try stream.next()
        }
        if let byte = try stream.next(), byte != ByteCodes.lineFeed, byte != ByteCodes.carriageReturn {
          throw malformed(stream, "expected a line break after a row, found \(describe(byte))")
        }
      }
    } else {
      try skipWhitespace(&stream)
      guard let open = try stream.next() else { throw endOfFile(stream, expecting: "a JSON array of rows") }
      if open == ByteCodes.openBrace {
        try parseRows(inObject: &stream, into: &table)
      } else {
        guard open == ByteCodes.openBracket, path == nil else {
          let opener = path == nil ? "[" : "{"
          throw malformed(stream, "expected '\(opener)' to start an array of rows, found \(describe(open))")
        }
        try parseArray(&stream, into: &table)
      }
      try skipWhitespace(&stream)
      if let byte = try stream.next() {
        throw malformed(stream, "unexpected \(describe(byte)) after the array")
      }
    }
    if table.builder == nil { try table.setColumns([], line: 1) }
    try addKeylessRows(to: &table)
  }

  /// Adds the rows of `{}` read before the table had a column, once it has one.
  mutating func addKeylessRows(to table: inout TableAssembler) throws(TableError) {
    guard table.builder != nil else { return }
    for _ in 0..<keylessRows { try table.appendMissingCell() }
    keylessRows = 0
  }

  mutating func parseRow(_ stream: inout ByteStream, into table: inout TableAssembler)
    throws(TableError)
  {
    guard let first = try stream.next() else { throw endOfFile(stream, expecting: "a row") }
    let line = stream.line
    if first == ByteCodes.openBrace {
      try enter(.objects, found: "an object", stream)
      try parseObject(&stream, into: &table)
      return
    }
    if first == ByteCodes.openBracket {
      try enter(.arrays, found: "an array", stream)
      try parseArrayRow(&stream, into: &table)
      return
    }
    try enter(.scalars, found: describe(first), stream)
    if table.builder == nil { try table.setColumns([Array("title".utf8)], line: line) }
    rowBytes.removeAll()
    table.noteJSONValue(startingWith: first, column: 0)
    try parseScalar(first, &stream, into: rowBytes)
    try table.appendCell(rowBytes, line: line)
  }

  private mutating func parseObject(_ stream: inout ByteStream, into table: inout TableAssembler)
    throws(TableError)
  {
    rowBytes.removeAll()
    for index in rowSpans.indices { rowSpans[index] = nil }
    try skipWhitespace(&stream)
    if try stream.peek() == ByteCodes.closeBrace {
      _ = try stream.next()
    } else {
      while true {
        try skipWhitespace(&stream)
        guard let quote = try stream.next() else { throw endOfFile(stream, expecting: "a key") }
        guard quote == ByteCodes.quote else {
          throw malformed(stream, "expected a quoted key, found \(describe(quote))")
        }
        key.removeAll()
        try parseString(&stream, into: key)
        try skipWhitespace(&stream)
        guard let colon = try stream.next() else { throw endOfFile(stream, expecting: "':'") }
        guard colon == ByteCodes.colon else {
          throw malformed(stream, "expected ':' after a key, found \(describe(colon))")
        }
        try skipWhitespace(&stream)
        let column: Int
        let name = Array(key.buffer)
        if let known = keyIndex[name] {
          column = known
        } else {
          // The builder is between rows here: this row's cells are still in `rowBytes`. A key
          // is kept twice (to look up, and as the column's name), so both are charged.
          try budget.charge(key.count &* 2)
          column = try table.addColumn(key.buffer, line: stream.line)
          try addKeylessRows(to: &table)
          keyIndex[name] = column
          rowSpans.append(nil)
        }
        guard let first = try stream.next() else { throw endOfFile(stream, expecting: "a value") }
        let line = stream.line
        let start = rowBytes.count
        table.noteJSONValue(startingWith: first, column: column)
        try parseValue(first, &stream, into: rowBytes)
        // A repeated key keeps its last value, as JSONSerialization does.
        rowSpans[column] = (start, rowBytes.count, line)
        try skipWhitespace(&stream)
        guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "',' or '}'") }
        if byte == ByteCodes.closeBrace { break }
        guard byte == ByteCodes.comma else {
          throw malformed(stream, "expected ',' or '}', found \(describe(byte))")
        }
      }
    }
    if table.builder == nil {
      keylessRows += 1
      return
    }
    let bytes = rowBytes.buffer
    for span in rowSpans {
      if let span {
        try table.appendCell(UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), line: span.line)
      } else {
        try table.appendMissingCell()
      }
    }
  }

  /// Skips spaces, tabs and line breaks.
  func skipWhitespace(_ stream: inout ByteStream) throws(TableError) {
    while let byte = try stream.peek(),
      byte == ByteCodes.space || byte == ByteCodes.tab || byte == ByteCodes.lineFeed
        || byte == ByteCodes.carriageReturn
    {
      _ = try stream.next()
    }
  }

  /// The error for the byte `next()` returned last.
  package func malformed(_ stream: borrowing ByteStream, _ reason: String) -> TableError {
    .malformedFile(stream.label, line: stream.line, column: stream.column, reason: reason)
  }

  /// The error for input that ended too soon, placed just after the last byte.
  func endOfFile(_ stream: borrowing ByteStream, expecting what: String) -> TableError {
    let end = stream.endPosition
    return .malformedFile(
      stream.label, line: end.line, column: end.column, reason: "unexpected end of file, expected \(what)")
  }

  /// A byte as an error message shows it: `'x'` for printable ASCII, else its code.
  package func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte == ByteCodes.lineFeed || byte == ByteCodes.carriageReturn { return "a line break" }
    if byte == ByteCodes.space || byte == ByteCodes.tab { return "a space" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }
}
