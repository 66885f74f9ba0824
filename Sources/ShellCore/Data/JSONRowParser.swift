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
  let lines: Bool

  /// Where the rows are in a top-level object (`--path`); see `JSONRowParser+Objects.swift`.
  let path: JSONKeyPath?

  enum RowKind { case unknown, scalars, objects, arrays }
  var kind = RowKind.unknown
  private var keyIndex: [[UInt8]: Int] = [:]
  var rowBytes: [UInt8] = []
  private var rowSpans: [(start: Int, end: Int, line: Int)?] = []
  private var key: [UInt8] = []
  /// Objects without a key read before any key gave the table a column: rows all the same.
  var keylessRows = 0

  init(lines: Bool, path: JSONKeyPath? = nil) {
    self.lines = lines
    self.path = path
  }

  /// Parses the whole stream into `table`.
  mutating func parse(_ stream: inout ByteStream, into table: inout TableAssembler) throws(ShellError) {
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
    if table.builder == nil { table.setColumns([], line: 1) }
    try addKeylessRows(to: &table)
  }

  /// Adds the rows of `{}` read before the table had a column, once it has one.
  mutating func addKeylessRows(to table: inout TableAssembler) throws(ShellError) {
    guard table.builder != nil else { return }
    for _ in 0..<keylessRows { try table.appendEmptyCell() }
    keylessRows = 0
  }

  mutating func parseRow(_ stream: inout ByteStream, into table: inout TableAssembler)
    throws(ShellError)
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
    if table.builder == nil { table.setColumns([Array("title".utf8)], line: line) }
    rowBytes.removeAll(keepingCapacity: true)
    table.noteJSONValue(startingWith: first, column: 0)
    try parseScalar(first, &stream, into: &rowBytes)
    try table.appendCell(rowBytes, line: line)
  }

  private mutating func parseObject(_ stream: inout ByteStream, into table: inout TableAssembler)
    throws(ShellError)
  {
    rowBytes.removeAll(keepingCapacity: true)
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
        key.removeAll(keepingCapacity: true)
        try parseString(&stream, into: &key)
        try skipWhitespace(&stream)
        guard let colon = try stream.next() else { throw endOfFile(stream, expecting: "':'") }
        guard colon == ByteCodes.colon else {
          throw malformed(stream, "expected ':' after a key, found \(describe(colon))")
        }
        try skipWhitespace(&stream)
        let column: Int
        if let known = keyIndex[key] {
          column = known
        } else {
          // The builder is between rows here: this row's cells are still in `rowBytes`.
          column = try table.addColumn(key, line: stream.line)
          try addKeylessRows(to: &table)
          keyIndex[key] = column
          rowSpans.append(nil)
        }
        guard let first = try stream.next() else { throw endOfFile(stream, expecting: "a value") }
        let line = stream.line
        let start = rowBytes.count
        table.noteJSONValue(startingWith: first, column: column)
        try parseValue(first, &stream, into: &rowBytes)
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
    try rowBytes.withUnsafeBufferPointer { (bytes) throws(ShellError) in
      for span in rowSpans {
        if let span {
          try table.appendCell(UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), line: span.line)
        } else {
          try table.appendEmptyCell()
        }
      }
    }
  }

  /// Appends the text of any value whose first byte is `first`.
  func parseValue(_ first: UInt8, _ stream: inout ByteStream, into out: inout [UInt8])
    throws(ShellError)
  {
    if first == ByteCodes.openBrace || first == ByteCodes.openBracket {
      try copyNested(first, &stream, into: &out)
    } else {
      try parseScalar(first, &stream, into: &out)
    }
  }

  /// Appends a string's unescaped text, a number's or boolean's text, or nothing for `null`.
  private func parseScalar(_ first: UInt8, _ stream: inout ByteStream, into out: inout [UInt8])
    throws(ShellError)
  {
    switch first {
    case ByteCodes.quote:
      try parseString(&stream, into: &out)
    case UInt8(ascii: "t"):
      try expectWord("true", &stream)
      out.append(contentsOf: "true".utf8)
    case UInt8(ascii: "f"):
      try expectWord("false", &stream)
      out.append(contentsOf: "false".utf8)
    case UInt8(ascii: "n"):
      try expectWord("null", &stream)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try parseNumber(first, &stream, into: &out)
    default:
      throw malformed(stream, "expected a value, found \(describe(first))")
    }
  }

  /// Reads the rest of a keyword whose first letter was consumed.
  private func expectWord(_ word: String, _ stream: inout ByteStream) throws(ShellError) {
    for expected in word.utf8.dropFirst() {
      guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "'\(word)'") }
      guard byte == expected else { throw malformed(stream, "expected '\(word)', found \(describe(byte))") }
    }
  }

  /// Reads a number (JSON's grammar) and appends its text unchanged.
  private func parseNumber(_ first: UInt8, _ stream: inout ByteStream, into out: inout [UInt8])
    throws(ShellError)
  {
    var text: [UInt8] = [first]
    while let byte = try stream.peek(),
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    {
      _ = try stream.next()
      text.append(byte)
    }
    guard Self.isNumber(text) else {
      throw malformed(stream, "invalid number '\(String(decoding: text, as: UTF8.self))'")
    }
    out.append(contentsOf: text)
  }

  /// Whether `text` is `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func isNumber(_ text: [UInt8]) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
      return index - start
    }
    if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
    guard index < text.count else { return false }
    if text[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      return false
    }
    if index < text.count, text[index] == UInt8(ascii: ".") {
      index += 1
      if digits() == 0 { return false }
    }
    if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
      if digits() == 0 { return false }
    }
    return index == text.count
  }

  /// Reads a string whose opening quote was consumed, appending its unescaped UTF-8.
  func parseString(_ stream: inout ByteStream, into out: inout [UInt8]) throws(ShellError) {
    let openLine = stream.line
    let openColumn = stream.column
    while true {
      try stream.appendRun(into: &out, until: Self.stringStops)
      guard let byte = try stream.next() else {
        throw .malformedFile(stream.label, line: openLine, column: openColumn, reason: "unterminated string")
      }
      if byte == ByteCodes.quote { return }
      if byte < 0x20 {
        throw malformed(stream, "control character in a string (write it as an escape such as '\\n')")
      }
      if byte != ByteCodes.backslash {
        out.append(byte)
        continue
      }
      guard let escape = try stream.next() else { throw endOfFile(stream, expecting: "an escape") }
      switch escape {
      case ByteCodes.quote, ByteCodes.backslash, UInt8(ascii: "/"): out.append(escape)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(ByteCodes.lineFeed)
      case UInt8(ascii: "r"): out.append(ByteCodes.carriageReturn)
      case UInt8(ascii: "t"): out.append(ByteCodes.tab)
      case UInt8(ascii: "u"):
        var scalar = try hexQuad(&stream)
        if (0xD800...0xDBFF).contains(scalar), try stream.peek() == ByteCodes.backslash {
          // A high surrogate pairs with a following `\uDC00`-`\uDFFF`.
          _ = try stream.next()
          guard let letter = try stream.next() else { throw endOfFile(stream, expecting: "an escape") }
          guard letter == UInt8(ascii: "u") else {
            throw malformed(stream, "expected a low surrogate escape '\\uDC00'")
          }
          let low = try hexQuad(&stream)
          scalar =
            (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
        }
        // A lone surrogate cannot be UTF-8: it becomes U+FFFD, as Foundation decodes it.
        out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
      case 0x21..<0x7F:
        throw malformed(stream, "invalid escape '\\\(String(decoding: [escape], as: UTF8.self))'")
      default:
        // Only printable ASCII is echoed, so the message stays one line.
        throw malformed(stream, "invalid escape: '\\' followed by \(describe(escape))")
      }
    }
  }

  /// Bytes that end a run of plain string text: the quote, escapes and control characters.
  private static let stringStops = ByteSet([ByteCodes.quote, ByteCodes.backslash] + Array(0..<0x20))

  private func hexQuad(_ stream: inout ByteStream) throws(ShellError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "four hex digits") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw malformed(stream, "expected a hex digit in '\\u' escape, found \(describe(byte))")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Copies a nested array or object as compact JSON text, keeping strings exactly as written.
  private func copyNested(_ first: UInt8, _ stream: inout ByteStream, into out: inout [UInt8])
    throws(ShellError)
  {
    var closers: [UInt8] = [first == ByteCodes.openBrace ? ByteCodes.closeBrace : ByteCodes.closeBracket]
    out.append(first)
    while let expected = closers.last {
      guard let byte = try stream.next() else {
        throw endOfFile(stream, expecting: "'\(Character(Unicode.Scalar(expected)))'")
      }
      switch byte {
      case ByteCodes.space, ByteCodes.tab, ByteCodes.lineFeed, ByteCodes.carriageReturn:
        continue
      case ByteCodes.quote:
        out.append(byte)
        try copyString(&stream, into: &out)
      case ByteCodes.openBrace:
        closers.append(ByteCodes.closeBrace)
        out.append(byte)
      case ByteCodes.openBracket:
        closers.append(ByteCodes.closeBracket)
        out.append(byte)
      case ByteCodes.closeBrace, ByteCodes.closeBracket:
        guard byte == expected else { throw malformed(stream, "unexpected \(describe(byte))") }
        closers.removeLast()
        out.append(byte)
      default:
        out.append(byte)
      }
    }
  }

  /// Copies the rest of a string verbatim, escapes included, through its closing quote.
  private func copyString(_ stream: inout ByteStream, into out: inout [UInt8]) throws(ShellError) {
    let openLine = stream.line
    let openColumn = stream.column
    var escaped = false
    while true {
      guard let byte = try stream.next() else {
        throw .malformedFile(stream.label, line: openLine, column: openColumn, reason: "unterminated string")
      }
      if byte < 0x20 {
        throw malformed(stream, "control character in a string (write it as an escape such as '\\n')")
      }
      out.append(byte)
      if escaped {
        escaped = false
      } else if byte == ByteCodes.backslash {
        escaped = true
      } else if byte == ByteCodes.quote {
        return
      }
    }
  }

  func skipWhitespace(_ stream: inout ByteStream) throws(ShellError) {
    while let byte = try stream.peek(),
      byte == ByteCodes.space || byte == ByteCodes.tab || byte == ByteCodes.lineFeed
        || byte == ByteCodes.carriageReturn
    {
      _ = try stream.next()
    }
  }

  /// The error for the byte `next()` returned last.
  func malformed(_ stream: borrowing ByteStream, _ reason: String) -> ShellError {
    .malformedFile(stream.label, line: stream.line, column: stream.column, reason: reason)
  }

  /// The error for input that ended too soon, placed just after the last byte.
  func endOfFile(_ stream: borrowing ByteStream, expecting what: String) -> ShellError {
    let end = stream.endPosition
    return .malformedFile(
      stream.label, line: end.line, column: end.column, reason: "unexpected end of file, expected \(what)")
  }

  /// A byte as an error message shows it: `'x'` for printable ASCII, else its code.
  func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte == ByteCodes.lineFeed || byte == ByteCodes.carriageReturn { return "a line break" }
    if byte == ByteCodes.space || byte == ByteCodes.tab { return "a space" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }
}
