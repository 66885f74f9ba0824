/// Reading one JSON value: strings unescaped, numbers and keywords checked and kept as written,
/// nested arrays and objects copied as compact text.
extension JSONRowParser {
  /// Appends the text of any value whose first byte is `first`.
  func parseValue(_ first: UInt8, _ stream: inout ByteStream, into out: UnsafeGrowableBuffer<UInt8>)
    throws(TableError)
  {
    if first == ByteCodes.openBrace || first == ByteCodes.openBracket {
      try copyNested(first, &stream, into: out)
    } else {
      try parseScalar(first, &stream, into: out)
    }
  }

  /// Appends a string's unescaped text, a number's or boolean's text, or nothing for `null`.
  func parseScalar(_ first: UInt8, _ stream: inout ByteStream, into out: UnsafeGrowableBuffer<UInt8>)
    throws(TableError)
  {
    switch first {
    case ByteCodes.quote:
      try parseString(&stream, into: out)
    case UInt8(ascii: "t"):
      try expectWord("true", &stream)
      for byte in "true".utf8 { try out.append(byte) }
    case UInt8(ascii: "f"):
      try expectWord("false", &stream)
      for byte in "false".utf8 { try out.append(byte) }
    case UInt8(ascii: "n"):
      try expectWord("null", &stream)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try parseNumber(first, &stream, into: out)
    default:
      throw malformed(stream, "expected a value, found \(describe(first))")
    }
  }

  /// Reads the rest of a keyword whose first letter was consumed.
  func expectWord(_ word: String, _ stream: inout ByteStream) throws(TableError) {
    for expected in word.utf8.dropFirst() {
      guard let byte = try stream.next() else { throw endOfFile(stream, expecting: "'\(word)'") }
      guard byte == expected else { throw malformed(stream, "expected '\(word)', found \(describe(byte))") }
    }
  }

  /// Reads a number (JSON's grammar) and appends its text unchanged.
  func parseNumber(_ first: UInt8, _ stream: inout ByteStream, into out: UnsafeGrowableBuffer<UInt8>)
    throws(TableError)
  {
    // Read straight into `out`, so a number as long as the file is held once.
    let start = out.count
    try out.append(first)
    while let byte = try stream.peek(),
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    {
      _ = try stream.next()
      try out.append(byte)
    }
    let text = UnsafeBufferPointer(rebasing: out.buffer[start...])
    guard Self.isNumber(text) else {
      let shown = UnsafeBufferPointer(rebasing: text.prefix(100))
      throw malformed(stream, "invalid number '\(String(decoding: shown, as: UTF8.self))'")
    }
  }

  /// Whether `text` is `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  package static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
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
  func parseString(_ stream: inout ByteStream, into out: UnsafeGrowableBuffer<UInt8>) throws(TableError) {
    let openLine = stream.line
    let openColumn = stream.column
    while true {
      try stream.appendRun(into: out, until: Self.stringStops)
      guard let byte = try stream.next() else {
        throw .malformedFile(stream.label, line: openLine, column: openColumn, reason: "unterminated string")
      }
      if byte == ByteCodes.quote { return }
      if byte < 0x20 {
        throw malformed(stream, "control character in a string (write it as an escape such as '\\n')")
      }
      if byte != ByteCodes.backslash {
        try out.append(byte)
        continue
      }
      guard let escape = try stream.next() else { throw endOfFile(stream, expecting: "an escape") }
      switch escape {
      case ByteCodes.quote, ByteCodes.backslash, UInt8(ascii: "/"): try out.append(escape)
      case UInt8(ascii: "b"): try out.append(0x08)
      case UInt8(ascii: "f"): try out.append(0x0C)
      case UInt8(ascii: "n"): try out.append(ByteCodes.lineFeed)
      case UInt8(ascii: "r"): try out.append(ByteCodes.carriageReturn)
      case UInt8(ascii: "t"): try out.append(ByteCodes.tab)
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
        for byte in String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8 { try out.append(byte) }
      case 0x21..<0x7F:
        throw malformed(stream, "invalid escape '\\\(String(decoding: [escape], as: UTF8.self))'")
      default:
        // Only printable ASCII is echoed, so the message stays one line.
        throw malformed(stream, "invalid escape: '\\' followed by \(describe(escape))")
      }
    }
  }

  /// Bytes that end a run of plain string text: the quote, escapes and control characters.
  static let stringStops = ByteSet([ByteCodes.quote, ByteCodes.backslash] + Array(0..<0x20))

  /// Reads the four hex digits of a `\u` escape.
  func hexQuad(_ stream: inout ByteStream) throws(TableError) -> UInt32 {
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
  func copyNested(_ first: UInt8, _ stream: inout ByteStream, into out: UnsafeGrowableBuffer<UInt8>)
    throws(TableError)
  {
    closers.removeAll()
    try closers.append(first == ByteCodes.openBrace ? ByteCodes.closeBrace : ByteCodes.closeBracket)
    try out.append(first)
    while let expected = closers.last {
      guard let byte = try stream.next() else {
        throw endOfFile(stream, expecting: "'\(Character(Unicode.Scalar(expected)))'")
      }
      switch byte {
      case ByteCodes.space, ByteCodes.tab, ByteCodes.lineFeed, ByteCodes.carriageReturn:
        continue
      case ByteCodes.quote:
        try out.append(byte)
        try copyString(&stream, into: out)
      case ByteCodes.openBrace:
        try closers.append(ByteCodes.closeBrace)
        try out.append(byte)
      case ByteCodes.openBracket:
        try closers.append(ByteCodes.closeBracket)
        try out.append(byte)
      case ByteCodes.closeBrace, ByteCodes.closeBracket:
        guard byte == expected else { throw malformed(stream, "unexpected \(describe(byte))") }
        closers.removeLast()
        try out.append(byte)
      default:
        try out.append(byte)
      }
    }
  }

  /// Copies the rest of a string verbatim, escapes included, through its closing quote.
  func copyString(_ stream: inout ByteStream, into out: UnsafeGrowableBuffer<UInt8>) throws(TableError) {
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
      try out.append(byte)
      if escaped {
        escaped = false
      } else if byte == ByteCodes.backslash {
        escaped = true
      } else if byte == ByteCodes.quote {
        return
      }
    }
  }
}
