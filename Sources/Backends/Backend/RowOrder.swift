import Engine
import Foundation
import Tables

/// `sort COL [desc], COL …`: every row of a dataset in an order of one or more columns,
/// computed once, so the table on screen (every row, or any search's results) is put in that
/// order in linear time.
///
/// Cells that read as numbers (`-1.5`, `2e3`, ` 42 `) sort as numbers, before text; text sorts
/// by Unicode code point with ASCII letters' case ignored; empty cells come last either way.
/// Rows equal on a key are ordered by the next; ties on every key keep the dataset's order, so
/// the sort is stable and the same every run.
final class RowOrder {
  /// The keys sorted by.
  let order: SortOrder
  /// Every row, in order.
  let rows: [Int32]
  /// Per row, its position in `rows`.
  private let positions: [Int32]

  /// Sorts `dataset`'s rows by `order`.
  ///
  /// One key is one sort of its precomputed keys. Several keys are each ranked once (equal cells
  /// share a rank), then the rows are put in order by stable counting passes over the ranks,
  /// last key first: no comparison ever reads a cell again.
  init(dataset: Dataset, order: SortOrder) {
    self.order = order
    let rows: [Int32]
    if order.keys.count == 1, let key = order.keys.first {
      rows = Self.keys(dataset, column: key.column).sortedRows(descending: key.descending)
    } else {
      var ranked = (0..<Int32(truncatingIfNeeded: dataset.rowCount)).map { $0 }
      for key in order.keys.reversed() {
        let ranks = Self.keys(dataset, column: key.column).ranks(descending: key.descending)
        ranked = Self.stablySorted(ranked, by: ranks)
      }
      rows = ranked
    }
    var positions = [Int32](repeating: 0, count: rows.count)
    for (position, row) in rows.enumerated() { positions[Int(row)] = Int32(position) }
    self.rows = rows
    self.positions = positions
  }

  /// Sorts `dataset`'s rows by one column.
  convenience init(dataset: Dataset, column: Int, descending: Bool) {
    self.init(dataset: dataset, order: SortOrder(column: column, descending: descending))
  }

  /// The sort keys of `column`'s cells, a row each.
  private static func keys(_ dataset: Dataset, column: Int) -> SortKeys {
    var keys = SortKeys(capacity: dataset.rowCount)
    dataset.withStorage { arena, _ in
      for row in 0..<dataset.rowCount {
        keys.append(UnsafeBufferPointer(rebasing: arena[dataset.cellRange(row: row, column: column)]))
      }
    }
    return keys
  }

  /// `rows` reordered by `ranks` (each in `0..<ranks.count`), keeping the order of equal ranks.
  static func stablySorted(_ rows: [Int32], by ranks: [Int32]) -> [Int32] {
    var starts = [Int](repeating: 0, count: ranks.count + 1)
    for rank in ranks { starts[Int(rank) + 1] += 1 }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var sorted = [Int32](repeating: 0, count: rows.count)
    for row in rows {
      let rank = Int(ranks[Int(row)])
      sorted[starts[rank]] = row
      starts[rank] += 1
    }
    return sorted
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
      return .subset(rows(count: count) { bits.contains(Int($0)) })
    case .ranked(let ranked):
      // The sort replaces the ranking: the rows are what counts, in ascending order already.
      return apply(.subset(ranked.ascending))
    case .subset:
      if count > rows.count / 16 {
        var member = [Bool](repeating: false, count: rows.count)
        for index in 0..<count { member[table[index]] = true }
        return .subset(member.withUnsafeBufferPointer { member in rows(count: count) { member[Int($0)] } })
      }
      var ids = (0..<count).map { Int32(table[$0]) }
      ids.sort { positions[Int($0)] < positions[Int($1)] }
      return .subset(ids)
    }
  }

  /// The `count` rows of the order that `isMember` keeps, in order.
  @inline(__always)
  private func rows(count: Int, where isMember: (Int32) -> Bool) -> [Int32] {
    var kept: [Int32] = []
    kept.reserveCapacity(count)
    rows.withUnsafeBufferPointer { rows in
      for row in rows where isMember(row) { kept.append(row) }
    }
    return kept
  }
}

/// The sort keys of one column, a row each: its group (a number, text, or empty), and a key
/// within the group; text is kept trimmed with ASCII letters folded to lower case, in one buffer.
///
/// Cells are read as bytes from the dataset's arena, and each group is sorted on a 64-bit key
/// (a number's bits made to order as the numbers do; text's first eight bytes), going to the
/// text itself only for equal keys: a million rows sort in a fraction of a second.
struct SortKeys {
  /// Per row: 0 a number, 1 text, 2 empty; numbers sort first, empty cells last.
  private(set) var groups: [UInt8] = []
  /// Per row: the number's key, or the text's first eight bytes big-endian (zero-padded).
  private var keys: [UInt64] = []
  private var text: [UInt8] = []
  /// Row `r`'s text spans `bounds[r] ..< bounds[r + 1]` of `text`.
  private var bounds: [Int32] = [0]

  init(capacity: Int) {
    groups.reserveCapacity(capacity)
    keys.reserveCapacity(capacity)
    bounds.reserveCapacity(capacity + 1)
  }

  /// Adds the next row's cell.
  mutating func append(_ cell: UnsafeBufferPointer<UInt8>) {
    // Bytes, not Characters: a space before a combining mark is still a space to trim.
    var start = 0
    var end = cell.count
    while start < end, cell[start] == 0x20 || cell[start] == 0x09 { start += 1 }
    while end > start, cell[end - 1] == 0x20 || cell[end - 1] == 0x09 { end -= 1 }
    let trimmed = UnsafeBufferPointer(rebasing: cell[start..<end])
    if trimmed.isEmpty {
      groups.append(2)
      keys.append(0)
    } else if let number = Self.number(trimmed) {
      groups.append(0)
      keys.append(Self.key(number))
    } else {
      groups.append(1)
      let first = text.count
      text.append(contentsOf: trimmed)
      var prefix: UInt64 = 0
      text.withUnsafeMutableBufferPointer { buffer in
        // ASCII letters fold to lower case; other bytes compare as they are (code point order).
        for index in first..<buffer.count where buffer[index] >= 0x41 && buffer[index] <= 0x5A {
          buffer[index] |= 0x20
        }
        for index in first..<min(first + 8, buffer.count) {
          prefix |= UInt64(buffer[index]) << (56 - 8 * UInt64(index - first))
        }
      }
      keys.append(prefix)
    }
    // A dataset's text is under 4 GiB, so its folded copy is too.
    bounds.append(Int32(truncatingIfNeeded: text.count))
  }

  /// A decimal number as JSON or a spreadsheet writes it; not `inf`, `nan`, hex or `1_000`.
  static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var digits = false
    for byte in bytes {
      switch byte {
      case 0x30...0x39: digits = true
      case 0x2B, 0x2D, 0x2E, 0x45, 0x65: continue
      default: return nil
      }
    }
    guard digits else { return nil }
    return Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
  }

  /// `number`'s bits, turned so that unsigned order is numeric order (-0 and 0 the same).
  static func key(_ number: Double) -> UInt64 {
    let bits = (number == 0 ? 0 : number).bitPattern
    return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
  }

  /// Every row, sorted; ties keep their order.
  ///
  /// Ascending, numbers come first, then text; descending, text then numbers; empty cells last.
  func sortedRows(descending: Bool) -> [Int32] {
    var numbers: [(key: UInt64, row: Int32)] = []
    var texts: [(key: UInt64, row: Int32)] = []
    var empties: [Int32] = []
    let textCount = groups.reduce(0) { $0 + ($1 == 1 ? 1 : 0) }
    texts.reserveCapacity(textCount)
    numbers.reserveCapacity(groups.count - textCount)
    for row in groups.indices {
      switch groups[row] {
      case 0: numbers.append((keys[row], Int32(row)))
      case 1: texts.append((keys[row], Int32(row)))
      default: empties.append(Int32(row))
      }
    }
    text.withUnsafeBufferPointer { text in
      bounds.withUnsafeBufferPointer { bounds in
        for isText in [false, true] {
          func precedes(_ left: (key: UInt64, row: Int32), _ right: (key: UInt64, row: Int32)) -> Bool {
            var order = left.key == right.key ? 0 : (left.key < right.key ? -1 : 1)
            if order == 0, isText {
              order = Self.compareText(Int(left.row), Int(right.row), text: text, bounds: bounds)
            }
            if descending { order = -order }
            return order == 0 ? left.row < right.row : order < 0
          }
          if isText { texts.sort(by: precedes) } else { numbers.sort(by: precedes) }
        }
      }
    }
    let (first, second) = descending ? (texts, numbers) : (numbers, texts)
    return first.map(\.row) + second.map(\.row) + empties
  }

  /// Per row, its place among the distinct values in the order (`0` first; equal cells share one).
  func ranks(descending: Bool) -> [Int32] {
    var ranks = [Int32](repeating: 0, count: groups.count)
    var rank: Int32 = 0
    var previous: Int32?
    for row in sortedRows(descending: descending) {
      if let previous, order(Int(previous), Int(row), descending: descending) != 0 { rank += 1 }
      ranks[Int(row)] = rank
      previous = row
    }
    return ranks
  }

  /// Negative, zero or positive as row `left` sorts before, with, or after row `right`.
  func order(_ left: Int, _ right: Int, descending: Bool) -> Int {
    let group = groups[left]
    if group != groups[right] {
      if group == 2 || groups[right] == 2 { return group == 2 ? 1 : -1 }
      return (group < groups[right]) != descending ? -1 : 1
    }
    var result = keys[left] == keys[right] ? 0 : (keys[left] < keys[right] ? -1 : 1)
    if result == 0, group == 1 {
      result = text.withUnsafeBufferPointer { text in
        bounds.withUnsafeBufferPointer { bounds in Self.compareText(left, right, text: text, bounds: bounds) }
      }
    }
    return descending ? -result : result
  }

  /// The folded texts of two rows compared byte by byte, the shorter first when one starts the other.
  @inline(__always)
  private static func compareText(
    _ left: Int, _ right: Int, text: UnsafeBufferPointer<UInt8>, bounds: UnsafeBufferPointer<Int32>
  ) -> Int {
    let leftText = UnsafeBufferPointer(rebasing: text[Int(bounds[left])..<Int(bounds[left + 1])])
    let rightText = UnsafeBufferPointer(rebasing: text[Int(bounds[right])..<Int(bounds[right + 1])])
    let common = min(leftText.count, rightText.count)
    if common > 0, let a = leftText.baseAddress, let b = rightText.baseAddress {
      let result = Int(memcmp(a, b, common).signum())
      if result != 0 { return result }
    }
    return leftText.count < rightText.count ? -1 : (leftText.count > rightText.count ? 1 : 0)
  }
}
