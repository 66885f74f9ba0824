/// Draws the imaginary screen as text: the search bar, the scope bar, the table and the detail view.
struct ScreenRenderer {
  /// The session whose screen is drawn.
  let session: Session
  /// The columns the lines fit: a long text scrolls in the field, a long title is cut with `…`.
  var width = Int.max

  private var style: TextStyle { session.style }
  private var state: SearchState { session.state }
  private var flavor: Flavor { session.settings.lifecycle.flavor }

  private var appearance: BarAppearance { session.settings.appearance }

  /// Whether the navigation (title) bar is on screen: hidden while searching when
  /// `hidesNavigationBarDuringPresentation` is on; the Chinese guide's own bar instead hides
  /// from searchBarTextDidBeginEditing to searchBarTextDidEndEditing.
  var isNavigationBarShown: Bool {
    if appearance.hidesCustomNavigationBarWhileEditing { return !state.isFirstResponder }
    return !(appearance.hidesNavigationBar && state.isSearching(flavor))
  }

  /// The navigation bar line above the search bar, while the search is active and the bar stays
  /// (`set hides-nav-bar off`); while inactive the table's header carries the title instead.
  func navigationLines() -> [String] {
    guard state.isSearching(flavor), isNavigationBarShown else { return [] }
    return [style.bold(Sanitizer.printable(session.settings.title))]
  }

  /// The search bar (prompt, text or placeholder, the cursor while editing, Cancel while active)
  /// and the scope bar while it is visible; nothing while the bar is scrolled out of sight.
  func barLines() -> [String] {
    let navigation = navigationLines().flatMap { TextWrapper.wrap($0, width: width) }
    guard !session.state.isBarScrolledOut else { return navigation }
    var lines = navigation
    if !appearance.prompt.isEmpty {
      lines += TextWrapper.wrap(Sanitizer.printable(appearance.prompt), width: width)
    }
    lines.append(searchBarLine())
    if let scopes = scopeBarLine() {
      lines += TextWrapper.wrap("scope: " + scopes, width: width, continuation: "       ")
    }
    return lines
  }

  /// `[ text| ] Cancel`: the placeholder while empty, the cursor while first responder.
  ///
  /// A text too long for the width scrolls as a text field does, keeping its end (and the
  /// cursor) in sight after `…`; a long placeholder is cut at its end.
  func searchBarLine() -> String {
    let cursor = state.isFirstResponder ? style.color("|", appearance.tint) : ""
    let room = width - 4 - (state.isFirstResponder ? 1 : 0) - (isCancelShown ? 7 : 0)
    var bar = "[ "
    if state.text.isEmpty {
      let placeholder = TextWrapper.fitting(Sanitizer.printable(session.settings.placeholder), columns: room)
      bar += cursor + style.dim(placeholder)
    } else {
      let text = TextWrapper.fitting(Sanitizer.printable(state.text), columns: room, keepingEnd: true)
      bar += style.color(text, appearance.textColor) + cursor
    }
    bar += " ]"
    if isCancelShown { bar += " " + style.color("Cancel", appearance.tint) }
    return style.background(bar, appearance.background)
  }

  /// Whether the Cancel button is on screen.
  var isCancelShown: Bool { appearance.showsCancel(searching: state.isSearching(flavor)) }

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
    for line in TextWrapper.wrap(tableHeader(rowCount: rows.count), width: width, continuation: "  ") {
      try emit(style.bold(line))
    }
    let pageSize = max(1, session.settings.pageSize)
    let range: Range<Int>
    if let page {
      let start = min((max(page, 1) - 1) * pageSize, rows.count)
      range = start..<min(start + pageSize, rows.count)
    } else {
      range = 0..<rows.count
    }
    let digits = String(max(rows.count, 1)).count
    let highlightQuery = state.shown == .results && style.isEnabled ? state.appliedText : ""
    for index in range {
      let item = rows[index]
      let number = String(index + 1)
      let title = rowTitle(item, highlighting: highlightQuery, columns: width - 4 - digits)
      let line = "  " + String(repeating: " ", count: digits - number.count) + number + "  " + title
      try emit(session.isDimmed ? style.dim(line) : line)
    }
    if range.upperBound < rows.count {
      let next = (range.upperBound / pageSize) + 1
      try emit(style.dim("  … \(rows.count - range.upperBound) more (list \(next), or list all)"))
    }
  }

  /// A row's title, with the matched characters highlighted on a colour terminal; one wider than
  /// `columns` is cut with `…`, as a table cell truncates its label.
  func rowTitle(_ item: Int, highlighting query: String, columns: Int = .max) -> String {
    let full = session.dataset.title(item)
    let (title, isCut) = TextWrapper.fittingCharacters(full, columns: columns)
    return highlightedTitle(item, title, highlighting: query) + (isCut ? "…" : "")
  }

  /// `title` (a row's title or the start of it) with the matched characters highlighted.
  private func highlightedTitle(_ item: Int, _ title: String, highlighting query: String) -> String {
    guard !query.isEmpty else { return Sanitizer.printable(title) }
    let ranges = session.engine.highlights(
      row: item, query: query, rule: session.settings.match, syntax: session.settings.syntax)
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
