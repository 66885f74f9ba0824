import Backends
import Engine
import Tables

/// The table's columns and order: `set fields *`, `set columns`, `sort` (and `set sort`).
extension Session {
  /// The columns `value` names for `option`: a `QuotedList` (`name, "unit price"`), or `*` for all.
  ///
  /// An item without quotes or backslashes is its text as typed, spaces and all (`unit price`),
  /// as before names could be quoted; one with them must be one word.
  func columnList(_ value: String, option: String) throws(ShellError) -> [Int] {
    if value.unicodeScalars.allSatisfy({ $0 == "*" || $0 == " " }), value.unicodeScalars.contains("*") {
      return Array(screen.dataset.columns.indices)
    }
    var columns: [Int] = []
    for item in try QuotedList.items(value) {
      let literal = !item.typed.unicodeScalars.contains { $0 == "\"" || $0 == "'" || $0 == "\\" }
      guard let first = item.words.first else {
        throw .invalidValue(
          option: option, value: value, allowed: "comma-separated column names, or '*' for all")
      }
      guard literal || item.words.count == 1 else {
        throw .invalidValue(
          option: option, value: item.words[1],
          allowed: "one column between commas (quote a name with a space: \"unit price\")")
      }
      let name = literal ? item.typed : first
      guard let column = ColumnRoles.index(of: name, in: screen.dataset.columns) else {
        throw .unknownColumn(name, columns: screen.dataset.columns)
      }
      if !columns.contains(column) { columns.append(column) }
    }
    return columns
  }

  /// `set columns COL,COL|*|auto`: the columns the table shows.
  func setColumns(_ value: String) throws(ShellError) {
    screen.view.columns = value == "auto" ? nil : try columnList(value, option: "columns")
    printScreen(forceTable: true)
  }

  /// `auto`, or the columns `set columns` chose.
  var columnsDescription: String { screen.view.columns.map(screen.columnNames) ?? "auto" }

  /// `set sort COL [asc|desc], COL …|none`, and `sort` with the same words.
  func setSort(_ value: String) throws(ShellError) {
    var keys: [SortOrder.Key] = []
    for key in try SortKeyList.parse(value) {
      guard let column = ColumnRoles.index(of: key.name, in: screen.dataset.columns) else {
        throw .unknownColumn(key.name, columns: screen.dataset.columns)
      }
      guard !keys.contains(where: { $0.column == column }) else { throw .duplicateSortKey(key.name) }
      keys.append(SortOrder.Key(column: column, descending: key.descending))
    }
    if !keys.isEmpty, let reason = screen.backend.lacks(.sorting) {
      throw .notAvailable(command: "sort", reason: reason)
    }
    screen.view.order = SortOrder(keys: keys)
    printScreen(forceTable: true)
  }

  /// `none`, or each key's column and direction, first key first.
  var sortDescription: String { screen.sortDescription ?? "none" }

  /// `sort [COL [asc|desc], COL …|none]`: sorts the table (`set sort`); alone, says how it is sorted.
  func sortCommand(_ arguments: [String]) throws(ShellError) {
    guard let value = arguments.first else {
      console.print("sort: " + Sanitizer.printable(sortDescription))
      return
    }
    try setSort(value)
  }
}
