/// Draws the imaginary screen as text: the search bar, the scope bar, the table and the detail view.
struct ScreenRenderer {
  /// The screen to draw.
  let snapshot: ScreenSnapshot
  /// Colours, or none.
  let style: TextStyle

  private var state: SearchState { snapshot.state }
  private var flavor: Flavor { snapshot.settings.lifecycle.flavor }

  private var appearance: BarAppearance { snapshot.settings.appearance }

  /// Whether the navigation (title) bar is on screen: hidden while searching when
  /// `hidesNavigationBarDuringPresentation` is on.
  var isNavigationBarShown: Bool { !(appearance.hidesNavigationBar && state.isSearching(flavor)) }

  /// The navigation bar line above the search bar, while the search is active and the bar stays
  /// (`set hides-nav-bar off`); while inactive the table's header carries the title instead.
  func navigationLines() -> [String] {
    guard state.isSearching(flavor), isNavigationBarShown else { return [] }
    return [style.bold(Sanitizer.printable(snapshot.settings.title))]
  }

  /// The search bar (prompt, text or placeholder, the cursor while editing, Cancel while active)
  /// and the scope bar while it is visible; nothing while the bar is scrolled out of sight.
  func barLines() -> [String] {
    guard !state.isBarScrolledOut else { return navigationLines() }
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
      bar += cursor + style.dim(Sanitizer.printable(snapshot.settings.placeholder))
    } else {
      bar += style.color(Sanitizer.printable(state.text), appearance.textColor) + cursor
    }
    bar += " ]"
    if state.isSearching(flavor) { bar += " " + style.color("Cancel", appearance.tint) }
    return bar
  }

  /// The scope buttons, the selected one in brackets, while the scope bar is visible.
  func scopeBarLine() -> String? {
    guard snapshot.hasScopes, state.isSearching(flavor) else { return nil }
    let buttons = snapshot.scopeTitles.enumerated().map { index, title in
      let label = Sanitizer.printable(title)
      return index == state.scopeIndex ? style.bold(style.color("[\(label)]", appearance.tint)) : label
    }
    return buttons.joined(separator: " ")
  }

  /// The table's header: the title and row count, or the results count.
  ///
  /// `· dimmed` under the dimming view; an estimated count is marked `≈`.
  func tableHeader(includingTitle: Bool = true) -> String {
    let count = Self.describe(snapshot.rowCount ?? .exact(0))
    let total = snapshot.totalRows
    var header: String
    switch state.shown {
    case .main:
      header = "main table · \(count) of \(total)"
      // The title belongs to the navigation bar; while that is hidden only the table shows.
      if includingTitle, isNavigationBarShown {
        header = "\(Sanitizer.printable(snapshot.settings.title)) · " + header
      }
    case .results:
      header = "results table · \(count) of \(total)"
      if state.appliedScope != 0 {
        header += " · scope \(Sanitizer.printable(snapshot.scopeTitles[state.appliedScope]))"
      }
    }
    if snapshot.isDimmed { header += " · dimmed" }
    return header
  }

  /// A count as the header shows it: `870`, or `≈ 870` while only estimated.
  static func describe(_ count: RowCount) -> String {
    switch count {
    case .exact(let value): return String(value)
    case .estimate(let value): return "≈ \(value)"
    }
  }

  /// The table's header and the snapshot's rows, numbered, and how many more follow.
  func tableLines() -> [String] {
    var lines = [headerLine]
    lines += snapshot.rows.map(rowLine)
    if let more = moreLine { lines.append(more) }
    return lines
  }

  /// The header as the table's first line.
  var headerLine: String { style.bold(tableHeader()) }

  /// One numbered row, dimmed under the dimming view.
  func rowLine(_ row: ScreenSnapshot.Row) -> String {
    let width = String(max(snapshot.rowCount?.value ?? 0, 1)).count
    let number = String(row.number)
    let title = rowTitle(row.title, highlights: row.highlights)
    let line = "  " + String(repeating: " ", count: max(0, width - number.count)) + number + "  " + title
    return snapshot.isDimmed ? style.dim(line) : line
  }

  /// `… 12 more (list 3, or list all)` when rows follow those in sight (`≈ 12` if estimated).
  var moreLine: String? {
    let count = snapshot.rowCount ?? .exact(0)
    let end = snapshot.firstRow + snapshot.rows.count
    guard end < count.value else { return nil }
    let next = (end / max(1, snapshot.settings.pageSize)) + 1
    let more = count.isExact ? String(count.value - end) : "≈ \(count.value - end)"
    return style.dim("  … \(more) more (list \(next), or list all)")
  }

  /// A row's title, with the matched characters highlighted.
  func rowTitle(_ title: String, highlights ranges: [Range<Int>]) -> String {
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

  /// The detail view of a row: its title, then every other field.
  func detailLines(_ detail: RowDetail) -> [String] {
    var lines = ["< Back   " + style.bold(Sanitizer.printable(detail.title))]
    let width = (detail.fields.map(\.name.count) + [detail.titleColumn.count]).max() ?? 0
    for field in detail.fields {
      let padding = String(repeating: " ", count: width - field.name.count)
      lines.append("  \(Sanitizer.printable(field.name)):\(padding) \(Sanitizer.printable(field.value))")
    }
    return lines
  }
}
