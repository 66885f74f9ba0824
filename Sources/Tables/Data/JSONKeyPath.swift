/// `--path KEY.KEY`: the keys leading from a JSON file's top-level object to its array of rows.
///
/// A dot separates keys; `\.` is a dot inside a key and `\\` a backslash.
package struct JSONKeyPath: Equatable, Sendable {
  /// The keys, outermost first; never empty, no key empty.
  package let keys: [String]

  /// Parses `text`, or throws `invalidValue` for an empty path or an empty key.
  package init(parsing text: String) throws(TableError) {
    var keys: [String] = []
    var key = String.UnicodeScalarView()
    var escaping = false
    for scalar in text.unicodeScalars {
      if escaping {
        key.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "." {
        keys.append(String(key))
        key = String.UnicodeScalarView()
      } else {
        key.append(scalar)
      }
    }
    if escaping { key.append("\\") }
    keys.append(String(key))
    guard !keys.contains(where: \.isEmpty) else {
      throw .invalidValue(
        option: "--path", value: text,
        allowed: "keys separated by dots, such as 'data.items' ('\\.' for a dot)")
    }
    self.keys = keys
  }

  /// The path as typed back: keys joined by dots, dots and backslashes in keys escaped.
  package var text: String {
    keys.map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.") }
      .joined(separator: ".")
  }
}
