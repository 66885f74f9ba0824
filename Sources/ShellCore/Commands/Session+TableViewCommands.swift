import Backends
import Engine
import Tables

/// The table's columns and order: `set fields *`, `set columns`, `sort` (and `set sort`).
extension Session {
  /// The columns `value` names for `option`: `COL,COL` (`\,` a comma in a name), or `*` for all.
  func columnList(_ value: String, option: String) throws(ShellError) -> [Int] {
    if value.unicodeScalars.allSatisfy({ $0 == "*" || $0 == " " }), value.unicodeScalars.contains("*") {
      return Array(screen.dataset.columns.indices)
    }
    let names = ScopeTitleList.split(value)
    guard !names.contains(where: \.isEmpty) else {
      throw .invalidValue(
        option: option, value: value, allowed: "comma-separated column names, or '*' for all")
    }
    var columns: [Int] = []
    for name in names {
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

  /// `set sort COL [asc|desc]|none`, and `sort` with the same words.
  func setSort(_ value: String) throws(ShellError) {
    let words = try CommandTokenizer.tokens(value).map(\.text)
    let usage = "sort COL [asc|desc], or 'none'"
    if words == ["none"] {
      screen.view.order = nil
    } else {
      guard let name = words.first, words.count <= 2 else {
        throw .invalidValue(option: "sort", value: value, allowed: usage)
      }
      let direction = words.count == 2 ? words[1] : "asc"
      guard direction == "asc" || direction == "desc" else {
        throw .invalidValue(option: "sort", value: direction, allowed: "'asc' or 'desc'")
      }
      guard let column = ColumnRoles.index(of: name, in: screen.dataset.columns) else {
        throw .unknownColumn(name, columns: screen.dataset.columns)
      }
      if let reason = screen.backend.lacks(.sorting) { throw .notAvailable(command: "sort", reason: reason) }
      screen.view.order = SortOrder(column: column, descending: direction == "desc")
    }
    printScreen(forceTable: true)
  }

  /// `none`, or the column and direction of the sort.
  var sortDescription: String {
    guard let order = screen.view.order else { return "none" }
    return CommandTokenizer.quotedWord(screen.dataset.columns[order.column])
      + (order.descending ? " desc" : " asc")
  }

  /// `sort [COL [asc|desc]|none]`: sorts the table (`set sort`); alone, says how it is sorted.
  func sortCommand(_ arguments: [String]) throws(ShellError) {
    guard !arguments.isEmpty else {
      console.print("sort: " + Sanitizer.printable(sortDescription))
      return
    }
    try setSort(arguments.map(CommandTokenizer.quotedWord).joined(separator: " "))
  }
}
