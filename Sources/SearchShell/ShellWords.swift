/// Splits a variable's value into words as a POSIX shell would, without expanding anything:
/// `SEARCHSHELL_DEFAULT_OPTS="--height 40% --prompt 'pick> '"` (fzf reads `FZF_DEFAULT_OPTS` so).
enum ShellWords {
  /// A quote left open.
  struct UnclosedQuote: Error, Equatable {
    let quote: Character
  }

  /// The words of `text`: blanks separate them; single quotes keep everything, double quotes
  /// keep all but `\"`, `\\`, `\$` and `` \` ``; a backslash outside quotes keeps the next character.
  static func split(_ text: String) throws(UnclosedQuote) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var scalars = Substring(text).unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case " ", "\t", "\n", "\r":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        guard let end = scalars.firstIndex(of: "'") else { throw UnclosedQuote(quote: "'") }
        word.unicodeScalars.append(contentsOf: scalars[..<end])
        scalars = scalars[scalars.index(after: end)...]
      case "\"":
        inWord = true
        try readDoubleQuoted(&scalars, into: &word)
      case "\\":
        inWord = true
        // A backslash before a line break joins the lines, as in a shell.
        if let next = scalars.popFirst(), next != "\n" { word.unicodeScalars.append(next) }
      default:
        inWord = true
        word.unicodeScalars.append(scalar)
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Reads up to the closing `"`, after the opening one.
  private static func readDoubleQuoted(
    _ scalars: inout Substring.UnicodeScalarView.SubSequence, into word: inout String
  ) throws(UnclosedQuote) {
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"": return
      case "\\":
        guard let next = scalars.popFirst() else { throw UnclosedQuote(quote: "\"") }
        if !["\"", "\\", "$", "`", "\n"].contains(next) { word.unicodeScalars.append("\\") }
        if next != "\n" { word.unicodeScalars.append(next) }
      default: word.unicodeScalars.append(scalar)
      }
    }
    throw UnclosedQuote(quote: "\"")
  }
}
