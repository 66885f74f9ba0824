import Foundation

/// Appends rows into a `Dataset`'s arena without materialising a `String` per cell.
///
/// The arena and offsets are reference-typed buffers that `build` hands to the dataset as they
/// are (no copy), so a builder builds once and is not copied to build twice.
///
/// Rows take `stride` cells, at least one per column: the cells past the columns are empty (end
/// where the row ends), so a column added mid-build usually costs nothing, and when the stride
/// is full it doubles, rewriting the offsets once per doubling instead of once per new column
/// (a JSON file with a new key on each of many rows would otherwise take cubic time).
package struct DatasetBuilder {
  /// Column names; JSON rows may add one mid-build with `addColumn(_:)`.
  private(set) var columns: [String]
  let arena: UnsafeGrowableBuffer<UInt8>
  let offsets: UnsafeGrowableBuffer<UInt32>
  /// Cells per row in `offsets`: `columns.count` until a column is added.
  private(set) var stride: Int
  private(set) var rowCount = 0
  var cellsInRow = 0

  /// A builder for a table of `columns` whose text and offsets are charged to `budget`.
  package init(columns: [String], reservingBytes: Int = 0, budget: LoadBudget) throws(TableError) {
    precondition(!columns.isEmpty)
    self.columns = columns
    stride = columns.count
    arena = try UnsafeGrowableBuffer(capacity: reservingBytes, budget: budget)
    offsets = try UnsafeGrowableBuffer(capacity: columns.count + 1, budget: budget)
    try offsets.append(0)
  }

  /// A builder bounded by nothing but the system's memory, which traps when that runs out
  /// (small tables built in code: tests, a PostgreSQL page's rows).
  package init(columns: [String], reservingBytes: Int = 0, rows: Int = 0) {
    precondition(!columns.isEmpty)
    self.columns = columns
    stride = columns.count
    arena = UnsafeGrowableBuffer(capacity: reservingBytes)
    offsets = UnsafeGrowableBuffer(capacity: rows * columns.count + 1)
    Self.trapping { () throws(TableError) in try offsets.append(0) }
  }

  /// Runs `body`, trapping on its error: for the builders that have no budget to report to.
  private static func trapping(_ body: () throws(TableError) -> Void) {
    do { try body() } catch { fatalError("out of memory building a table: \(error)") }
  }

  /// Appends one cell from raw UTF-8 bytes; the last cell of a row ends the row.
  mutating func appendCell(_ bytes: UnsafeBufferPointer<UInt8>) throws(TableError) {
    try arena.append(contentsOf: bytes)
    try endCell()
  }

  /// Appends one cell from raw bytes that are not all well-formed UTF-8, replacing each maximal
  /// invalid sequence by U+FFFD as Swift's decoder does, straight into the arena.
  mutating func appendRepairedCell(_ bytes: UnsafeBufferPointer<UInt8>) throws(TableError) {
    try UTF8Repair.repair(bytes, into: arena)
    try endCell()
  }

  /// Appends one cell from a `String` (builders without a budget: it traps when memory runs out).
  mutating func appendCell(_ text: String) {
    let bytes = Array(text.utf8)
    Self.trapping { () throws(TableError) in
      try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in try appendCell(bytes) }
    }
  }

  /// Appends a whole row; missing trailing cells are empty, extra cells are dropped.
  package mutating func appendRow(_ cells: [String]) {
    for column in 0..<columns.count {
      appendCell(column < cells.count ? cells[column] : "")
    }
  }

  /// Adds a column after the existing ones, giving every row built so far an empty cell in it.
  ///
  /// JSON objects reveal their keys as they come; an empty cell has no bytes, so only the
  /// offsets are rewritten and the arena is untouched. Call it only between rows.
  mutating func addColumn(_ name: String) throws(TableError) {
    precondition(cellsInRow == 0, "columns can only be added between rows")
    if columns.count == stride { try restride(to: stride * 2) }
    columns.append(name)
  }

  /// Lays the rows out `newStride` cells apart, in place: from the last row back, each cell
  /// moves to a higher index that no unmoved cell occupies.
  private mutating func restride(to newStride: Int) throws(TableError) {
    let oldStride = stride
    try offsets.resize(to: rowCount * newStride + 1)
    for row in Swift.stride(from: rowCount - 1, through: 0, by: -1) {
      let rowEnd = offsets[row * oldStride + oldStride]
      for cell in Swift.stride(from: newStride, to: oldStride, by: -1) {
        offsets[row * newStride + cell] = rowEnd
      }
      for cell in Swift.stride(from: oldStride, through: 1, by: -1) {
        offsets[row * newStride + cell] = offsets[row * oldStride + cell]
      }
    }
    self.stride = newStride
  }

  /// Number of cells appended to the row being built.
  var cellsInCurrentRow: Int { cellsInRow }

  private mutating func endCell() throws(TableError) {
    precondition(arena.count <= Int(UInt32.max), "a dataset's text is limited to 4 GiB")
    try offsets.append(UInt32(arena.count))
    cellsInRow += 1
    if cellsInRow == columns.count {
      // The row's cells past its columns are empty.
      for _ in columns.count..<stride { try offsets.append(UInt32(arena.count)) }
      cellsInRow = 0
      rowCount += 1
    }
  }

  /// Lays the rows out one cell per column, as `Dataset` reads them.
  ///
  /// In place: each cell moves to a lower index than any cell not yet moved. Once, from `build`.
  private func compact() {
    let width = columns.count
    guard stride != width else { return }
    for row in 0..<rowCount {
      for cell in 1...width { offsets[row * width + cell] = offsets[row * stride + cell] }
    }
    // Shrinking never allocates.
    Self.trapping { () throws(TableError) in try offsets.resize(to: rowCount * width + 1) }
  }

  /// Finishes the dataset, assigning each row its scope from `scopeColumn`.
  ///
  /// `scopeTitles` fixes the scope bar's order (as a manifest does); without it the bar is
  /// "All" then each distinct value in order of first appearance.
  package func build(
    name: String, source: DatasetSource, titleColumn: Int = 0, scopeColumn: Int? = nil,
    scopeTitles fixedTitles: [String]? = nil, presets: DatasetPresets, columnTypes: [ColumnType] = [],
    missing: MissingCells = MissingCells()
  ) -> Dataset {
    precondition(cellsInRow == 0, "the last row is incomplete")
    compact()
    arena.preferHugePages()
    offsets.preferHugePages()
    var titles = fixedTitles ?? ["All"]
    var rowScopes: [UInt16] = []
    if let scopeColumn {
      var indexOf: [String: UInt16] = [:]
      for (index, title) in titles.enumerated() where index > 0 { indexOf[title] = UInt16(index) }
      rowScopes.reserveCapacity(rowCount)
      for row in 0..<rowCount {
        let start = Int(offsets[row * columns.count + scopeColumn])
        let end = Int(offsets[row * columns.count + scopeColumn + 1])
        let value = String(decoding: UnsafeBufferPointer(rebasing: arena.buffer[start..<end]), as: UTF8.self)
        if let index = indexOf[value] {
          rowScopes.append(index)
        } else if fixedTitles == nil, !value.isEmpty, titles.count < Int(UInt16.max) {
          let index = UInt16(titles.count)
          titles.append(value)
          indexOf[value] = index
          rowScopes.append(index)
        } else {
          rowScopes.append(0)
        }
      }
    }
    return Dataset(
      name: name, source: source, columns: columns, titleColumn: titleColumn,
      scopeColumn: scopeColumn, scopeTitles: scopeColumn == nil ? ["All"] : titles,
      rowScopes: rowScopes, presets: presets, arena: arena, offsets: offsets, columnTypes: columnTypes,
      missing: missing)
  }
}
