import Backends
import Foundation
import Tables

/// `count COL` (VisiData's frequency sheet, SQL's `GROUP BY`) and `filter`, which narrows the
/// table to one value: the shell's own tools, so they send no delegate callback.
extension Session {
  /// `count COL [PAGE|all]`: the values of COL over the rows on screen, most frequent first.
  func countCommand(_ arguments: [String]) throws(ShellError) {
    let name = arguments[0]
    guard let column = ColumnRoles.index(of: name, in: screen.dataset.columns) else {
      throw .unknownColumn(name, columns: screen.dataset.columns)
    }
    let asData = output.dataOnly || output.format != .table
    let pageSize = max(1, screen.settings.pageSize)
    let token = arguments.count > 1 ? arguments[1] : (asData ? "all" : "1")
    let range: Range<Int>
    if token == "all" {
      range = 0..<ValueCounts.distinctLimit
    } else {
      // A page past the last value is refused once the number of values is known (below).
      guard let page = Int(token), page >= 1, page <= ValueCounts.distinctLimit else {
        throw .invalidValue(option: "count", value: token, allowed: "'all' or a page number from 1")
      }
      range = ((page - 1) * pageSize)..<(page * pageSize)
    }
    guard let counts = try screen.valueCounts(of: column, range: range, cancellation: hooks.interruption)
    else {
      throw .cancelled(command: "count", outcome: "nothing was counted")
    }
    if counts.entries.isEmpty, range.lowerBound > 0 {
      let pages = UserNumber.pageCount(rows: counts.distinct, pageSize: pageSize)
      throw .invalidValue(option: "count", value: token, allowed: "'all' or a page from 1 to \(pages)")
    }
    // Written as data too, the values are numbered by their lines: 'filter N' picks from them.
    screen.shownCounts = SearchScreen.ShownCounts(
      column: column, values: counts.entries.map(\.value), firstNumber: counts.first + 1)
    if asData {
      try printCountData(counts, column: column)
      return
    }
    for line in CountTable(counts: counts, column: screen.dataset.columns[column], width: outputWidth).lines(
      next: token == "all" ? nil : (Int(token) ?? 1) + 1)
    {
      console.print(line)
    }
  }

  /// The counts as data in the `set format` (TSV for `table`): a `COL` and a `count` column.
  private func printCountData(_ counts: ValueCounts, column: Int) throws(ShellError) {
    var builder = DatasetBuilder(columns: [screen.dataset.columns[column], "count"])
    for entry in counts.entries { builder.appendRow([entry.value, String(entry.count)]) }
    let dataset = builder.build(
      name: screen.dataset.name, source: screen.dataset.source, presets: DatasetPresets(title: "count"))
    let format = output.format == .table ? OutputFormat.tsv : output.format
    try printData(rows: Array(0..<dataset.rowCount), of: dataset, format: format, command: "count")
  }

  /// `filter [COL = VALUE | N | off]`: narrows the table to the rows whose COL is VALUE (or the
  /// value numbered N in the last `count` table); `off` clears it; alone, says what it is.
  func filterCommand(_ text: String?) throws(ShellError) {
    guard let text else {
      console.print("filter: " + Sanitizer.printable(screen.filterDescription ?? "none"))
      return
    }
    let words = try CommandTokenizer.tokens(text).map(\.text)
    let filter: ColumnFilter?
    if words == ["off"] {
      filter = nil
    } else if words.count == 1, let number = Int(words[0]) {
      guard let shown = screen.shownCounts else {
        throw .notAvailable(
          command: "filter \(words[0])", reason: "no count table is shown: 'count COL' first")
      }
      guard let value = shown.value(number) else {
        throw .invalidValue(
          option: "filter", value: words[0],
          allowed: "a value number the last count table shows (\(shown.firstNumber) to "
            + "\(shown.firstNumber + shown.values.count - 1))")
      }
      filter = ColumnFilter(column: shown.column, value: value)
    } else {
      guard words.count >= 3, words[1] == "=" else {
        throw .invalidValue(
          option: "filter", value: text, allowed: "COL = VALUE, a count's value number, or 'off'")
      }
      guard let column = ColumnRoles.index(of: words[0], in: screen.dataset.columns) else {
        throw .unknownColumn(words[0], columns: screen.dataset.columns)
      }
      filter = ColumnFilter(column: column, value: words[2...].joined(separator: " "))
    }
    try applyFilter(filter)
  }

  /// Puts `filter` on the table and draws it; a search the backend refuses leaves the old one.
  private func applyFilter(_ filter: ColumnFilter?) throws(ShellError) {
    let previous = screen.view.filter
    screen.view.filter = filter
    // Counted now, where a refusal can still be reported and undone (drawn, it would be no rows).
    if let request = screen.tableRequest, filter != nil {
      do throws(ShellError) {
        _ = try inBackend { () throws(BackendError) in
          try screen.backend.search(request, cancellation: hooks.interruption)?.exactCount()
        }
      } catch {
        screen.view.filter = previous
        throw error
      }
    }
    printScreen(forceTable: true)
  }
}
