/// `sort COL [desc]`: every row of a dataset in the order of one column, computed once, so the
/// table on screen (every row, or any search's results) is put in that order in linear time.
///
/// Cells that read as numbers (`-1.5`, `2e3`, ` 42 `) sort as numbers, before text; text sorts
/// by Unicode code point with ASCII letters' case ignored; empty cells come last either way.
/// Ties keep the dataset's order, so the sort is stable and the same every run.
final class RowOrder {
  /// The column sorted by.
  let column: Int
  /// Whether the order is descending (empty cells still last).
  let descending: Bool
  /// Every row, in order.
  let rows: [Int32]
  /// Per row, its position in `rows`.
  private let positions: [Int32]

  /// Sorts `dataset`'s rows by `column`.
  init(dataset: Dataset, column: Int, descending: Bool) {
    self.column = column
    self.descending = descending
    let keys = (0..<dataset.rowCount).map { SortKey(dataset.cell(row: $0, column: column)) }
    var rows = (0..<Int32(dataset.rowCount)).map { $0 }
    rows.sort { left, right in
      let order = SortKey.order(keys[Int(left)], keys[Int(right)], descending: descending)
      return order == 0 ? left < right : order < 0
    }
    var positions = [Int32](repeating: 0, count: rows.count)
    for (position, row) in rows.enumerated() { positions[Int(row)] = Int32(position) }
    self.rows = rows
    self.positions = positions
  }

  /// `table`'s rows in this order.
  ///
  /// A result of many rows is read off the whole order (linear in the dataset); a small one is
  /// sorted by position (linear-logarithmic in its own size).
  func apply(_ table: TableRows) -> TableRows {
    let count = table.count
    switch table {
    case .all:
      return .subset(rows)
    case .bits(let bits):
      return .subset(rows.filter { bits.contains(Int($0)) })
    case .subset, .ranked:
      if count > rows.count / 16 {
        var member = [Bool](repeating: false, count: rows.count)
        for index in 0..<count { member[table[index]] = true }
        return .subset(rows.filter { member[Int($0)] })
      }
      var ids = (0..<count).map { Int32(table[$0]) }
      ids.sort { positions[Int($0)] < positions[Int($1)] }
      return .subset(ids)
    }
  }
}

/// How one cell sorts: as a number, as text, or last when empty.
struct SortKey {
  /// Numbers first, then text, then empty cells.
  let group: UInt8
  let number: Double
  let text: [UInt8]

  init(_ cell: String) {
    // Bytes, not Characters: a space before a combining mark is still a space to trim.
    let bytes = Array(cell.utf8)
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
    let end = (bytes.lastIndex { !isSpace($0) } ?? start - 1) + 1
    let trimmed = bytes[start..<max(start, end)]
    if trimmed.isEmpty {
      (group, number, text) = (2, 0, [])
    } else if let value = Self.number(trimmed) {
      (group, number, text) = (0, value, [])
    } else {
      // ASCII letters fold to lower case; other bytes compare as they are (code point order).
      (group, number, text) = (1, 0, trimmed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
    }
  }

  /// A decimal number as JSON or a spreadsheet writes it; not `inf`, `nan`, hex or `1_000`.
  static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
    let allowed = bytes.allSatisfy {
      ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45
    }
    guard allowed, bytes.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
  }

  /// Negative, zero or positive as `left` sorts before, with, or after `right`.
  static func order(_ left: SortKey, _ right: SortKey, descending: Bool) -> Int {
    if left.group != right.group {
      // Empty cells are last in both directions; numbers come before text ascending.
      if left.group == 2 || right.group == 2 { return left.group == 2 ? 1 : -1 }
      return (left.group < right.group) != descending ? -1 : 1
    }
    var result: Int
    if left.group == 0 {
      result = left.number < right.number ? -1 : (left.number > right.number ? 1 : 0)
    } else {
      result = left.text.lexicographicallyPrecedes(right.text) ? -1 : (left.text == right.text ? 0 : 1)
    }
    if descending { result = -result }
    return result
  }
}
