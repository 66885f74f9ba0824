/// The rows built so far while the builder goes on: the picker's table grows as rows arrive.
extension DatasetBuilder {
  /// The rows built so far as a dataset of their own, copied (the builder goes on appending),
  /// last row first when `reversed` (fzf's `--tac`); the copy is charged to `budget`.
  ///
  /// The rows piped into the picker: their title, and with `--nth` the text searched.
  package func snapshot(
    name: String, source: DatasetSource, presets: DatasetPresets, reversed: Bool, budget: LoadBudget
  ) throws(TableError) -> Dataset {
    precondition(columns.count == stride, "a snapshot is of whole rows")
    let rows = rowCount
    let cells = rows * stride
    let textBytes = Int(offsets[cells])
    let text = try UnsafeGrowableBuffer<UInt8>(capacity: textBytes, budget: budget)
    let ends = try UnsafeGrowableBuffer<UInt32>(capacity: cells + 1, budget: budget)
    try ends.append(0)
    if reversed {
      for row in Swift.stride(from: rows - 1, through: 0, by: -1) {
        for cell in row * stride..<(row + 1) * stride {
          let bytes = Int(offsets[cell])..<Int(offsets[cell + 1])
          try text.append(contentsOf: UnsafeBufferPointer(rebasing: arena.buffer[bytes]))
          try ends.append(UInt32(text.count))
        }
      }
    } else {
      try text.append(contentsOf: UnsafeBufferPointer(rebasing: arena.buffer[0..<textBytes]))
      try ends.append(contentsOf: UnsafeBufferPointer(rebasing: offsets.buffer[1..<(cells + 1)]))
    }
    return Dataset(
      name: name, source: source, columns: columns, titleColumn: 0, scopeColumn: nil, scopeTitles: ["All"],
      rowScopes: [], presets: presets, arena: text, offsets: ends)
  }

  /// Drops a row left half-appended (a cell whose text or end did not fit the budget), so the
  /// rows built so far are whole again.
  mutating func dropUnfinishedRow() {
    let cellsKept = rowCount * stride
    // Shrinking never allocates.
    do throws(TableError) {
      try arena.resize(to: Int(offsets[cellsKept]))
      try offsets.resize(to: cellsKept + 1)
    } catch {
      preconditionFailure("shrinking a buffer allocated: \(error)")
    }
    cellsInRow = 0
  }
}
