/// fzf's fields and colour escapes (`--nth`, `--with-nth`, `-d`, `--ansi`) as fzf 0.38 reads a
/// row: its bytes become the text shown, the parts searched (one per `--nth` range) and the
/// bytes printed.
///
/// Fields are fzf's tokens: with no delimiter a field is a run of non-blanks (space, tab) with
/// the blanks after it, leading blanks belonging to none (AWK); with `-d STR` a field ends after
/// each STR (a literal string, where fzf would read a regular expression). A range's fields are
/// joined as they stand, delimiters included. `--with-nth` makes the shown text (its trailing
/// whitespace trimmed, as fzf trims it) and `--nth` splits that text again; `--ansi` strips colour
/// and other escape sequences before the search and from what prints.
public struct PickFields: Equatable, Sendable {
  /// `--nth`: the ranges searched, each one part (empty: the whole shown text).
  public let searchedFields: [FieldRange]
  /// `--with-nth`: the ranges shown (empty: the whole row).
  public let shownFields: [FieldRange]
  /// `-d`: what ends a field (nil: fzf's AWK-style blanks).
  public let delimiter: [UInt8]?
  /// `--ansi`: escape sequences are stripped.
  public let stripsEscapes: Bool

  /// The fields `options` ask for, or nil when they leave every row as it is.
  public init?(_ options: PickOptions) {
    guard !options.searchedFields.isEmpty || !options.shownFields.isEmpty || options.ansi else { return nil }
    searchedFields = options.searchedFields
    shownFields = options.shownFields
    delimiter = options.delimiter.map { Array($0.utf8) }
    stripsEscapes = options.ansi
  }

  /// The text a row is shown as: its `--with-nth` fields (trailing whitespace trimmed), escapes
  /// stripped with `--ansi`.
  public func shown(_ row: [UInt8]) -> [UInt8] {
    guard !shownFields.isEmpty else { return stripsEscapes ? PickEscapes.stripped(row) : row }
    let tokens = Self.tokens(row, delimiter: delimiter)
    var text: [UInt8] = []
    for range in shownFields { text += Self.joined(row, tokens, range) }
    if stripsEscapes { text = PickEscapes.stripped(text) }
    return Array(text[..<Self.trimmedEnd(text)])
  }

  /// The parts a row is searched in: its shown text's `--nth` ranges, each without the
  /// whitespace around it (fzf's `^` and `$` skip it), or the shown text whole.
  public func searched(_ row: [UInt8]) -> [[UInt8]] { parts(ofShown: shown(row)) }

  /// `searched` from the row's shown text.
  func parts(ofShown text: [UInt8]) -> [[UInt8]] {
    guard !searchedFields.isEmpty else { return [text] }
    let tokens = Self.tokens(text, delimiter: delimiter)
    return searchedFields.map { range in
      let part = Self.joined(text, tokens, range)
      var start = 0
      while start < part.count, Self.isWhitespace(part[start]) { start += 1 }
      return Array(part[start..<max(start, Self.trimmedEnd(part))])
    }
  }

  /// What prints for a row: the row as it came, or with `--ansi` without its escapes (fzf prints
  /// the whole row, whatever `--with-nth` shows).
  public func printed(_ row: [UInt8]) -> [UInt8] {
    stripsEscapes ? PickEscapes.stripped(row) : row
  }

  /// fzf's tokens of `text`: where each field starts and ends (its delimiter or blanks included).
  static func tokens(_ text: [UInt8], delimiter: [UInt8]?) -> [Range<Int>] {
    guard let delimiter, !delimiter.isEmpty else { return blankTokens(text) }
    // Go's strings.SplitAfter: a field ends after each delimiter; the rest is the last field,
    // empty when the text ends with one (or is empty).
    var tokens: [Range<Int>] = []
    var start = 0
    var position = 0
    while position &+ delimiter.count <= text.count {
      if text[position..<position &+ delimiter.count].elementsEqual(delimiter) {
        position &+= delimiter.count
        tokens.append(start..<position)
        start = position
      } else {
        position &+= 1
      }
    }
    tokens.append(start..<text.count)
    return tokens
  }

  /// AWK's fields: leading blanks skipped, then each run of non-blanks with the blanks after it.
  private static func blankTokens(_ text: [UInt8]) -> [Range<Int>] {
    var tokens: [Range<Int>] = []
    var position = 0
    while position < text.count, isBlank(text[position]) { position += 1 }
    while position < text.count {
      let start = position
      while position < text.count, !isBlank(text[position]) { position += 1 }
      while position < text.count, isBlank(text[position]) { position += 1 }
      tokens.append(start..<position)
    }
    return tokens
  }

  /// The fields of `range` among `tokens`, joined as they stand.
  private static func joined(_ text: [UInt8], _ tokens: [Range<Int>], _ range: FieldRange) -> [UInt8] {
    let fields = range.indices(among: tokens.count)
    guard let first = fields.first, let last = fields.last else { return [] }
    return Array(text[tokens[first].lowerBound..<tokens[last].upperBound])
  }

  /// Where `text` ends without its trailing whitespace.
  private static func trimmedEnd(_ text: [UInt8]) -> Int {
    var end = text.count
    while end > 0, isWhitespace(text[end - 1]) { end -= 1 }
    return end
  }

  /// fzf's AWK blanks: space and tab.
  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// ASCII whitespace (fzf trims Unicode's; the rest is rare in rows).
  private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
}
