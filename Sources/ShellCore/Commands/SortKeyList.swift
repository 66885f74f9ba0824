/// `sort`'s argument as typed: `COL [asc|desc], COL [asc|desc], …`, or `none`/`off`.
///
/// The keys are a `QuotedList`: commas outside quotes separate them, quotes group a name's words
/// (`""` in double quotes is a `"`), so `"unit price" desc, 'a,b'` names two columns.
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
    let words = try CommandTokenizer.tokens(text, doublingQuotes: true).map(\.text)
    if words == ["none"] || words == ["off"] { return [] }
    guard !words.isEmpty else { throw .invalidValue(option: "sort", value: text, allowed: usage) }
    var keys: [Key] = []
    for item in try QuotedList.items(text) {
      let words = item.words
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

  /// `keys` as `sort` takes them back: each name quoted when it must be, `asc` or `desc`.
  static func description(_ keys: [(name: String, descending: Bool)]) -> String {
    keys.map { QuotedList.quoted($0.name) + ($0.descending ? " desc" : " asc") }.joined(separator: ", ")
  }
}
