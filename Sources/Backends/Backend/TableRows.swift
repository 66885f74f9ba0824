import Engine

/// An in-memory search's rows as dataset row ids, without materialising the full list.
enum TableRows: Equatable {
  /// Every row of the dataset, in order.
  case all(count: Int)
  /// A filtered subset, in table order.
  case subset([Int32])
  /// A filtered subset of most rows, as bits, in row order.
  case bits(RowBitmap)
  /// A `fuzzy` result, best first, ordered as far as it is read.
  case ranked(RankedRows)

  /// A search's rows as the table's.
  init(_ result: SearchResult) {
    switch result {
    case .rows(let rows): self = .subset(rows)
    case .bits(let bits): self = .bits(bits)
    case .ranked(let ranked): self = .ranked(ranked)
    }
  }

  /// How many rows the table has.
  var count: Int {
    switch self {
    case .all(let count): return count
    case .subset(let rows): return rows.count
    case .bits(let bits): return bits.count
    case .ranked(let ranked): return ranked.count
    }
  }

  /// The dataset row id behind table row `index` (0-based).
  subscript(index: Int) -> Int {
    switch self {
    case .all: return index
    case .subset(let rows): return Int(rows[index])
    case .bits(let bits): return Int(bits[index])
    case .ranked(let ranked): return Int(ranked[index])
    }
  }
}
