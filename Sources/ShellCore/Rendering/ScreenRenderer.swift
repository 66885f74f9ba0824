/// Draws the imaginary screen as text: the search bar, the scope bar, the table and the detail view.
struct ScreenRenderer {
  /// The session whose screen is drawn.
  let session: Session

  private var style: TextStyle { session.style }
  private var state: SearchState { session.state }
  private var flavor: Flavor { session.settings.lifecycle.flavor }

  private var appearance: BarAppearance { session.settings.appearance }

  /// Whether the navigation (title) bar is on screen: hidden while searching when
  /// `hidesNavigationBarDuringPresentation` is on.
  var isNavigationBarShown: Bool { !(appearance.hidesNavigationBar && state.isSearching(flavor)) }

  /// The navigation bar line above the search bar, while the search is active and the bar stays
  /// (`set hides-nav-bar off`); while inactive the table's header carries the title instead.
  func navigationLines() -> [String] {
    guard state.isSearching(flavor), isNavigationBarShown else { return [] }
    return [style.bold(Sanitizer.printable(session.settings.title))]
  }

  /// The search bar (prompt, text or placeholder, the cursor while editing, Cancel while active)
  /// and the scope bar while it is visible; nothing while the bar is scrolled out of sight.
  func barLines() -> [String] {
    guard !session.state.isBarScrolledOut else { return navigationLines() }
    var lines = navigationLines()
    if !appearance.prompt.isEmpty { lines.append(Sanitizer.printable(appearance.prompt)) }
    lines.append(searchBarLine())
    if let scopes = scopeBarLine() { lines.append("scope: " + scopes) }
    return lines
  }

  /// `[ text| ] Cancel`: the placeholder while empty, the cursor while first responder.
  func searchBarLine() -> String {
    let cursor = state.isFirstResponder ? style.color("|", appearance.tint) : ""
    var bar = "[ "
    if state.text.isEmpty {
      bar += cursor + style.dim(Sanitizer.printable(session.settings.placeholder))
    } else {
      bar += style.color(Sanitizer.printable(state.text), appearance.textColor) + cursor
    }
    bar += " ]"
    if state.isSearching(flavor) { bar += " " + style.color("Cancel", appearance.tint) }
    return bar
  }

  /// The scope buttons, the selected one in brackets, while the scope bar is visible.
  func scopeBarLine() -> String? {
    guard session.dataset.hasScopes, state.isSearching(flavor) else { return nil }
    let buttons = session.dataset.scopeTitles.enumerated().map { index, title in
      let label = Sanitizer.printable(title)
      return index == state.scopeIndex ? style.bold(style.color("[\(label)]", appearance.tint)) : label
    }
    return buttons.joined(separator: " ")
  }

  /// The table's header: the title and row count, or the results count; `· dimmed` under the
  /// dimming view.
  func tableHeader(rowCount: Int, includingTitle: Bool = true) -> String {
    let total = session.dataset.rowCount
    var header: String
    switch state.shown {
    case .main:
      header = "main table · \(rowCount) of \(total)"
      // The title belongs to the navigation bar; while that is hidden only the table shows.
      if includingTitle, isNavigationBarShown {
        header = "\(Sanitizer.printable(session.settings.title)) · " + header
      }
    case .results:
      header = "results table · \(rowCount) of \(total)"
      if state.appliedScope != 0 {
        header += " · scope \(Sanitizer.printable(session.dataset.scopeTitles[state.appliedScope]))"
      }
    }
    if session.isDimmed { header += " · dimmed" }
    return header
  }

  /// The table's header and one page of numbered rows (every row when `page` is nil).
  func tableLines(rows: TableRows, page: Int?) -> [String] {
    var lines: [String] = []
    writeTable(rows: rows, page: page) { (line: String) throws(Never) in lines.append(line) }
    return lines
  }

  /// The same lines one at a time, so `list all` of a million rows streams and can stop.
  func writeTable<Failure: Error>(rows: TableRows, page: Int?, to emit: (String) throws(Failure) -> Void)
    throws(Failure)
  {
    try emit(style.bold(tableHeader(rowCount: rows.count)))
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
    // More columns than the title: their names, then cells fitted to the terminal.
    let sample = range.prefix(ColumnTable.sampleRows).map { rows[$0] }
    let columns = session.columnTable(sample: sample, numberWidth: width)
    if let columns { try emit("  " + String(repeating: " ", count: width) + "  " + columns.header) }
    for index in range {
      let item = rows[index]
      let number = String(index + 1)
      let title = columns?.cells(item) ?? rowTitle(item, highlighting: highlightQuery)
      let line = "  " + String(repeating: " ", count: width - number.count) + number + "  " + title
      try emit(session.isDimmed ? style.dim(line) : line)
    }
    if range.upperBound < rows.count {
      let next = (range.upperBound / pageSize) + 1
      try emit(style.dim("  … \(rows.count - range.upperBound) more (list \(next), or list all)"))
    }
  }

  /// A row's title, with the matched characters highlighted on a colour terminal.
  func rowTitle(_ item: Int, highlighting query: String) -> String {
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
    result +=
      Sanitizer.printable(plain) + (marked.isEmpty ? "" : style.highlight(Sanitizer.printable(marked)))
    return result
  }

  /// The detail view of a dataset row: its title, then every other field.
  func detailLines(item: Int) -> [String] {
    let dataset = session.dataset
    var lines = ["< Back   " + style.bold(Sanitizer.printable(dataset.title(item)))]
    let width = dataset.columns.map(\.count).max() ?? 0
    for (column, name) in dataset.columns.enumerated() where column != dataset.titleColumn {
      let padding = String(repeating: " ", count: width - name.count)
      lines.append(
        "  \(Sanitizer.printable(name)):\(padding) \(Sanitizer.printable(dataset.cell(row: item, column: column)))"
      )
    }
    return lines
  }
}
