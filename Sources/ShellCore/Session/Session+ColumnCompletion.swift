/// Tab completion of a `QuotedList` of columns (`sort`, `set sort`, `set columns`, `set fields`):
/// a name offered is quoted as the list reads it back (`"unit price"`), and only what replaces
/// readline's word is returned (readline ends a word at a quote, not at a comma).
extension Session {
  /// `sort`'s keys: a column (or `none`/`off` first) where a key starts or its name is being
  /// typed, else `asc` or `desc` after the name.
  func sortKeyCompletions(list: String, word: String) -> [String] {
    let items = QuotedList.segments(list)
    let item = items.last ?? ""
    let endsInBlank = item.unicodeScalars.last.map(CommandTokenizer.isBlank) ?? false
    guard let words = try? CommandTokenizer.tokens(item, doublingQuotes: true).map(\.text),
      words.count > 1 || (words.count == 1 && endsInBlank)
    else {
      return columnItemCompletions(item: item, word: word, words: items.count == 1 ? ["none", "off"] : [])
    }
    if words.count == 2 && endsInBlank || words.count > 2 { return [] }
    if ["none", "off"].contains(words[0].lowercased()) { return [] }
    return ["asc", "desc"].filter { $0.hasPrefix(word) }
  }

  /// `set columns` and `set fields`: a column where an item starts or a name is being typed,
  /// `words` (`auto`, `*`) too for the first item.
  func columnListCompletions(list: String, word: String, words: [String]) -> [String] {
    let items = QuotedList.segments(list)
    return columnItemCompletions(item: items.last ?? "", word: word, words: items.count == 1 ? words : [])
  }

  /// The columns (after `words`) whose name starts with what `item`, the list's last item, holds
  /// so far, each as the list writes it less what precedes `word` in the item (or with what
  /// precedes the item in `word`: `a,b` is one word to readline); none once the name is closed.
  private func columnItemCompletions(item: String, word: String, words: [String]) -> [String] {
    let typed = String(CommandTokenizer.trimmingBlanks(item[...]))
    let quoted = typed.hasPrefix("\"")
    let partial: String
    if quoted {
      // An open quote: the name so far is what closing it would read.
      guard let name = try? CommandTokenizer.tokens(typed + "\"", doublingQuotes: true), name.count == 1
      else { return [] }
      partial = name[0].text
    } else if typed.unicodeScalars.contains(where: { "'\\\"".unicodeScalars.contains($0) }) {
      guard let name = try? CommandTokenizer.tokens(typed, doublingQuotes: true), name.count == 1 else {
        return []
      }
      partial = name[0].text
    } else {
      partial = typed
    }
    let names = screen.dataset.columns.filter { $0.hasPrefix(partial) }
    // Readline puts in the candidates' common prefix: `eol` and `"eol server"` share none, and
    // what was typed would be lost; in quotes, every name keeps it (and a word, `auto`, is not a name).
    let quoteAll =
      quoted || (!partial.isEmpty && names.count > 1 && names.contains { QuotedList.quoted($0) != $0 })
    let forms =
      words.filter { !quoteAll && $0.hasPrefix(partial) }
      + names.map { quoteAll ? QuotedList.doubleQuoted($0) : QuotedList.quoted($0) }
    let typedCount = typed.unicodeScalars.count
    let wordCount = word.unicodeScalars.count
    if wordCount >= typedCount {
      let lead = String(word.unicodeScalars.prefix(wordCount - typedCount))
      return forms.map { lead + $0 }
    }
    let before = String(typed.unicodeScalars.prefix(typedCount - wordCount))
    return forms.filter { $0.unicodeScalars.starts(with: before.unicodeScalars) }.map {
      String($0.unicodeScalars.dropFirst(before.unicodeScalars.count))
    }
  }
}
