import Engine
import Tables

/// Counts the distinct cells of one column over a table's rows in one pass, by their bytes in
/// the dataset's arena (no string per row), keeping at most `ValueCounts.distinctLimit` values.
struct ValueCounter {
  /// The rows' dataset.
  let dataset: Dataset
  /// The column counted.
  let column: Int

  /// How many rows are read between two looks at the cancellation.
  static let chunk = 1 << 16

  /// The counts of `rows`' cells, the values at positions `range`; nil when `cancellation` stopped it.
  func counts(of rows: TableRows, range: Range<Int>, cancellation: SearchCancellation?) -> ValueCounts? {
    dataset.withStorage { arena, _ -> ValueCounts? in
      var counts: [UnsafeCellKey: Int] = [:]
      var total = 0
      var isComplete = true
      let finished = rows.forEachRow { row, position in
        if position % Self.chunk == 0, cancellation?.isCancelled == true { return false }
        let key = UnsafeCellKey(
          bytes: UnsafeBufferPointer(rebasing: arena[dataset.cellRange(row: row, column: column)]))
        total += 1
        if let known = counts.index(forKey: key) {
          counts.values[known] += 1
        } else if counts.count < ValueCounts.distinctLimit {
          counts[key] = 1
        } else {
          isComplete = false
        }
        return true
      }
      guard finished else { return nil }
      let sorted = counts.sorted { left, right in
        if left.value != right.value { return left.value > right.value }
        return UnsafeCellKey.compare(left.key.bytes, right.key.bytes) < 0
      }
      let shown = range.clamped(to: 0..<sorted.count)
      let entries = sorted[shown].map {
        ValueCounts.Entry(value: String(decoding: $0.key.bytes, as: UTF8.self), count: $0.value)
      }
      return ValueCounts(
        entries: entries, first: shown.lowerBound, distinct: sorted.count, rows: total, isComplete: isComplete
      )
    }
  }
}

extension TableRows {
  /// Calls `body` with each row (in any order) and how many came before it, until it returns
  /// false; returns whether every row was seen.
  func forEachRow(_ body: (_ row: Int, _ position: Int) -> Bool) -> Bool {
    switch self {
    case .all(let count):
      for row in 0..<count where !body(row, row) { return false }
    case .subset(let rows):
      for (position, row) in rows.enumerated() where !body(Int(row), position) { return false }
    case .bits(let bits):
      var position = 0
      // Bits in row order: testing each row costs the dataset's size, as the search did.
      for row in 0..<(bits.count == 0 ? 0 : Int(bits[bits.count - 1]) + 1) where bits.contains(row) {
        if !body(row, position) { return false }
        position += 1
      }
    case .ranked(let ranked):
      // The ranking's order does not matter to a count: its rows ascending, never ranked.
      for (position, row) in ranked.ascending.enumerated() where !body(Int(row), position) { return false }
    }
    return true
  }

  /// These rows (in their order) that `filter` keeps, reading the cells of `dataset`.
  func kept(by filter: ColumnFilter?, in dataset: Dataset) -> TableRows {
    guard let filter, filter.column < dataset.columns.count else { return self }
    let wanted = Array(filter.value.utf8)
    return wanted.withUnsafeBufferPointer { value in
      dataset.withStorage { arena, _ in
        var kept: [Int32] = []
        for index in 0..<count {
          let row = self[index]
          let cell = UnsafeBufferPointer(rebasing: arena[dataset.cellRange(row: row, column: filter.column)])
          if cell.count == value.count, UnsafeCellKey.compare(cell, value) == 0 {
            kept.append(Int32(truncatingIfNeeded: row))
          }
        }
        return .subset(kept)
      }
    }
  }
}
