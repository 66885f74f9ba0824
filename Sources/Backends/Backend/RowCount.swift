/// How many rows a search selects, as far as the backend knows it yet.
///
/// A backend that counts in memory knows at once; one that asks a database may give an estimate
/// with its first page and the exact count later. The screen shows an estimate marked as such;
/// scripts and `expect count` wait for the exact count (`SearchRows.exactCount`).
package enum RowCount: Equatable, Sendable {
  /// The exact number of rows.
  case exact(Int)
  /// An estimate, to be replaced by the exact count when it arrives.
  case estimate(Int)

  /// The number, exact or estimated.
  package var value: Int {
    switch self {
    case .exact(let count), .estimate(let count): return count
    }
  }

  /// Whether the number is the exact count.
  package var isExact: Bool {
    switch self {
    case .exact: return true
    case .estimate: return false
    }
  }
}
