import Foundation

/// The obviously-correct, `String`-based matcher: slow, and the yardstick the fast engine is tested against.
enum ReferenceMatcher {
  /// Whether `text` contains `query` under `rule` (an empty query matches every row).
  static func matches(_ text: String, query: String, rule: MatchRule) -> Bool {
    if query.isEmpty { return true }
    switch rule {
    case .exact:
      return contains(Array(text.precomposedStringWithCanonicalMapping.unicodeScalars), Array(query.precomposedStringWithCanonicalMapping.unicodeScalars))
    case .ci:
      return contains(caseFolded(text), caseFolded(query))
    case .fold, .smart, .prefix, .fuzzy, .regex:
      return contains(fullyFolded(text), fullyFolded(query))
    }
  }

  /// Lowercases and composes (NFC), keeping accents.
  static func caseFolded(_ text: String) -> [Unicode.Scalar] {
    Array(text.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars)
  }

  /// Lowercases, strips diacritics and folds letters without a decomposition (ø→o, ß→ss, …).
  static func fullyFolded(_ text: String) -> [Unicode.Scalar] {
    let decomposed = text.decomposedStringWithCanonicalMapping.lowercased()
    var result: [Unicode.Scalar] = []
    for scalar in decomposed.decomposedStringWithCanonicalMapping.unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      if let replacement = specialFolds[scalar] {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return result
  }

  /// Letters that Unicode does not decompose but a reader folds anyway.
  static let specialFolds: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ı": "i", "ð": "d", "þ": "th",
    "ħ": "h", "ŧ": "t", "ŋ": "n", "ſ": "s",
  ]

  private static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
    if needle.isEmpty { return true }
    if needle.count > haystack.count { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }
}
