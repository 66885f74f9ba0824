/// The cells a row lacks: the keys a JSON object did not have, which an export leaves out
/// instead of writing them as `""` (a value the object never gave).
///
/// Per column, one bit per row; a column that no row lacks costs nothing.
package struct MissingCells: Sendable {
  /// Per column, its rows' bits, row `r` at bit `r % 64` of word `r / 64` (empty: none missing).
  private var bits: [[UInt64]] = []

  /// No cell missing.
  package init() {}

  /// Restores what `words(columnCount:rowCount:)` wrote: `wordsPerColumn(rowCount)` words per
  /// column; nil when the count is not that or a bit lies past the last row.
  package init?(words: UnsafeBufferPointer<UInt64>, columnCount: Int, rowCount: Int) {
    let perColumn = Self.wordsPerColumn(rowCount)
    guard words.count == columnCount * perColumn else { return nil }
    for column in 0..<columnCount {
      let slice = Array(words[column * perColumn..<(column + 1) * perColumn])
      if let last = slice.last, rowCount % 64 != 0, last >> UInt64(rowCount % 64) != 0 { return nil }
      bits.append(slice.allSatisfy { $0 == 0 } ? [] : slice)
    }
  }

  /// The bits without trailing zero words or columns: equal sets of cells compare equal.
  private var trimmed: [[UInt64]] {
    var columns = bits.map { words in Array(words[..<(words.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)]) }
    while columns.last?.isEmpty == true { columns.removeLast() }
    return columns
  }

  /// Whether no cell is missing.
  package var isEmpty: Bool { bits.allSatisfy(\.isEmpty) }

  /// Words per column in the stored form: one bit per row.
  package static func wordsPerColumn(_ rowCount: Int) -> Int { (rowCount + 63) / 64 }

  /// Whether row `row` lacks `column`.
  package func contains(row: Int, column: Int) -> Bool {
    guard column < bits.count else { return false }
    let words = bits[column]
    let word = row >> 6
    return word < words.count && words[word] >> UInt64(row & 63) & 1 == 1
  }

  /// Marks row `row`'s `column` missing; returns the bytes the bits grew by (for the budget).
  @discardableResult
  mutating func mark(row: Int, column: Int) -> Int {
    mark(rows: row..<(row + 1), column: column)
  }

  /// Marks `rows` of `column` missing (a key first met after them); returns the bytes added.
  @discardableResult
  mutating func mark(rows: Range<Int>, column: Int) -> Int {
    guard !rows.isEmpty else { return 0 }
    if bits.count <= column { bits += [[UInt64]](repeating: [], count: column + 1 - bits.count) }
    let needed = Self.wordsPerColumn(rows.upperBound)
    let grown = max(0, needed - bits[column].count)
    if grown > 0 { bits[column] += [UInt64](repeating: 0, count: grown) }
    for row in rows { bits[column][row >> 6] |= 1 << UInt64(row & 63) }
    return grown * 8
  }

  /// The bits as `wordsPerColumn(rowCount)` words per column, for the index cache (empty when
  /// no cell is missing).
  package func words(columnCount: Int, rowCount: Int) -> [UInt64] {
    guard !isEmpty else { return [] }
    let perColumn = Self.wordsPerColumn(rowCount)
    var words: [UInt64] = []
    words.reserveCapacity(columnCount * perColumn)
    for column in 0..<columnCount {
      let stored = column < bits.count ? bits[column] : []
      words += stored.prefix(perColumn)
      words += [UInt64](repeating: 0, count: perColumn - min(stored.count, perColumn))
    }
    return words
  }
}

extension MissingCells: Equatable {
  /// The same cells missing, however the bits were grown.
  package static func == (left: MissingCells, right: MissingCells) -> Bool { left.trimmed == right.trimmed }
}
