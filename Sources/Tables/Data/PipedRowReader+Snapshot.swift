/// The picker's view of rows still arriving: the table so far, and stopping at the load limit.
extension PipedRowReader {
  /// How many rows the table has so far (the header's not counted).
  package var rowCount: Int { rows.rowCount }

  /// The rows so far as a table of their own (a copy, charged to a budget of the load limit)
  /// and their bytes, last row first when `reversed` (fzf's `--tac`).
  package func snapshot(options: LoadOptions, reversed: Bool) throws(TableError) -> (LoadResult, PipedRows) {
    guard let builder = table.builder else {
      throw .malformedFile(label, line: nil, column: nil, reason: "no columns")
    }
    let dataset = try builder.snapshot(
      name: options.name, source: options.source, presets: shaped(options.presets), reversed: reversed,
      budget: LoadBudget(label: label, limit: limit))
    return (LoadResult(dataset: dataset, warnings: [], format: .text), reversed ? rows.reversed() : rows)
  }

  /// After `feed` or `endInput` passed the limit: keeps the rows added whole before it and drops
  /// the rest, so the input can stop there with every row kept as it came.
  package mutating func keepWholeRows() {
    table.dropUnfinishedRow()
    rows.removeRows(from: table.builder?.rowCount ?? 0)
    partial = []
  }
}
