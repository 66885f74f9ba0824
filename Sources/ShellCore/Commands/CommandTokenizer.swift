import Foundation

/// Splits a command line into words: whitespace separates, single or double quotes group, and a
/// backslash escapes the next character outside single quotes.
///
/// It reads Unicode scalars, not Characters: a quote, a space or a backslash followed by a
/// combining mark is one Character but must still quote, separate or escape.
enum CommandTokenizer {
  /// One word and where it started in the line.
  struct Token: Equatable {
    /// The word with quotes and escapes removed.
    var text: String
    /// The word as typed.
    var raw: String
  }

  /// The words of `line`, or `.unterminatedQuote` / `.trailingBackslash` naming the unfinished word.
  ///
  /// With `doublingQuotes` (a list of column names, `QuotedList`), `""` inside double quotes is
  /// one `"`, as in a CSV header; else it closes the quote and opens another.
  static func tokens(_ line: String, doublingQuotes: Bool = false) throws(ShellError) -> [Token] {
    var tokens: [Token] = []
    var current = String.UnicodeScalarView()
    var raw = String.UnicodeScalarView()
    var inWord = false
    var quote: Unicode.Scalar?
    var escaping = false
    // Whether the previous scalar closed a double quote (a `"` right after it is a doubled one).
    var closedDouble = false
    for scalar in line.unicodeScalars {
      let doubled = doublingQuotes && closedDouble && scalar == "\""
      closedDouble = false
      if escaping {
        current.append(scalar)
        raw.append(scalar)
        escaping = false
        continue
      }
      if doubled {
        current.append(scalar)
        raw.append(scalar)
        quote = scalar
        continue
      }
      if let open = quote {
        raw.append(scalar)
        if scalar == open {
          quote = nil
          closedDouble = open == "\""
        } else if scalar == "\\" && open == "\"" {
          escaping = true
        } else {
          current.append(scalar)
        }
        continue
      }
      switch scalar {
      case " ", "\t":
        if inWord {
          tokens.append(Token(text: String(current), raw: String(raw)))
          current = String.UnicodeScalarView()
          raw = String.UnicodeScalarView()
          inWord = false
        }
      case "'", "\"":
        quote = scalar
        inWord = true
        raw.append(scalar)
      case "\\":
        escaping = true
        inWord = true
        raw.append(scalar)
      default:
        current.append(scalar)
        raw.append(scalar)
        inWord = true
      }
    }
    if quote != nil { throw .unterminatedQuote(String(raw)) }
    if escaping { throw .trailingBackslash(String(raw)) }
    if inWord { tokens.append(Token(text: String(current), raw: String(raw))) }
    return tokens
  }

  /// Whether `scalar` separates words.
  static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

  /// The first word of `text` (up to a space or tab) and what follows it, split on scalars.
  static func firstWord(_ text: Substring) -> (word: Substring, rest: Substring) {
    let scalars = text.unicodeScalars
    let end = scalars.firstIndex(where: isBlank) ?? scalars.endIndex
    return (Substring(scalars[..<end]), Substring(scalars[end...]))
  }

  /// Whether `scalar` is trimmed from the ends of a command line (`CharacterSet.whitespaces`).
  static func isLineSpace(_ scalar: Unicode.Scalar) -> Bool {
    CharacterSet.whitespaces.contains(scalar)
  }

  /// `line` without the whitespace at either end, as a command line is trimmed, on scalars.
  static func trimmingLine(_ line: String) -> String {
    let scalars = line.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isLineSpace($0) }),
      let last = scalars.lastIndex(where: { !isLineSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// `text` without the spaces and tabs at either end, trimmed on scalars.
  static func trimmingBlanks(_ text: Substring) -> Substring {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return Substring(scalars[first...last])
  }

  /// The text of a rest-of-line argument (`search TEXT`): taken literally, so apostrophes in
  /// names work, unless it starts with a quote, in which case it must be one quoted word.
  static func restOfLine(_ rest: Substring) throws(ShellError) -> String {
    let trimmed = trimmingBlanks(rest)
    guard let first = trimmed.unicodeScalars.first, first == "'" || first == "\"" else {
      return String(trimmed)
    }
    let words = try tokens(String(trimmed))
    if words.count == 1, let word = words.first { return word.text }
    // Several words after a leading quote: the quote was part of the text only if it never closes.
    return words.map(\.text).joined(separator: " ")
  }

  /// `text` as one word argument: as is when it reads back the same, else in double quotes.
  static func quotedWord(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let plain =
      !scalars.isEmpty && !scalars.contains(where: { " \t'\"\\".unicodeScalars.contains($0) })
      && !endsInWhitespace(text)
    return plain ? text : doubleQuoted(text)
  }

  /// `text` as a rest-of-line argument: literal unless `restOfLine` would trim or unquote it.
  static func quotedRestOfLine(_ text: String) -> String {
    let first = text.unicodeScalars.first
    let needsQuotes = first == nil || first == "'" || first == "\"" || endsInWhitespace(text)
    return needsQuotes ? doubleQuoted(text) : text
  }

  /// Whether a line holding `text` at either end would lose some of it to trimming.
  private static func endsInWhitespace(_ text: String) -> Bool {
    let ends = [text.unicodeScalars.first, text.unicodeScalars.last].compactMap { $0 }
    return ends.contains { $0.properties.isWhitespace || isLineSpace($0) }
  }

  /// `text` in double quotes with `"` and `\` escaped, which `tokens` reads back as one word.
  private static func doubleQuoted(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    result.append("\"")
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { result.append("\\") }
      result.append(scalar)
    }
    result.append("\"")
    return String(result)
  }
}
