/// A row's key as the session keeps it, where its next page starts.
///
/// Its order value as text; for a row whose order value is NULL, NUL followed by its tiebreak as
/// text; and where the order column is not unique (a tiebreak covers every row), two NULs, the
/// order value, NUL and the tiebreak. PostgreSQL text never holds NUL, so the kinds never collide.
enum PostgresRowKey {
  /// The key of a row read with `order` (nil for NULL) and `tiebreak`; `coversAll` when the
  /// tiebreak orders every row (a non-unique order column).
  static func key(order: String?, tiebreak: String?, coversAll: Bool = false) -> String {
    guard let order else { return "\u{0}" + (tiebreak ?? "") }
    return coversAll ? "\u{0}\u{0}" + order + "\u{0}" + (tiebreak ?? "") : order
  }

  /// The tiebreak of a NULL-order row's key; nil for a row with an order value.
  static func tiebreak(of key: String) -> String? {
    let scalars = key.unicodeScalars
    guard scalars.first == "\u{0}", scalars.dropFirst().first != "\u{0}" else { return nil }
    return String(scalars.dropFirst())
  }

  /// The order value and tiebreak of a key made with `coversAll` for a row with an order value.
  static func parts(of key: String) -> (order: String, tiebreak: String)? {
    let scalars = key.unicodeScalars
    guard scalars.starts(with: ["\u{0}", "\u{0}"]) else { return nil }
    let rest = scalars.dropFirst(2)
    guard let split = rest.firstIndex(of: "\u{0}") else { return nil }
    return (String(rest[..<split]), String(rest[rest.index(after: split)...]))
  }
}
