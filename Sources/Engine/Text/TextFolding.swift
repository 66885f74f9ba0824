import Foundation
import Tables

/// The Unicode definitions of the four text forms a query term can be compared in.
///
/// These `String` functions are the specification: `ReferenceMatcher` uses them directly, and the
/// fast index uses them for rows it cannot fold with its per-scalar table (`ScalarFoldTable`).
package enum TextFolding {
  /// The text in `variant`'s form.
  static func form(_ text: String, _ variant: TextVariant) -> String {
    switch variant {
    case .exact: return exactForm(text)
    case .ci: return caseForm(text)
    case .fold: return foldForm(text)
    case .strip: return stripForm(text)
    }
  }

  /// Whether `text` is all ASCII, which every form leaves as it is (`exact`, `strip`) or only
  /// lowercases (`ci`, `fold`): Foundation's normalisations cost tens of microseconds a call on
  /// Linux even for a few letters, which each keystroke's query paid several times.
  private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

  /// NFC: case and accents significant, NFC and NFD spellings equal.
  static func exactForm(_ text: String) -> String {
    if isASCII(text) { return text }
    return text.precomposedStringWithCanonicalMapping
  }

  /// Lowercased NFC: accents significant.
  package static func caseForm(_ text: String) -> String {
    if isASCII(text) { return text.lowercased() }
    return text.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
  }

  /// Lowercased, nonspacing marks removed, and letters without a decomposition folded (ø→o, ß→ss).
  package static func foldForm(_ text: String) -> String {
    if isASCII(text) { return text.lowercased() }
    var result = String.UnicodeScalarView()
    let decomposed = text.decomposedStringWithCanonicalMapping.lowercased()
      .decomposedStringWithCanonicalMapping
    for scalar in decomposed.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
      if let replacement = lowerFolds[scalar] {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Like `foldForm` but keeping case: what `smart` compares an uppercase term without accents in.
  package static func stripForm(_ text: String) -> String {
    if isASCII(text) { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      if let replacement = casedFolds[scalar] {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Letters that Unicode does not decompose but a reader folds anyway (applied after lowercasing).
  static let lowerFolds: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ı": "i", "ð": "d", "þ": "th",
    "ħ": "h", "ŧ": "t", "ŋ": "n", "ſ": "s",
  ]

  /// `lowerFolds` plus the uppercase letters, for the case-keeping `stripForm`.
  package static let casedFolds: [Unicode.Scalar: String] = lowerFolds.merging([
    "Ø": "O", "Æ": "Ae", "Œ": "Oe", "ẞ": "SS", "Ł": "L", "Đ": "D", "Ð": "D", "Þ": "Th",
    "Ħ": "H", "Ŧ": "T", "Ŋ": "N",
  ]) { old, _ in old }

  /// Whether a scalar counts as part of a word (letters and digits), for `prefix` and fuzzy bonuses.
  @inline(__always)
  package static func isWordScalar(_ value: UInt32) -> Bool {
    if value < 0x80 { return ByteScanner.isASCIIWord(UInt8(truncatingIfNeeded: value)) }
    return isWideWordScalar(value)
  }

  /// `isWordScalar` above ASCII.
  ///
  /// Never inlined: the Unicode property types are resilient, and a
  /// function that mentions them sets up their metadata on every call, which the per-row kernels
  /// that inline `isWordScalar` would otherwise pay for every row.
  @inline(never)
  static func isWideWordScalar(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }

  /// Whether a query term written by the user asks for case-sensitive matching under `smart`.
  static func hasUppercase(_ term: String) -> Bool {
    !caseForm(term).unicodeScalars.elementsEqual(exactForm(term).unicodeScalars)
  }

  /// Whether a query term carries an accent or a special letter, so `smart` keeps accents significant.
  ///
  /// Compared scalar by scalar: Swift's `==` on `String` would treat "é" and "e\u{301}" as equal.
  static func hasAccent(_ term: String) -> Bool {
    if isASCII(term) { return false }
    let decomposed = term.decomposedStringWithCanonicalMapping
    return !stripForm(term).unicodeScalars.elementsEqual(decomposed.unicodeScalars)
  }
}

/// Which transformed form of a row's text a query term is compared with.
package enum TextVariant: Int, CaseIterable, Sendable, BitwiseCopyable {
  /// NFC, case and accents significant (`exact`, and `smart` and `fuzzy` terms with uppercase and
  /// accents).
  case exact
  /// Lowercased NFC (`ci`, and `smart` and `fuzzy` terms with an accent but no uppercase).
  case ci
  /// Lowercased, accents stripped (`fold`, `prefix`, and plain `smart` and `fuzzy` terms).
  case fold
  /// Accents stripped, case kept (`smart` and `fuzzy` terms with uppercase but no accent).
  case strip

  /// The form a term is compared in under `rule`, deciding smart case per term (`fuzzy`'s as
  /// fzf's: a term with an uppercase letter matches case-sensitively, one with an accent
  /// accent-sensitively).
  static func forTerm(_ text: String, rule: MatchRule) -> TextVariant {
    switch rule {
    case .exact: return .exact
    case .ci: return .ci
    case .fold, .prefix, .regex: return .fold
    case .smart, .fuzzy:
      let upper = TextFolding.hasUppercase(text)
      let accent = TextFolding.hasAccent(text)
      switch (upper, accent) {
      case (true, true): return .exact
      case (false, true): return .ci
      case (true, false): return .strip
      case (false, false): return .fold
      }
    }
  }
}
