import Foundation

/// Per-scalar folded forms for Latin letters (U+0080–U+024F), so accented rows fold without Foundation.
///
/// Built once from `TextFolding` itself, so it cannot disagree with the specification. A scalar is
/// in the table only when folding it alone gives the same bytes as folding it inside any text of
/// table scalars: its NFC is itself and none of its forms contains a combining mark. Rows with any
/// other non-ASCII scalar (combining marks, CJK, emoji, Greek) fold through `TextFolding`.
enum ScalarFoldTable {
  /// First scalar value past the table.
  static let end: UInt32 = 0x250

  /// `forms[(scalar - 0x80) * 4 + variant.rawValue]`, or nil for a scalar outside the fast path.
  static let forms: [[UInt8]?] = (0x80..<end).flatMap { forms(of: $0) ?? [nil, nil, nil, nil] }

  /// Scalar `value`'s four forms in `TextVariant`'s order, or nil outside the fast path (not a
  /// scalar, not its own NFC, or a form with a combining mark).
  static func forms(of value: UInt32) -> [[UInt8]?]? {
    guard let scalar = Unicode.Scalar(value) else { return nil }
    let text = String(Character(scalar))
    let variants = TextVariant.allCases.map { TextFolding.form(text, $0) }
    let eligible =
      variants[TextVariant.exact.rawValue].unicodeScalars.elementsEqual([scalar])
      && variants.allSatisfy { form in
        form.unicodeScalars.allSatisfy { $0.properties.canonicalCombiningClass == .notReordered }
      }
    return eligible ? variants.map { Array($0.utf8) } : nil
  }

  /// `forms` packed one word a slot: a form's bytes from the low byte up and its length in the
  /// top byte, or `absent` for a scalar outside the fast path (or a form of over seven bytes).
  ///
  /// The fold loop reads a word per form where `forms` cost an array (and its reference count)
  /// and a `memcpy` of one or two bytes.
  static let packed: UnsafePinnedBuffer<UInt64> = {
    let forms = ScalarFoldTable.forms
    var words = [UInt64](repeating: absent, count: forms.count)
    for slot in stride(from: 0, to: forms.count, by: 4) {
      let group = forms[slot..<slot + 4].map { $0 }
      for (index, word) in pack(group).enumerated() { words[slot + index] = word }
    }
    return UnsafePinnedBuffer(words)
  }()

  /// The packed words of scalar `value`'s four forms, as `packed` holds them: for a table built
  /// one scalar at a time, as its rows need them (the one-shot filter's).
  static func packedForms(of value: UInt32) -> [UInt64] {
    pack(forms(of: value) ?? [nil, nil, nil, nil])
  }

  /// One scalar's four forms packed (all `absent` unless each is at most seven bytes).
  private static func pack(_ group: [[UInt8]?]) -> [UInt64] {
    guard group.allSatisfy({ ($0?.count ?? 8) <= 7 }) else { return [absent, absent, absent, absent] }
    return group.map { form in
      guard let form else { return absent }
      var word = UInt64(form.count) << 56
      for (position, byte) in form.enumerated() { word |= UInt64(byte) << UInt64(8 * position) }
      return word
    }
  }

  /// The packed word of a scalar outside the fast path.
  static let absent = UInt64.max
}
