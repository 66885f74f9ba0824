/// The rows of the table on screen, as dataset row ids, without materialising the full list.
enum TableRows: Equatable {
  /// Every row of the dataset, in order.
  case all(count: Int)
  /// A filtered subset, in table order.
  case subset([Int32])

  /// How many rows the table has.
  var count: Int {
    switch self {
    case .all(let count): return count
    case .subset(let rows): return rows.count
    }
  }

  /// The dataset row id behind table row `index` (0-based).
  subscript(index: Int) -> Int {
    switch self {
    case .all: return index
    case .subset(let rows): return Int(rows[index])
    }
  }
}
