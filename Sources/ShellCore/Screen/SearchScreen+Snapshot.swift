import Backends
import Tables
import UIKitModel

/// The one place the screen is taken as a value for the renderers.
extension SearchScreen {
  /// The screen now, as a value for the renderers.
  ///
  /// The bars, the detail view if open, and the table as far as `sight` asks (nil: no table, so
  /// nothing is searched); with `answer`, how the last search was answered (`explain`: a
  /// sentence no screen draws, so only it pays for the words). `highlighting` marks the matches
  /// in the rows (a colour terminal).
  func snapshot(table sight: TableSight? = nil, answer: Bool = false, highlighting: Bool) -> ScreenSnapshot {
    var snapshot = ScreenSnapshot(
      state: state, settings: settings, isDimmed: isDimmed, totalRows: backend.totalRows,
      scopeTitles: dataset.scopeTitles, fields: fieldsDescription, lastAnswer: nil)
    if state.isDetailOpen, let item = state.detailItem ?? state.selectedItem {
      snapshot.detail = backend.detail(of: item)
    }
    snapshot.filter = filterDescription
    snapshot.order = sortDescription
    if showsColumns { snapshot.columnNames = shownColumns.map { dataset.columns[$0] } }
    if let sight {
      takeTable(sight, highlighting: highlighting, into: &snapshot)
      // Read again after the table's count: a count of every row just finished is the total.
      snapshot.totalRows = backend.totalRows
    }
    // Read last: the table's search, when it reaches the backend, is the last search.
    // With live search off the last search may be the bar's text, checked as it was typed but
    // not filtered with by the app: it is told only when it is the list's.
    if answer {
      let isTheLists = settings.lifecycle.live || searchCache?.key.text == state.appliedText
      if isTheLists { snapshot.lastAnswer = backend.lastAnswer }
      snapshot.fieldsReason = fieldsReason
    }
    return snapshot
  }

  /// The table's count and the rows `sight` asks for.
  private func takeTable(_ sight: TableSight, highlighting: Bool, into snapshot: inout ScreenSnapshot) {
    let rows = tableRows
    snapshot.rowCount = rows.count(waiting: sight.exact)
    let range = sight.window(snapshot)
    snapshot.firstRow = range.lowerBound
    snapshot.rows = shownRows(rows, in: range, highlighting: highlighting)
    // A page that ends short of the window shows where the rows end: that is the count.
    let ended = snapshot.rows.count < range.count && (range.lowerBound == 0 || !snapshot.rows.isEmpty)
    if snapshot.rowCount?.isExact == false, ended {
      snapshot.rowCount = .exact(range.lowerBound + snapshot.rows.count)
    }
    // Under a column filter the other columns' counts would ignore it: no line.
    if snapshot.rowCount == .exact(0), state.shown == .results, !state.appliedText.isEmpty, view.filter == nil
    {
      let request = SearchRequest(
        text: state.appliedText, rule: settings.match, syntax: settings.syntax, scope: state.appliedScope)
      snapshot.elsewhere = elsewhere.line(for: request, backend: backend, dataset: dataset)
    }
  }

  /// The table rows at `range` with their titles and, when `highlighting`, the matches of the
  /// text the results were filtered with.
  func shownRows(_ rows: any SearchRows, in range: Range<Int>, highlighting: Bool) -> [ScreenSnapshot.Row] {
    let highlighted = state.shown == .results && highlighting && !state.appliedText.isEmpty
    let request = SearchRequest(
      text: state.appliedText, rule: settings.match, syntax: settings.syntax, scope: state.appliedScope)
    let columns = showsColumns ? shownColumns : []
    let searched = Set(backend.searchedColumns)
    return rows.shownRows(in: range).enumerated().map { offset, row in
      var shown = ScreenSnapshot.Row(
        number: range.lowerBound + offset + 1, id: row.id, title: row.title,
        highlights: highlighted ? backend.highlights(of: row, for: request) : [])
      guard !columns.isEmpty else { return shown }
      shown.cells = backend.cells(of: row.id, columns: columns)
      shown.cellHighlights = zip(columns, shown.cells).map { column, cell in
        guard highlighted, searched.contains(column) else { return [] }
        return backend.highlights(of: ResultRow(id: row.id, title: cell), for: request)
      }
      return shown
    }
  }

  /// The columns the table shows: `set columns`, else the title, then the other searched columns.
  var shownColumns: [Int] {
    if let columns = view.columns { return columns }
    // The title, the searched columns, then what orders and filters the rows: a table sorted by a
    // column shows it.
    var shown = [dataset.titleColumn]
    let ordered = view.order?.keys.map(\.column) ?? []
    for column in backend.searchedColumns + ordered + [view.filter?.column].compactMap({ $0 })
    where !shown.contains(column) && dataset.columns.indices.contains(column) {
      shown.append(column)
    }
    return shown
  }

  /// Whether the table shows more than the title (the tutorials' table shows the title alone).
  var showsColumns: Bool { shownColumns != [dataset.titleColumn] }

  /// The searched columns' names, as `set` lists them.
  var fieldsDescription: String { columnNames(backend.searchedColumns) }

  /// Why the search looks in the columns it does, as `explain` says it; nil for a tutorial's
  /// dataset, whose app searched its title, as its walkthrough says.
  var fieldsReason: String? {
    if let reason = backend.lacks(.searchingOtherColumns) { return reason }
    guard backend.searchedColumns == opening.fields else { return "as 'set fields' chose" }
    let title = "'" + Sanitizer.printable(dataset.columns[dataset.titleColumn]) + "'"
    switch dataset.source {
    case .file, .standardInput:
      let chosen =
        opening.fields.count > 1
        ? "the title column \(title) and the file's other text columns" : "the title column \(title)"
      let skipped = dataset.columns.indices.filter { !opening.fields.contains($0) }
      guard !skipped.isEmpty else { return chosen }
      func named(_ columns: [Int]) -> String {
        columns.map { "'\(Sanitizer.printable(dataset.columns[$0]))'" }.joined(separator: ", ")
      }
      var reasons: [String] = []
      let plain = skipped.filter { $0 != dataset.scopeColumn }
      if !plain.isEmpty { reasons.append("not \(named(plain)) (ids, numbers or dates)") }
      if let scope = dataset.scopeColumn, skipped.contains(scope) {
        reasons.append("not \(named([scope])) (the scope bar filters by it)")
      }
      return ([chosen] + reasons + ["'set fields *' searches every column"]).joined(separator: "; ")
    case .database: return "the title column \(title)"
    case .bundled: return nil
    }
  }

  /// The table's order as `sort` takes it back (`category asc, text desc`); nil when unsorted.
  var sortDescription: String? {
    view.order.map { order in
      SortKeyList.description(order.keys.map { (dataset.columns[$0.column], $0.descending) })
    }
  }

  /// The names of `columns` as `set columns` and `set fields` take them (`QuotedList`).
  func columnNames(_ columns: [Int]) -> String {
    QuotedList.joined(columns.map { dataset.columns[$0] })
  }
}
