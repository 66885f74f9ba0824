import Foundation
import Tables

/// Which characters of a title a query matched, for highlighting the rows on screen.
///
/// Works on `String`s (only a page of rows is ever highlighted). Each character is folded on its
/// own so every folded scalar knows the character it came from; each positive term's first
/// match (fuzzy: its best alignment) is mapped back to character offsets.
package enum MatchHighlighter {
  /// Sorted, non-overlapping `Character` offset ranges of `title` that `query` matched.
  package static func ranges(
    in title: String, query: String, rule: MatchRule, syntax: QuerySyntax = .extended
  ) -> [Range<Int>] {
    if rule == .regex ? query.allSatisfy(\.isWhitespace) : syntax.isBlank(query) { return [] }
    let characters = Array(title)
    var marked = [Bool](repeating: false, count: characters.count)
    if rule == .regex {
      guard let matcher = try? RegexMatcher(pattern: query), let match = matcher.firstMatch(in: title) else {
        return []
      }
      var offset = 0
      for index in title.indices {
        let next = title.index(after: index)
        if index < match.upperBound && next > match.lowerBound { marked[offset] = true }
        offset += 1
      }
      return runs(marked)
    }
    var forms: [TextVariant: (scalars: [UInt32], owners: [Int])] = [:]
    func form(_ variant: TextVariant) -> (scalars: [UInt32], owners: [Int]) {
      if let cached = forms[variant] { return cached }
      var scalars: [UInt32] = []
      var owners: [Int] = []
      for (offset, character) in characters.enumerated() {
        for scalar in TextFolding.form(String(character), variant).unicodeScalars {
          scalars.append(scalar.value)
          owners.append(offset)
        }
      }
      forms[variant] = (scalars, owners)
      return (scalars, owners)
    }
    for term in ParsedQuery(query, rule: rule, syntax: syntax).clauses.joined() where !term.negated {
      let needle = term.needle.unicodeScalars.map(\.value)
      if needle.isEmpty { continue }
      let (scalars, owners) = form(term.variant)
      let positions: [Int]
      if term.kind == .fuzzy {
        positions =
          ReferenceMatcher.fuzzyAlignment(
            text: scalars, pattern: needle, original: title.unicodeScalars.map(\.value))?.positions ?? []
      } else if let start = firstMatch(needle, in: scalars, term: term) {
        positions = Array(start..<start + needle.count)
      } else {
        positions = []
      }
      for position in positions { marked[owners[position]] = true }
    }
    return runs(marked)
  }

  /// The first position where `needle` occurs in `scalars` as `term` requires.
  private static func firstMatch(_ needle: [UInt32], in scalars: [UInt32], term: QueryTerm) -> Int? {
    guard needle.count <= scalars.count else { return nil }
    for start in 0...(scalars.count - needle.count)
    where scalars[start..<start + needle.count].elementsEqual(needle) {
      if term.anchoredStart && start != 0 { continue }
      if term.anchoredEnd && start + needle.count != scalars.count { continue }
      if term.kind == .wordStart && start > 0 && TextFolding.isWordScalar(scalars[start - 1]) { continue }
      return start
    }
    return nil
  }

  /// Runs of `true` as ranges.
  private static func runs(_ marked: [Bool]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for (offset, flag) in marked.enumerated() {
      if flag, start == nil { start = offset }
      if !flag, let begin = start {
        result.append(begin..<offset)
        start = nil
      }
    }
    if let start { result.append(start..<marked.count) }
    return result
  }
}
