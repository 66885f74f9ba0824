/// A search's rows in table order: a list, or a ranking ordered as far as it is read (`fuzzy`).
enum SearchResult {
  /// Rows in row order.
  case rows([Int32])
  /// A `fuzzy` result, best first.
  case ranked(RankedRows)

  /// How many rows matched.
  var count: Int {
    switch self {
    case .rows(let rows): return rows.count
    case .ranked(let ranked): return ranked.count
    }
  }

  /// The row at table position `index` (0-based).
  subscript(index: Int) -> Int32 {
    switch self {
    case .rows(let rows): return rows[index]
    case .ranked(let ranked): return ranked[index]
    }
  }

  /// Every row in table order.
  var allRows: [Int32] {
    switch self {
    case .rows(let rows): return rows
    case .ranked(let ranked): return ranked.ordered
    }
  }
}
