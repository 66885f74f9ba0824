/// JSON as it comes from APIs and data dumps: rows inside a top-level object, and rows that are
/// arrays.
///
/// `{"items": [...]}` loads the array its one array-valued key holds; with several arrays (or
/// the rows deeper down) `--path KEY.KEY` names the keys to follow. The other members are read
/// and checked but kept nowhere. `[["a", 1], ["b", 2]]` loads with columns named `1`, `2`, ...
extension JSONRowParser {
  /// Checks that a row of `next` kind may follow the rows before, and makes it the kind.
  package mutating func enter(_ next: RowKind, found: String, _ stream: borrowing ByteStream)
    throws(TableError)
  {
    if kind != .unknown, kind != next {
      throw malformed(stream, "expected \(Self.noun(kind)) like the rows before, found \(found)")
    }
    kind = next
  }

  private static func noun(_ kind: RowKind) -> String {
    switch kind {
    case .unknown, .scalars: return "a string"
    case .objects: return "an object"
    case .arrays: return "an array"
    }
  }

  /// Reads an array of rows whose `[` was consumed, through its `]`.
  mutating func parseArray(_ stream: inout ByteStream, into table: inout TableAssembler) throws(TableError) {
    try skipWhitespace(&stream)
    if try stream.peek() == ByteCodes.closeBracket {
      _ = try stream.next()
      return
    }
    while true {
      try skipWhitespace(&stream)
      try parseRow(&stream, into: &table)
      try skipWhitespace(&stream)
      guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "',' or ']'") }
      if byte == ByteCodes.closeBracket { return }
      guard byte == ByteCodes.comma else {
        throw malformed(stream, "expected ',' or ']', found \(describe(byte))")
      }
    }
  }

  /// Reads a row that is an array (its `[` consumed): one cell per value, a column per position.
  mutating func parseArrayRow(_ stream: inout ByteStream, into table: inout TableAssembler) throws(TableError)
  {
    rowBytes.removeAll()
    var spans: [(start: Int, end: Int, line: Int)] = []
    try skipWhitespace(&stream)
    if try stream.peek() == ByteCodes.closeBracket {
      _ = try stream.next()
    } else {
      while true {
        try skipWhitespace(&stream)
        guard let first = try stream.next() else { throw endOfFile(stream, expecting: "a value") }
        let line = stream.line
        let start = rowBytes.count
        table.noteJSONValue(startingWith: first, column: spans.count)
        try parseValue(first, &stream, into: rowBytes)
        spans.append((start, rowBytes.count, line))
        try skipWhitespace(&stream)
        guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "',' or ']'") }
        if byte == ByteCodes.closeBracket { break }
        guard byte == ByteCodes.comma else {
          throw malformed(stream, "expected ',' or ']', found \(describe(byte))")
        }
      }
    }
    // The builder is between rows: a longer row than any before adds its columns first.
    while table.columns.count < spans.count {
      let name = Array(String(table.columns.count + 1).utf8)
      _ = try name.withUnsafeBufferPointer { (name) throws(TableError) in
        try table.addColumn(name, line: stream.line)
      }
      try addKeylessRows(to: &table)
    }
    if table.builder == nil {
      keylessRows += 1
      return
    }
    let bytes = rowBytes.buffer
    for span in spans {
      try table.appendCell(UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), line: span.line)
    }
    // A row with fewer values than columns (or none) gets empty cells for the rest.
    if spans.isEmpty {
      for _ in table.columns.indices { try table.appendEmptyCell() }
    }
    try table.finishRow()
  }

  /// Reads a top-level object (its `{` consumed) through its `}`, loading the rows it holds:
  /// at `path`, or in its one array-valued member.
  mutating func parseRows(inObject stream: inout ByteStream, into table: inout TableAssembler)
    throws(TableError)
  {
    var found = false
    try parseRows(inObject: &stream, keys: path?.keys[...] ?? [], into: &table, found: &found)
  }

  /// One object level of `parseRows(inObject:into:)`; `keys` is the rest of the path (empty:
  /// take the one array among the members).
  private mutating func parseRows(
    inObject stream: inout ByteStream, keys: ArraySlice<String>, into table: inout TableAssembler,
    found: inout Bool
  ) throws(TableError) {
    var members: [String] = []
    var arrays: [String] = []
    try skipWhitespace(&stream)
    if try stream.peek() == ByteCodes.closeBrace {
      _ = try stream.next()
    } else {
      while true {
        let name = try memberName(&stream)
        guard let first = try stream.next() else { throw endOfFile(stream, expecting: "a value") }
        if members.count < 1000 { members.append(name) }
        if let wanted = keys.first, name == wanted, !found {
          if keys.count > 1 {
            guard first == ByteCodes.openBrace else { throw notRows(stream, first, at: keys, expecting: "{") }
            try parseRows(inObject: &stream, keys: keys.dropFirst(), into: &table, found: &found)
          } else {
            guard first == ByteCodes.openBracket else {
              throw notRows(stream, first, at: keys, expecting: "[")
            }
            try parseArray(&stream, into: &table)
            found = true
          }
        } else if keys.isEmpty, first == ByteCodes.openBracket, arrays.isEmpty {
          try parseArray(&stream, into: &table)
          arrays.append(name)
        } else {
          // Read and checked like the rows, but not kept (it takes no more than the file's size).
          if keys.isEmpty, first == ByteCodes.openBracket { arrays.append(name) }
          scratch.removeAll()
          try parseValue(first, &stream, into: scratch)
        }
        try skipWhitespace(&stream)
        guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "',' or '}'") }
        if byte == ByteCodes.closeBrace { break }
        guard byte == ByteCodes.comma else {
          throw malformed(stream, "expected ',' or '}', found \(describe(byte))")
        }
      }
    }
    if keys.isEmpty, arrays.count != 1 {
      throw .jsonRowsAmbiguous(stream.label, arrays: arrays, keys: members)
    }
    if !keys.isEmpty, !found, let wanted = keys.first {
      let walked = (path?.keys.dropLast(keys.count - 1) ?? [wanted]).joined(separator: ".")
      throw .jsonKeyNotFound(stream.label, path: walked, keys: members)
    }
  }

  /// Reads a member's quoted name and its `:`, and the whitespace before its value.
  private func memberName(_ stream: inout ByteStream) throws(TableError) -> String {
    try skipWhitespace(&stream)
    guard let quote = try stream.next() else { throw endOfFile(stream, expecting: "a key") }
    guard quote == ByteCodes.quote else {
      throw malformed(stream, "expected a quoted key, found \(describe(quote))")
    }
    scratch.removeAll()
    try parseString(&stream, into: scratch)
    try skipWhitespace(&stream)
    guard let colon = try stream.next() else { throw endOfFile(stream, expecting: "':'") }
    guard colon == ByteCodes.colon else {
      throw malformed(stream, "expected ':' after a key, found \(describe(colon))")
    }
    try skipWhitespace(&stream)
    // Kept for the error's list of keys: charged.
    try budget.charge(scratch.count)
    return String(decoding: scratch.buffer, as: UTF8.self)
  }

  /// The error for a value at the path that is not the object or array the path needs.
  private func notRows(
    _ stream: borrowing ByteStream, _ first: UInt8, at keys: ArraySlice<String>, expecting: String
  )
    -> TableError
  {
    let walked = (path?.keys.dropLast(keys.count - 1) ?? []).joined(separator: ".")
    let what = expecting == "[" ? "an array of rows" : "an object"
    return malformed(stream, "expected \(what) at '\(walked)', found \(describe(first))")
  }
}
