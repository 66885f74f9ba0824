/// Counts over one column's sampled values: how many are empty, distinct and text.
struct ColumnStats {
  /// Values sampled.
  let count: Int
  /// Values with something other than blanks.
  let nonEmpty: Int
  /// Distinct non-empty values.
  let distinct: Int
  /// Non-empty values that are text, not a number, a date or an identifier.
  let texts: Int
  /// Letters over all text values.
  let letters: Int

  /// The counts of `values`.
  init(_ values: [String]) {
    var seen = Set<String>()
    var (nonEmpty, texts, letters) = (0, 0, 0)
    for value in values {
      guard value.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { continue }
      nonEmpty += 1
      seen.insert(value)
      guard Self.isText(value) else { continue }
      texts += 1
      letters += value.unicodeScalars.lazy.filter(\.properties.isAlphabetic).count
    }
    count = values.count
    self.nonEmpty = nonEmpty
    distinct = seen.count
    self.texts = texts
    self.letters = letters
  }

  /// Whether most non-empty values are text (at least half of them, and at least one).
  var isText: Bool { texts > 0 && texts * 2 >= nonEmpty }

  /// How well the column names its rows: non-empty share × distinct share × letters per value.
  func titleScore(letterCap: Double) -> Double {
    guard count > 0, nonEmpty > 0, texts > 0 else { return 0 }
    let filled = Double(nonEmpty) / Double(count)
    let distinctShare = Double(distinct) / Double(nonEmpty)
    return filled * distinctShare * min(Double(letters) / Double(texts), letterCap)
  }

  /// What numbers, dates and times are written with: digits, separators and a few letters.
  private static let numeric = Set("0123456789+-.,:/eETZ".unicodeScalars)
  /// What UUIDs and hashes are written with.
  private static let hex = Set("0123456789abcdefABCDEF-".unicodeScalars)

  /// Whether `value` is text a person would type a word of: it has a letter, and it is not a
  /// number, a date or time, a UUID or a long hexadecimal hash.
  static func isText(_ value: String) -> Bool {
    let scalars = value.unicodeScalars.filter { !$0.properties.isWhitespace }
    guard scalars.contains(where: { $0.properties.isAlphabetic }) else { return false }
    // Numbers, dates and times: digits with separators and the few letters they use.
    if scalars.contains(where: { $0.properties.numericType != nil }),
      scalars.allSatisfy({ numeric.contains($0) })
    {
      return false
    }
    // A UUID or a hash: hexadecimal (with dashes) of 16 characters or more, with a digit.
    if scalars.count >= 16, scalars.allSatisfy({ hex.contains($0) }),
      scalars.contains(where: { $0.properties.numericType != nil })
    {
      return false
    }
    return true
  }
}
