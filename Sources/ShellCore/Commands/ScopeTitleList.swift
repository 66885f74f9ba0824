/// The value of `set scopes`: titles separated by commas, where `\,` is a comma inside a title,
/// `\\` a backslash, and `\` before a space keeps a space that would be trimmed.
///
/// `joined` writes what `split` reads back to the same titles, so a recording replays them.
enum ScopeTitleList {
  /// The titles in `value`, each trimmed of unescaped spaces and tabs at its ends.
  static func split(_ value: String) -> [String] {
    var titles: [String] = []
    // Each scalar of the title so far, and whether it was escaped (kept even if blank).
    var current: [(scalar: Unicode.Scalar, escaped: Bool)] = []
    var scalars = value.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case ",":
        titles.append(trimmed(current))
        current = []
      case "\\":
        guard let next = scalars.next() else {
          current.append(("\\", false))
          continue
        }
        if next == "," || next == "\\" || next.properties.isWhitespace {
          current.append((next, true))
        } else {
          current.append(("\\", false))
          current.append((next, false))
        }
      default:
        current.append((scalar, false))
      }
    }
    titles.append(trimmed(current))
    return titles
  }

  /// `titles` as one value `split` reads back to them.
  static func joined(_ titles: [String]) -> String {
    titles.map(escaped).joined(separator: ",")
  }

  /// One title with its commas, backslashes and end spaces escaped.
  private static func escaped(_ title: String) -> String {
    var result = String.UnicodeScalarView()
    let scalars = Array(title.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let atEnd = index == 0 || index == scalars.count - 1
      if scalar == "," || scalar == "\\" || (atEnd && scalar.properties.isWhitespace) {
        result.append("\\")
      }
      result.append(scalar)
    }
    return String(result)
  }

  /// The title without the unescaped whitespace at its ends.
  private static func trimmed(_ scalars: [(scalar: Unicode.Scalar, escaped: Bool)]) -> String {
    let isTrimmed = { (item: (scalar: Unicode.Scalar, escaped: Bool)) in
      !item.escaped && item.scalar.properties.isWhitespace
    }
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    var result = String.UnicodeScalarView()
    for item in scalars[first...last] { result.append(item.scalar) }
    return String(result)
  }
}
