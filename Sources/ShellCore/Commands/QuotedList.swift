/// A comma-separated list of column names as `sort`, `set columns` and `set fields` read it, and
/// write it back.
///
/// Commas outside quotes separate the items; within an item, words are read as every command's
/// (quotes group, a backslash escapes), and in double quotes a doubled `""` is one `"`, as in a
/// CSV header: `name, "unit price", "say ""hi"""` names three columns.
enum QuotedList {
  /// Each item of `text`, cut at commas outside quotes: its words (unquoted) and its text as typed.
  static func items(_ text: String) throws(ShellError) -> [(words: [String], typed: String)] {
    var items: [(words: [String], typed: String)] = []
    for segment in segments(text) {
      let words = try CommandTokenizer.tokens(segment, doublingQuotes: true).map(\.text)
      items.append((words, String(CommandTokenizer.trimmingBlanks(segment[...]))))
    }
    return items
  }

  /// `text` cut at each comma outside quotes and escapes, the pieces as typed.
  static func segments(_ text: String) -> [String] {
    var segments: [String] = []
    var current = String.UnicodeScalarView()
    var quote: Unicode.Scalar?
    var escaping = false
    // A doubled `""` closes and reopens the quote: no comma between the two is outside it.
    for scalar in text.unicodeScalars {
      if escaping {
        escaping = false
      } else if let open = quote {
        if scalar == open {
          quote = nil
        } else if scalar == "\\", open == "\"" {
          escaping = true
        }
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "'" || scalar == "\"" {
        quote = scalar
      } else if scalar == "," {
        segments.append(String(current))
        current = String.UnicodeScalarView()
        continue
      }
      current.append(scalar)
    }
    segments.append(String(current))
    return segments
  }

  /// `name` as one item's word: as is when `items` reads it back whole, else `doubleQuoted`.
  static func quoted(_ name: String) -> String {
    let plain = CommandTokenizer.quotedWord(name) == name && !name.unicodeScalars.contains(",")
    return plain ? name : doubleQuoted(name)
  }

  /// `name` in double quotes, a `"` in it doubled and a `\` escaped.
  static func doubleQuoted(_ name: String) -> String {
    var result = String.UnicodeScalarView()
    result.append("\"")
    for scalar in name.unicodeScalars {
      if scalar == "\"" { result.append("\"") }
      if scalar == "\\" { result.append("\\") }
      result.append(scalar)
    }
    result.append("\"")
    return String(result)
  }

  /// `names` as one list `items` reads back to them, one word an item.
  static func joined(_ names: [String], separator: String = ",") -> String {
    names.map(quoted).joined(separator: separator)
  }
}
