import Foundation

/// A loaded table: a title per row, an optional scope (category) per row, and detail fields.
///
/// Every cell lives in one contiguous UTF-8 arena addressed by 32-bit offsets, so a million rows
/// cost the size of their text plus four bytes per cell, not one Swift `String` per field.
public final class Dataset: Sendable {
  /// The name the shell shows and `load` accepts (a bundled name or the file's name).
  public let name: String
  /// Where the rows came from.
  package let source: DatasetSource
  /// Column names, in file order; a plain list has the single column `title`.
  package let columns: [String]
  /// The column the table shows and the search matches by default.
  package let titleColumn: Int
  /// The column whose values make the scope bar, if any.
  package let scopeColumn: Int?
  /// The scope-bar titles: "All" first, then one per category.
  package let scopeTitles: [String]
  /// Per row, the index into `scopeTitles` of the row's category (0 when it has none listed).
  package let rowScopes: [UInt16]
  /// The tutorial's presets for this dataset.
  package let presets: DatasetPresets
  /// Number of rows.
  public let rowCount: Int
  /// Per column, the JSON type its values had (empty: every column is text).
  package let columnTypes: [ColumnType]
  /// The cells a JSON row lacked, which an export leaves out.
  package let missing: MissingCells

  private let arena: UnsafeGrowableBuffer<UInt8>
  /// Cell `(row, column)` spans `offsets[row * columns.count + column] ..< offsets[... + 1]`.
  private let offsets: UnsafeGrowableBuffer<UInt32>

  package init(
    name: String, source: DatasetSource, columns: [String], titleColumn: Int, scopeColumn: Int?,
    scopeTitles: [String], rowScopes: [UInt16], presets: DatasetPresets,
    arena: UnsafeGrowableBuffer<UInt8>, offsets: UnsafeGrowableBuffer<UInt32>, columnTypes: [ColumnType] = [],
    missing: MissingCells = MissingCells()
  ) {
    self.missing = missing
    self.name = name
    self.source = source
    self.columns = columns
    self.titleColumn = titleColumn
    self.scopeColumn = scopeColumn
    self.scopeTitles = scopeTitles
    self.rowScopes = rowScopes
    self.presets = presets
    self.arena = arena
    self.offsets = offsets
    self.columnTypes = columnTypes.count == columns.count ? columnTypes : []
    self.rowCount = columns.isEmpty ? 0 : (offsets.count - 1) / columns.count
  }
}

extension Dataset {
  /// The byte range of one cell inside the arena.
  package func cellRange(row: Int, column: Int) -> Range<Int> {
    let index = row * columns.count + column
    return Int(offsets[index])..<Int(offsets[index + 1])
  }

  /// The text of one cell.
  package func cell(row: Int, column: Int) -> String {
    let range = cellRange(row: row, column: column)
    return String(decoding: UnsafeBufferPointer(rebasing: arena.buffer[range]), as: UTF8.self)
  }

  /// The most bytes of a cell the screen takes (`shownCell`): far more than any terminal row
  /// shows, and a bounded copy however long the cell (a 1 GiB cell is not copied to be cut).
  static let shownBytes = 64 * 1024

  /// The text of one cell, cut after `shownBytes` bytes (at a character's start) and then
  /// ending in "…": for the screen, which cuts every cell to its width.
  package func shownCell(row: Int, column: Int) -> String {
    let range = cellRange(row: row, column: column)
    guard range.count > Self.shownBytes else { return cell(row: row, column: column) }
    let bytes = arena.buffer
    var end = range.lowerBound + Self.shownBytes
    while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self) + "…"
  }

  /// The title of a row, as the table shows it.
  package func title(_ row: Int) -> String { cell(row: row, column: titleColumn) }

  /// Calls `body` with the raw UTF-8 bytes of the arena and the cell offsets, for the search index.
  package func withStorage<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> R)
    rethrows
    -> R
  {
    // Nothing is appended after the build, so the buffers' addresses hold.
    try body(arena.buffer, offsets.buffer)
  }

  /// Whether rows can be narrowed with a scope bar.
  package var hasScopes: Bool { scopeTitles.count > 1 }

  /// Traps unless the storage is consistent: one offset per cell plus one, ascending from 0 to
  /// the arena's end, every cell valid UTF-8, a scope per row that the scope bar has.
  package func checkInvariants() {
    if let violation = invariantViolation() { preconditionFailure(violation) }
  }

  /// The first way the storage is inconsistent (as `checkInvariants` lists), or nil: a persisted
  /// index is checked with it before use, and refused rather than trusted.
  package func invariantViolation() -> String? {
    guard !columns.isEmpty else { return "a dataset has no column" }
    guard titleColumn >= 0, titleColumn < columns.count else { return "the title column does not exist" }
    if let scopeColumn, scopeColumn < 0 || scopeColumn >= columns.count {
      return "the scope column does not exist"
    }
    guard offsets.count == rowCount * columns.count + 1 else { return "not one offset per cell, plus one" }
    guard offsets[0] == 0, Int(offsets[offsets.count - 1]) == arena.count else {
      return "the offsets do not span the arena"
    }
    guard ArenaChecks.ascends(offsets.buffer) else { return "the offsets do not ascend" }
    // The arena is the cells one after another: it is UTF-8 and no cell starts inside a
    // character exactly when every cell is UTF-8.
    guard ArenaChecks.cellsAreUTF8(arena.buffer, offsets: offsets.buffer) else {
      return "a cell is not UTF-8"
    }
    guard scopeColumn == nil ? rowScopes.isEmpty : rowScopes.count == rowCount else {
      return "not a scope per row"
    }
    guard rowScopes.allSatisfy({ Int($0) < scopeTitles.count }) else {
      return "a row scope is not on the bar"
    }
    return nil
  }
}

/// Where a dataset's rows came from.
package enum DatasetSource: Equatable, Sendable {
  /// One of the datasets in `datasets/`, by name.
  case bundled(String)
  /// A file the user named.
  case file(String)
  /// Standard input (`load -`).
  case standardInput
  /// A table in PostgreSQL, by its URL as shown (without the password).
  case database(String)

  /// The file path, if the rows came from a file.
  package var path: String? {
    switch self {
    case .bundled, .standardInput, .database: return nil
    case .file(let path): return path
    }
  }
}

extension Dataset {
  /// The same rows with a new scope bar, sharing the text arena.
  ///
  /// `titles[0]` is the button for every row; each other title selects the rows whose category
  /// equals it.
  package func relabelingScopes(_ titles: [String]) -> Dataset {
    var rowScopes: [UInt16] = []
    if let scopeColumn {
      var indexOf: [String: UInt16] = [:]
      for (index, title) in titles.enumerated() where index > 0 && index <= Int(UInt16.max) {
        indexOf[title] = indexOf[title] ?? UInt16(index)
      }
      rowScopes = (0..<rowCount).map { indexOf[cell(row: $0, column: scopeColumn)] ?? 0 }
    }
    return Dataset(
      name: name, source: source, columns: columns, titleColumn: titleColumn, scopeColumn: scopeColumn,
      scopeTitles: titles, rowScopes: rowScopes, presets: presets, arena: arena, offsets: offsets,
      columnTypes: columnTypes, missing: missing)
  }

  /// The same rows with no scope bar, sharing the text arena.
  package func unscoped() -> Dataset {
    Dataset(
      name: name, source: source, columns: columns, titleColumn: titleColumn, scopeColumn: nil,
      scopeTitles: ["All"], rowScopes: [], presets: presets, arena: arena, offsets: offsets,
      columnTypes: columnTypes, missing: missing)
  }

  /// The same rows and scope bar with `column` as the title, sharing the text arena.
  package func retitled(_ column: Int) -> Dataset {
    precondition(columns.indices.contains(column), "no column \(column)")
    return Dataset(
      name: name, source: source, columns: columns, titleColumn: column, scopeColumn: scopeColumn,
      scopeTitles: scopeTitles, rowScopes: rowScopes, presets: presets, arena: arena, offsets: offsets,
      columnTypes: columnTypes, missing: missing)
  }

  /// The JSON type of `column`'s values (text unless the dataset came from JSON).
  func columnType(_ column: Int) -> ColumnType {
    columnTypes.isEmpty ? .text : columnTypes[column]
  }
}
