/// A number the user typed (a row, a page, a count): parsed so that one too large for `Int`
/// is told apart from a word that is no number at all.
enum UserNumber: Equatable {
  /// A number `Int` holds.
  case value(Int)
  /// Decimal digits (with an optional sign) beyond `Int`'s range: `positive` says which end.
  case outOfRange(positive: Bool)
  /// Not a decimal number.
  case notANumber

  /// Reads `token`: an optional `+` or `-`, then ASCII digits only.
  init(_ token: String) {
    if let number = Int(token) {
      self = .value(number)
      return
    }
    var digits = token.unicodeScalars[...]
    let negative = digits.first == "-"
    if digits.first == "+" || negative { digits = digits.dropFirst() }
    let allDigits = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    self = allDigits ? .outOfRange(positive: !negative) : .notANumber
  }

  /// The number, with one beyond `Int` clamped to `Int.min` or `Int.max`; nil for no number.
  var clamped: Int? {
    switch self {
    case .value(let number): return number
    case .outOfRange(let positive): return positive ? Int.max : Int.min
    case .notANumber: return nil
    }
  }

  /// How many pages of `pageSize` rows `rowCount` rows fill (at least one), without overflow.
  static func pageCount(rows rowCount: Int, pageSize: Int) -> Int {
    let size = max(1, pageSize)
    return max(1, rowCount / size + (rowCount % size == 0 ? 0 : 1))
  }
}
