/// Draws the imaginary screen as text: the search bar, the scope bar, the table and the detail view.
struct ScreenRenderer {
  /// The session whose screen is drawn.
  let session: Session

  private var style: TextStyle { session.style }
  private var state: SearchState { session.state }
  private var flavor: Flavor { session.settings.lifecycle.flavor }

  /// The search bar (text or placeholder, the cursor while editing, Cancel while active) and the
  /// scope bar while it is visible.
  func barLines() -> [String] {
    var bar = "[ "
    if state.text.isEmpty {
      bar += state.isFirstResponder ? "|" : ""
      bar += style.dim(session.settings.placeholder)
    } else {
      bar += Sanitizer.printable(state.text) + (state.isFirstResponder ? "|" : "")
    }
    bar += " ]"
    if state.isSearching(flavor) { bar += " Cancel" }
    var lines = [bar]
    if session.dataset.hasScopes, state.isSearching(flavor) {
      let buttons = session.dataset.scopeTitles.enumerated().map { index, title in
        index == state.scopeIndex ? style.bold("[\(Sanitizer.printable(title))]") : Sanitizer.printable(title)
      }
      lines.append("scope: " + buttons.joined(separator: " "))
    }
    return lines
  }

  /// The table's header and one page of numbered rows (every row when `page` is nil).
  func tableLines(rows: TableRows, page: Int?) -> [String] {
    let total = session.dataset.rowCount
    var header: String
    switch state.shown {
    case .main:
      header = "\(session.settings.title) · main table · \(rows.count) of \(total)"
    case .results:
      header = "results table · \(rows.count) of \(total)"
      if state.appliedScope != 0 { header += " · scope \(session.dataset.scopeTitles[state.appliedScope])" }
    }
    if session.isDimmed { header += " · dimmed" }
    var lines = [style.bold(header)]
    let pageSize = max(1, session.settings.pageSize)
    let range: Range<Int>
    if let page {
      let start = min((max(page, 1) - 1) * pageSize, rows.count)
      range = start..<min(start + pageSize, rows.count)
    } else {
      range = 0..<rows.count
    }
    let width = String(max(rows.count, 1)).count
    let highlightQuery = state.shown == .results && style.isEnabled ? state.appliedText : ""
    for index in range {
      let item = rows[index]
      let number = String(index + 1)
      let title = rowTitle(item, highlighting: highlightQuery)
      let line = "  " + String(repeating: " ", count: width - number.count) + number + "  " + title
      lines.append(session.isDimmed ? style.dim(line) : line)
    }
    if range.upperBound < rows.count {
      let next = (range.upperBound / pageSize) + 1
      lines.append(style.dim("  … \(rows.count - range.upperBound) more (list \(next), or list all)"))
    }
    return lines
  }

  /// A row's title, with the matched characters highlighted on a colour terminal.
  private func rowTitle(_ item: Int, highlighting query: String) -> String {
    let title = session.dataset.title(item)
    guard !query.isEmpty else { return Sanitizer.printable(title) }
    let ranges = session.engine.highlights(row: item, query: query, rule: session.settings.match)
    guard !ranges.isEmpty else { return Sanitizer.printable(title) }
    var result = ""
    var plain = ""
    var marked = ""
    for (offset, character) in title.enumerated() {
      if ranges.contains(where: { $0.contains(offset) }) {
        if !plain.isEmpty { result += Sanitizer.printable(plain); plain = "" }
        marked.append(character)
      } else {
        if !marked.isEmpty { result += style.highlight(Sanitizer.printable(marked)); marked = "" }
        plain.append(character)
      }
    }
    result += Sanitizer.printable(plain) + (marked.isEmpty ? "" : style.highlight(Sanitizer.printable(marked)))
    return result
  }

  /// The detail view of a dataset row: its title, then every other field.
  func detailLines(item: Int) -> [String] {
    let dataset = session.dataset
    var lines = ["< Back   " + style.bold(Sanitizer.printable(dataset.title(item)))]
    let width = dataset.columns.map(\.count).max() ?? 0
    for (column, name) in dataset.columns.enumerated() where column != dataset.titleColumn {
      let padding = String(repeating: " ", count: width - name.count)
      lines.append("  \(Sanitizer.printable(name)):\(padding) \(Sanitizer.printable(dataset.cell(row: item, column: column)))")
    }
    return lines
  }
}
