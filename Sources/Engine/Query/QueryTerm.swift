import Tables

/// One term of a parsed query: what to look for, in which text form, and how it must sit in the row.
package struct QueryTerm: Equatable, Sendable {
  /// How the needle must occur in the row's text.
  package enum Kind: Equatable, Sendable, BitwiseCopyable {
    /// Anywhere (`exact`, `ci`, `fold`, `smart`, and `'term` or anchored terms in `fuzzy`).
    case contains
    /// At the start of a word (`prefix`).
    case wordStart
    /// Its characters in order, with gaps (`fuzzy`).
    case fuzzy
  }

  /// The term as typed, without its markers and escapes.
  var text: String
  /// The term in `variant`'s form: what is searched for.
  package var needle: String
  /// The text form the needle and the rows are compared in.
  package var variant: TextVariant
  /// How the needle must occur.
  package var kind: Kind
  /// `^term`: the needle must start the row's text.
  package var anchoredStart = false
  /// `term$`: the needle must end the row's text.
  package var anchoredEnd = false
  /// `!term`: rows that match are excluded.
  package var negated = false
}

extension QueryTerm {
  /// A term of `kind` matching `needle` in `variant`, as `text` was typed.
  package init(text: String, needle: String, variant: TextVariant, kind: Kind) {
    self.text = text
    self.needle = needle
    self.variant = variant
    self.kind = kind
  }
}
