/// A search's rows in table order: a list, a set of most rows as bits, or a ranking ordered as
/// far as it is read (`fuzzy`).
package enum SearchResult {
  /// Rows in row order.
  case rows([Int32])
  /// Rows in row order, as bits (a result of most of the rows).
  case bits(RowBitmap)
  /// A `fuzzy` result, best first.
  case ranked(RankedRows)

  /// How many rows matched.
  var count: Int {
    switch self {
    case .rows(let rows): return rows.count
    case .bits(let bits): return bits.count
    case .ranked(let ranked): return ranked.count
    }
  }

  /// The row at table position `index` (0-based).
  subscript(index: Int) -> Int32 {
    switch self {
    case .rows(let rows): return rows[index]
    case .bits(let bits): return bits[index]
    case .ranked(let ranked): return ranked[index]
    }
  }

  /// Every row in table order.
  var allRows: [Int32] {
    switch self {
    case .rows(let rows): return rows
    case .bits(let bits): return bits.ids
    case .ranked(let ranked): return ranked.ordered
    }
  }
}
