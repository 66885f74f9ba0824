/// A row's key as the session keeps it: its order value as text, or, for a row whose order value
/// is NULL, NUL followed by its tiebreak as text (PostgreSQL text never holds NUL, so the two
/// kinds never collide).
enum PostgresRowKey {
  /// The key of a row read with `order` (nil for NULL) and `tiebreak`.
  static func key(order: String?, tiebreak: String?) -> String {
    order ?? "\u{0}" + (tiebreak ?? "")
  }

  /// The tiebreak of a NULL-order row's key; nil for a row with an order value.
  static func tiebreak(of key: String) -> String? {
    guard key.unicodeScalars.first == "\u{0}" else { return nil }
    return String(key.unicodeScalars.dropFirst())
  }
}
