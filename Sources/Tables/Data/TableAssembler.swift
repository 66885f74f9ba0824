/// Collects parsed cells into a `DatasetBuilder`, repairing UTF-8 and counting what to warn about.
///
/// Parsers hand it raw cell bytes and the line they started on; it owns the column names (made
/// unique and non-empty) and turns the counts into the load's warnings. The table's text and
/// offsets and the parsers' scratch are charged to one `LoadBudget` of `limit` bytes: padding
/// short rows and widening for a new JSON key can take far more than the input's size, and a
/// cell is held twice (read, then stored), so the input's own limit does not bound them.
struct TableAssembler {
  /// The builder, created once the columns are known.
  private(set) var builder: DatasetBuilder?
  /// What the load's buffers are charged to; parsers take their scratch from `scratch()`.
  package let budget: LoadBudget
  private let reservingBytes: Int
  private var invalidLines = 0
  private var lastInvalidLine = 0
  private var renamed: [String] = []
  /// Every column name so far, and per name the next suffix to try: a header of a thousand
  /// equal names, or a JSON file of a thousand keys, costs linear time, not quadratic.
  private var seen: Set<String> = []
  private var nextSuffix: [String: Int] = [:]
  /// How many renamed columns the warning names before it only counts.
  private static let namedRenames = 10
  /// Rows that had more fields than the header; their extra fields were dropped.
  var longRows = 0
  /// Per column, the JSON type of its values so far (nil: none but `null` yet).
  private var jsonTypes: [ColumnType?] = []
  /// The cells a JSON row lacked (its object had no such key).
  private(set) var missing = MissingCells()

  package init(label: String = "", limit: Int = LoadLimit.ceiling, reservingBytes: Int) {
    budget = LoadBudget(label: label, limit: limit)
    self.reservingBytes = min(reservingBytes, limit)
  }

  /// An empty scratch buffer for a parser, charged to the budget.
  package func scratch(capacity: Int = 256) throws(TableError) -> UnsafeGrowableBuffer<UInt8> {
    try UnsafeGrowableBuffer(capacity: capacity, budget: budget)
  }

  /// The column names, empty until `setColumns` is called.
  package var columns: [String] { builder?.columns ?? [] }

  /// Number of cells in the row being assembled.
  var cellsInRow: Int { builder?.cellsInCurrentRow ?? 0 }

  /// Fixes the columns from header cells (raw bytes), naming empty ones and numbering duplicates.
  package mutating func setColumns(_ cells: [[UInt8]], line: Int) throws(TableError) {
    var names: [String] = []
    for (index, cell) in cells.enumerated() {
      let text = cell.withUnsafeBufferPointer { decode($0, line: line) }
      names.append(uniqueName(text, position: index + 1))
    }
    if names.isEmpty {
      names = ["title"]
      seen.insert("title")
    }
    builder = try DatasetBuilder(columns: names, reservingBytes: reservingBytes, budget: budget)
  }

  /// Adds a column discovered mid-file (a new JSON key) and returns its index.
  mutating func addColumn(_ raw: UnsafeBufferPointer<UInt8>, line: Int) throws(TableError) -> Int {
    let text = decode(raw, line: line)
    let name = uniqueName(text, position: columns.count + 1)
    if builder == nil {
      builder = try DatasetBuilder(columns: [name], reservingBytes: reservingBytes, budget: budget)
    } else {
      try builder?.addColumn(name)
    }
    // The rows before this key's first appearance lack it.
    let rowsBefore = builder?.rowCount ?? 0
    try budget.charge(missing.mark(rows: 0..<rowsBefore, column: columns.count - 1))
    return columns.count - 1
  }

  /// Appends one cell's bytes, replacing invalid UTF-8 and remembering the line it was on.
  @inline(__always)
  mutating func appendCell(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(TableError) {
    if UTF8Repair.isValid(bytes) {
      try builder?.appendCell(bytes)
    } else {
      noteInvalid(line: line)
      try builder?.appendRepairedCell(bytes)
    }
  }

  /// Appends one cell from a scratch buffer.
  mutating func appendCell(_ bytes: UnsafeGrowableBuffer<UInt8>, line: Int) throws(TableError) {
    try appendCell(bytes.buffer, line: line)
  }

  /// Appends an empty cell.
  mutating func appendEmptyCell() throws(TableError) {
    try builder?.appendCell(UnsafeBufferPointer(start: nil, count: 0))
  }

  /// Appends an empty cell for a key the row's object lacks.
  mutating func appendMissingCell() throws(TableError) {
    guard let builder else { return }
    try budget.charge(missing.mark(row: builder.rowCount, column: builder.cellsInCurrentRow))
    try appendEmptyCell()
  }

  /// Drops a row the budget refused halfway (`DatasetBuilder.dropUnfinishedRow`).
  mutating func dropUnfinishedRow() {
    builder?.dropUnfinishedRow()
  }

  /// Pads the row being assembled with empty cells up to the column count.
  mutating func finishRow() throws(TableError) {
    let columnCount = columns.count
    let filled = cellsInRow
    if filled == 0 { return }
    for _ in filled..<columnCount { try appendEmptyCell() }
  }

  /// Notes that a JSON value starting with `first` went into `column`, for the column's type.
  @inline(__always)
  mutating func noteJSONValue(startingWith first: UInt8, column: Int) {
    if column >= jsonTypes.count {
      jsonTypes += [ColumnType?](repeating: nil, count: column + 1 - jsonTypes.count)
    }
    jsonTypes[column] = ColumnType.joining(jsonTypes[column], valueStartingWith: first)
  }

  /// Each column's type: what its JSON values were, else text.
  var columnTypes: [ColumnType] {
    columns.indices.map { $0 < jsonTypes.count ? jsonTypes[$0] ?? .text : .text }
  }

  /// The warnings gathered so far, one line each.
  package var warnings: [String] {
    var result: [String] = []
    if invalidLines > 0 {
      result.append(
        "Invalid UTF-8 replaced with U+FFFD on \(invalidLines) \(invalidLines == 1 ? "line" : "lines")")
    }
    if longRows > 0 {
      result.append(
        "\(longRows) \(longRows == 1 ? "row has" : "rows have") more fields than the header; the extra fields were dropped"
      )
    }
    if !renamed.isEmpty {
      result.append(
        "Renamed empty or duplicate column names: "
          + renamed.prefix(Self.namedRenames).map { "'\(Sanitizer.printable($0))'" }.joined(separator: ", ")
          + (renamed.count > Self.namedRenames ? " and \(renamed.count - Self.namedRenames) more" : ""))
    }
    return result
  }

  private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> String {
    if !UTF8Repair.isValid(bytes) { noteInvalid(line: line) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func noteInvalid(line: Int) {
    if line != lastInvalidLine {
      invalidLines += 1
      lastInvalidLine = line
    }
  }

  private mutating func uniqueName(_ text: String, position: Int) -> String {
    var name = text.isEmpty ? "column\(position)" : text
    if seen.contains(name) {
      var suffix = nextSuffix[name] ?? 2
      while seen.contains("\(name)_\(suffix)") { suffix += 1 }
      nextSuffix[name] = suffix + 1
      name = "\(name)_\(suffix)"
    }
    if name != text { renamed.append(name) }
    seen.insert(name)
    return name
  }
}
