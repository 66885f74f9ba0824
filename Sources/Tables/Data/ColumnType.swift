/// What a column's values were in a JSON file, so export writes them back as the same JSON type.
///
/// A column is `number` (or `boolean`) when every value it had was a JSON number (or `true` or
/// `false`) or `null`, and at least one was not `null`; anything else is `text`. Columns from
/// text, CSV and TSV files are text.
package enum ColumnType: Equatable, Sendable {
  /// Strings: written as JSON strings.
  case text
  /// JSON numbers, kept as written: written bare, an empty cell as `null`.
  case number
  /// `true` and `false`: written bare, an empty cell as `null`.
  case boolean

  /// The byte the index cache stores for the type.
  package var code: UInt8 {
    switch self {
    case .text: 0
    case .number: 1
    case .boolean: 2
    }
  }

  /// The type stored as `code`, or nil for a byte no type is stored as.
  package init?(code: UInt8) {
    switch code {
    case 0: self = .text
    case 1: self = .number
    case 2: self = .boolean
    default: return nil
    }
  }

  /// What one JSON value makes of a column so far (nil: only `null`s, nothing known yet).
  static func joining(_ current: ColumnType?, valueStartingWith first: UInt8) -> ColumnType? {
    let kind: ColumnType
    switch first {
    case UInt8(ascii: "n"): return current
    case UInt8(ascii: "t"), UInt8(ascii: "f"): kind = .boolean
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number
    default: kind = .text
    }
    guard let current else { return kind }
    return current == kind ? kind : .text
  }
}
