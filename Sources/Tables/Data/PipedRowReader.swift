import Foundation

/// Splits piped bytes into `PipedRows` and the one-column table that searches them.
///
/// Fed a chunk at a time (a read's worth), it holds at most one unfinished row besides the
/// table, and stops with `loadTooLarge` once the input, or the table and the rows kept as they
/// came, pass the load limit.
package struct PipedRowReader {
  /// The input's name, for errors.
  package let label: String
  /// The load limit, in bytes.
  package let limit: Int
  /// How many rows are the header (fzf's `--header-lines`): the first ones, kept apart.
  private let headerRowCount: Int
  /// The header's rows, as they came.
  package private(set) var header: [[UInt8]] = []
  var table: TableAssembler
  package internal(set) var rows: PipedRows
  /// The bytes of the row not ended yet.
  var partial: [UInt8] = []
  private var bytesRead = 0
  /// The bytes of the rows kept as they came already charged to the table's budget.
  private var chargedOriginals = 0
  /// What each row shows, searches and prints, when fzf's field or colour options apply.
  let shape: (any PipedRowShape)?

  package init(
    label: String, limit: Int, rows: PipedRows, headerRows: Int = 0, shape: (any PipedRowShape)? = nil
  ) throws(TableError) {
    self.label = label
    self.limit = limit
    self.rows = rows
    self.shape = shape
    headerRowCount = headerRows
    table = TableAssembler(label: label, limit: limit, reservingBytes: 0)
    let searchesApart = shape?.searchesApart ?? false
    try table.setColumns([Array("title".utf8)] + (searchesApart ? [Array("fields".utf8)] : []), line: 1)
  }

  /// `presets` with the searched column the shape asks for (the `fields` column).
  func shaped(_ presets: DatasetPresets) -> DatasetPresets {
    var presets = presets
    if shape?.searchesApart == true { presets.searchedColumn = 1 }
    return presets
  }

  /// Adds `chunk`: every row it ends, and the rest as the start of the next one.
  ///
  /// A chunk past the limit is refused whole; one whose rows pass it stops at the row that does,
  /// which `keepWholeRows` then drops.
  package mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(TableError) {
    let (read, overflow) = bytesRead.addingReportingOverflow(chunk.count)
    guard !overflow, read <= limit else { throw .loadTooLarge(label, limit: limit) }
    bytesRead = read
    guard let base = chunk.baseAddress else { return }
    let separator = Int32(rows.separator.rawValue)
    var start = 0
    while start < chunk.count, let found = memchr(base + start, separator, chunk.count - start) {
      let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if partial.isEmpty {
        try addRow(UnsafeBufferPointer(rebasing: chunk[start..<end]))
      } else {
        partial.append(contentsOf: chunk[start..<end])
        // Moved out, not copied: the row is added, then its storage takes the next one.
        var row: [UInt8] = []
        swap(&row, &partial)
        try row.withUnsafeBufferPointer { (bytes) throws(TableError) in try addRow(bytes) }
        row.removeAll(keepingCapacity: true)
        partial = row
      }
      start = end + 1
    }
    partial.append(contentsOf: chunk[start...])
  }

  /// Ends the input: a last row without its separator is a row (an empty one is not, as in fzf).
  package mutating func finish(options: LoadOptions) throws(TableError) -> (LoadResult, PipedRows) {
    try endInput()
    guard let builder = table.builder else {
      throw .malformedFile(label, line: nil, column: nil, reason: "no columns")
    }
    let dataset = builder.build(
      name: options.name, source: options.source, titleColumn: 0, scopeColumn: nil,
      presets: shaped(options.presets))
    return (LoadResult(dataset: dataset, warnings: [], format: .text), rows)
  }

  /// Adds the last row, when the input does not end with a separator.
  package mutating func endInput() throws(TableError) {
    guard !partial.isEmpty else { return }
    let row = partial
    partial = []
    try row.withUnsafeBufferPointer { (bytes) throws(TableError) in try addRow(bytes) }
  }

  /// Appends one row to the table (its searchable form) and to `rows`.
  private mutating func addRow(_ bytes: UnsafeBufferPointer<UInt8>) throws(TableError) {
    if header.count < headerRowCount {
      try table.budget.charge(bytes.count)
      header.append(Array(bytes))
      return
    }
    if let shape { return try addShapedRow(shape.shape(bytes)) }
    if let form = PipedRows.searchableForm(bytes) {
      rows.addRow(original: bytes)
      try form.withUnsafeBufferPointer { (cell) throws(TableError) in
        try table.appendCell(cell, line: rows.rowCount)
      }
      // The rows kept as they came are charged to the table's budget: one limit for both.
      try table.budget.charge(rows.originalBytes &- chargedOriginals)
      chargedOriginals = rows.originalBytes
    } else {
      rows.addRow(original: nil)
      if bytes.isEmpty {
        try table.appendEmptyCell()
      } else {
        try table.appendCell(bytes, line: rows.rowCount)
      }
    }
  }

  /// Appends a row as its shape made it: its shown text the title, its searched text the
  /// `fields` column, its printed bytes kept when they are not the title.
  private mutating func addShapedRow(_ row: PipedShapedRow) throws(TableError) {
    let title = row.shown.withUnsafeBufferPointer { PipedRows.searchableForm($0) } ?? row.shown
    row.printed.withUnsafeBufferPointer { rows.addRow(original: row.printed == title ? nil : $0) }
    try appendCell(title)
    if shape?.searchesApart == true {
      let searched = row.searched ?? row.shown
      try appendCell(searched.withUnsafeBufferPointer { PipedRows.searchableForm($0) } ?? searched)
    }
    try table.budget.charge(rows.originalBytes &- chargedOriginals)
    chargedOriginals = rows.originalBytes
  }

  /// Appends one cell of the row being added.
  private mutating func appendCell(_ cell: [UInt8]) throws(TableError) {
    if cell.isEmpty { return try table.appendEmptyCell() }
    try cell.withUnsafeBufferPointer { (bytes) throws(TableError) in
      try table.appendCell(bytes, line: rows.rowCount)
    }
  }

  /// Reads `descriptor` to its end (retrying reads a signal interrupted) into rows and their table.
  package static func read(
    _ descriptor: Int32, rows: PipedRows, options: LoadOptions
  ) throws(TableError) -> (LoadResult, PipedRows) {
    let label = DataInput.standardInput.label
    var reader = try PipedRowReader(label: label, limit: options.limit.bytes, rows: rows)
    var chunk = [UInt8](repeating: 0, count: ByteStream.chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadableFile(label, reason: ByteStream.reason(errno))
      }
      if count == 0 { break }
      try chunk.withUnsafeBufferPointer { (bytes) throws(TableError) in
        try reader.feed(UnsafeBufferPointer(rebasing: bytes[..<count]))
      }
    }
    return try reader.finish(options: options)
  }
}
