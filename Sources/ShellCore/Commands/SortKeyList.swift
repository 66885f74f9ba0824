/// `sort`'s argument as typed: `COL [asc|desc], COL [asc|desc], …`, or `none`/`off`.
///
/// Commas outside quotes separate the keys; within a key, words are read as every command's
/// (quotes group, a backslash escapes), so `"unit price" desc, 'a,b'` names two columns.
enum SortKeyList {
  /// One key as typed: a column name and its direction.
  struct Key: Equatable {
    /// The column's name, unquoted.
    var name: String
    /// Whether `desc` followed the name.
    var descending: Bool
  }

  /// What `sort` and `set sort` take, for usage lines and messages.
  static let usage = "COL [asc|desc], COL [asc|desc], ... or 'none'"

  /// The keys `text` names in order; empty for `none` or `off` (no order).
  static func parse(_ text: String) throws(ShellError) -> [Key] {
    let words = try CommandTokenizer.tokens(text).map(\.text)
    if words == ["none"] || words == ["off"] { return [] }
    guard !words.isEmpty else { throw .invalidValue(option: "sort", value: text, allowed: usage) }
    var keys: [Key] = []
    for segment in segments(text) {
      let words = try CommandTokenizer.tokens(segment).map(\.text)
      guard let name = words.first else { throw .emptySortKey(text) }
      guard words.count <= 2 else {
        throw .invalidValue(
          option: "sort", value: words[2], allowed: "one column and 'asc' or 'desc' per key")
      }
      let direction = words.count == 2 ? words[1].lowercased() : "asc"
      guard direction == "asc" || direction == "desc" else {
        throw .invalidValue(option: "sort", value: words[1], allowed: "'asc' or 'desc'")
      }
      keys.append(Key(name: name, descending: direction == "desc"))
    }
    return keys
  }

  /// `text` cut at each comma outside quotes and escapes, the pieces as typed.
  static func segments(_ text: String) -> [String] {
    var segments: [String] = []
    var current = String.UnicodeScalarView()
    var quote: Unicode.Scalar?
    var escaping = false
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

  /// `keys` as `sort` takes them back: each name quoted when it must be, `asc` or `desc`.
  static func description(_ keys: [(name: String, descending: Bool)]) -> String {
    keys.map { quoted($0.name) + ($0.descending ? " desc" : " asc") }.joined(separator: ", ")
  }

  /// `name` as one key's column: quoted when a space, quote, backslash or comma is in it.
  static func quoted(_ name: String) -> String {
    let word = CommandTokenizer.quotedWord(name)
    guard word == name, name.unicodeScalars.contains(",") else { return word }
    return "'" + name + "'"
  }
}
