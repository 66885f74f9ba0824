/// Collects parsed cells into a `DatasetBuilder`, repairing UTF-8 and counting what to warn about.
///
/// Parsers hand it raw cell bytes and the line they started on; it owns the column names (made
/// unique and non-empty) and turns the counts into the load's warnings.
struct TableAssembler {
  /// The builder, created once the columns are known.
  private(set) var builder: DatasetBuilder?
  private let reservingBytes: Int
  private var invalidLines = 0
  private var lastInvalidLine = 0
  private var renamed: [String] = []
  /// Rows that had more fields than the header; their extra fields were dropped.
  var longRows = 0

  init(reservingBytes: Int) {
    self.reservingBytes = reservingBytes
  }

  /// The column names, empty until `setColumns` is called.
  var columns: [String] { builder?.columns ?? [] }

  /// Number of cells in the row being assembled.
  var cellsInRow: Int { builder?.cellsInCurrentRow ?? 0 }

  /// Fixes the columns from header cells (raw bytes), naming empty ones and numbering duplicates.
  mutating func setColumns(_ cells: [[UInt8]], line: Int) {
    var names: [String] = []
    var seen: Set<String> = []
    for (index, cell) in cells.enumerated() {
      let text = cell.withUnsafeBufferPointer { decode($0, line: line) }
      names.append(uniqueName(text, position: index + 1, seen: &seen))
    }
    if names.isEmpty { names = ["title"] }
    builder = DatasetBuilder(columns: names, reservingBytes: reservingBytes)
  }

  /// Adds a column discovered mid-file (a new JSON key) and returns its index.
  mutating func addColumn(_ raw: [UInt8], line: Int) -> Int {
    let text = raw.withUnsafeBufferPointer { decode($0, line: line) }
    var seen = Set(columns)
    let name = uniqueName(text, position: columns.count + 1, seen: &seen)
    if builder == nil {
      builder = DatasetBuilder(columns: [name], reservingBytes: reservingBytes)
    } else {
      builder?.addColumn(name)
    }
    return columns.count - 1
  }

  /// Appends one cell's bytes, replacing invalid UTF-8 and remembering the line it was on.
  @inline(__always)
  mutating func appendCell(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
    if UTF8Repair.isValid(bytes) {
      builder?.appendCell(bytes)
    } else {
      noteInvalid(line: line)
      UTF8Repair.repaired(bytes).withUnsafeBufferPointer { builder?.appendCell($0) }
    }
  }

  /// Appends one cell from an array of bytes.
  mutating func appendCell(_ bytes: [UInt8], line: Int) {
    bytes.withUnsafeBufferPointer { appendCell($0, line: line) }
  }

  /// Appends an empty cell.
  mutating func appendEmptyCell() {
    builder?.appendCell(UnsafeBufferPointer(start: nil, count: 0))
  }

  /// Pads the row being assembled with empty cells up to the column count.
  mutating func finishRow() {
    let columnCount = columns.count
    let filled = cellsInRow
    if filled == 0 { return }
    for _ in filled..<columnCount { appendEmptyCell() }
  }

  /// The warnings gathered so far, one line each.
  var warnings: [String] {
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
        "Renamed empty or duplicate column names: \(renamed.map { "'\($0)'" }.joined(separator: ", "))")
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

  private mutating func uniqueName(_ text: String, position: Int, seen: inout Set<String>) -> String {
    var name = text.isEmpty ? "column\(position)" : text
    if seen.contains(name) {
      var suffix = 2
      while seen.contains("\(name)_\(suffix)") { suffix += 1 }
      name = "\(name)_\(suffix)"
    }
    if name != text { renamed.append(name) }
    seen.insert(name)
    return name
  }
}
