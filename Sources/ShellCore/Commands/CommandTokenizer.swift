/// Splits a command line into words: whitespace separates, single or double quotes group, and a
/// backslash escapes the next character outside single quotes.
enum CommandTokenizer {
  /// One word and where it started in the line.
  struct Token: Equatable {
    /// The word with quotes and escapes removed.
    var text: String
    /// The word as typed.
    var raw: String
  }

  /// The words of `line`, or `.unterminatedQuote` naming the unfinished word.
  static func tokens(_ line: String) throws(ShellError) -> [Token] {
    var tokens: [Token] = []
    var current = ""
    var raw = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    for character in line {
      if escaping {
        current.append(character)
        raw.append(character)
        escaping = false
        continue
      }
      if let open = quote {
        raw.append(character)
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaping = true
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case " ", "\t":
        if inWord {
          tokens.append(Token(text: current, raw: raw))
          current = ""
          raw = ""
          inWord = false
        }
      case "'", "\"":
        quote = character
        inWord = true
        raw.append(character)
      case "\\":
        escaping = true
        inWord = true
        raw.append(character)
      default:
        current.append(character)
        raw.append(character)
        inWord = true
      }
    }
    if quote != nil || escaping { throw .unterminatedQuote(raw) }
    if inWord { tokens.append(Token(text: current, raw: raw)) }
    return tokens
  }

  /// The text of a rest-of-line argument (`search TEXT`): taken literally, so apostrophes in
  /// names work, unless it starts with a quote, in which case it must be one quoted word.
  static func restOfLine(_ rest: Substring) throws(ShellError) -> String {
    let trimmed = rest.drop(while: { $0 == " " || $0 == "\t" })
    guard let first = trimmed.first, first == "'" || first == "\"" else {
      return String(trimmed.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
    let words = try tokens(String(trimmed))
    if words.count == 1, let word = words.first { return word.text }
    // Several words after a leading quote: the quote was part of the text only if it never closes.
    return words.map(\.text).joined(separator: " ")
  }

  /// `text` as one word argument: as is when it reads back the same, else in double quotes.
  static func quotedWord(_ text: String) -> String {
    let plain = !text.isEmpty && !text.contains(where: { " \t'\"\\".contains($0) })
    return plain ? text : doubleQuoted(text)
  }

  /// `text` as a rest-of-line argument: literal unless `restOfLine` would trim or unquote it.
  static func quotedRestOfLine(_ text: String) -> String {
    let needsQuotes =
      text.isEmpty || text.first == "'" || text.first == "\"" || text.first?.isWhitespace == true
      || text.last?.isWhitespace == true
    return needsQuotes ? doubleQuoted(text) : text
  }

  /// `text` in double quotes with `"` and `\` escaped, which `tokens` reads back as one word.
  private static func doubleQuoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}
