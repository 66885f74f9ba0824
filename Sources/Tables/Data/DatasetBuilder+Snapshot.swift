/// The rows built so far while the builder goes on: the picker's table grows as rows arrive.
extension DatasetBuilder {
  /// The rows built so far as a dataset of their own, copied (the builder goes on appending),
  /// last row first when `reversed` (fzf's `--tac`); the copy is charged to `budget`.
  ///
  /// One column only: the rows piped into the picker.
  package func snapshot(
    name: String, source: DatasetSource, presets: DatasetPresets, reversed: Bool, budget: LoadBudget
  ) throws(TableError) -> Dataset {
    precondition(columns.count == 1 && stride == 1, "a snapshot is of one column")
    let rows = rowCount
    let textBytes = Int(offsets[rows])
    let text = try UnsafeGrowableBuffer<UInt8>(capacity: textBytes, budget: budget)
    let ends = try UnsafeGrowableBuffer<UInt32>(capacity: rows + 1, budget: budget)
    try ends.append(0)
    if reversed {
      for row in Swift.stride(from: rows - 1, through: 0, by: -1) {
        let cell = Int(offsets[row])..<Int(offsets[row + 1])
        try text.append(contentsOf: UnsafeBufferPointer(rebasing: arena.buffer[cell]))
        try ends.append(UInt32(text.count))
      }
    } else {
      try text.append(contentsOf: UnsafeBufferPointer(rebasing: arena.buffer[0..<textBytes]))
      try ends.append(contentsOf: UnsafeBufferPointer(rebasing: offsets.buffer[1..<(rows + 1)]))
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
