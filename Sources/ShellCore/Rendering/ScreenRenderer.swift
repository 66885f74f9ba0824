import Backends
import Engine
import Tables
import UIKitModel

/// Draws the imaginary screen as text: the search bar, the scope bar, the table and the detail view.
struct ScreenRenderer {
  /// The screen to draw.
  let snapshot: ScreenSnapshot
  /// Colours, or none.
  let style: TextStyle
  /// The columns the lines fit: a long text scrolls in the field, a long title is cut with `…`.
  var width = Int.max

  private var state: SearchState { snapshot.state }
  private var flavor: Flavor { snapshot.settings.lifecycle.flavor }

  private var appearance: BarAppearance { snapshot.settings.appearance }

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
    return [style.bold(Sanitizer.printable(snapshot.settings.title))]
  }

  /// The search bar (prompt, text or placeholder, the cursor while editing, Cancel while active)
  /// and the scope bar while it is visible; nothing while the bar is scrolled out of sight.
  func barLines() -> [String] {
    let navigation = navigationLines().flatMap { TextWrapper.wrap($0, width: width) }
    guard !state.isBarScrolledOut else { return navigation }
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
  /// cursor) in sight after `…`; a long placeholder is cut at its end. With `caret` (live
  /// mode's, a UTF-16 offset) the cursor is drawn there: reverse video in colour, `|` without.
  func searchBarLine(caret: Int? = nil) -> String {
    let block = caret != nil && style.isEnabled
    let cursor = state.isFirstResponder ? style.color("|", appearance.tint) : ""
    let room = width - 4 - (state.isFirstResponder ? 1 : 0) - (isCancelShown ? 7 : 0)
    var bar = "[ "
    if state.text.isEmpty {
      let placeholder = TextWrapper.fitting(Sanitizer.printable(snapshot.settings.placeholder), columns: room)
      bar += (block && state.isFirstResponder ? blockCursor(" ") : cursor) + style.dim(placeholder)
    } else if let caret, state.isFirstResponder {
      let editor = QueryEditor(text: state.text, caret: caret)
      let (before, after) = TextWrapper.fitting(
        before: Sanitizer.printable(String(editor.characters[..<editor.caret])),
        after: Sanitizer.printable(String(editor.characters[editor.caret...])), columns: room)
      let under = block ? blockCursor(after.first.map(String.init) ?? " ") : cursor
      let rest = block ? String(after.dropFirst()) : after
      bar += [before, rest].map { $0.isEmpty ? "" : style.color($0, appearance.textColor) }.joined(
        separator: under)
    } else {
      let text = TextWrapper.fitting(Sanitizer.printable(state.text), columns: room, keepingEnd: true)
      bar += style.color(text, appearance.textColor) + cursor
    }
    bar += " ]"
    if isCancelShown { bar += " " + style.color("Cancel", appearance.tint) }
    return style.background(bar, appearance.background)
  }

  /// The cursor as a block over `character`: reverse video in the tint.
  private func blockCursor(_ character: String) -> String {
    style.inverse(style.color(character, appearance.tint))
  }

  /// Whether the Cancel button is on screen.
  var isCancelShown: Bool { appearance.showsCancel(searching: state.isSearching(flavor)) }

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
    let total = Self.describe(snapshot.totalRows)
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
    if let order = snapshot.order { header += " · sorted by \(Sanitizer.printable(order))" }
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
    var lines = headerLines
    if let filter = filterLine { lines.append(filter) }
    if let elsewhere = snapshot.elsewhere { lines.append(elsewhere) }
    let layout = columnLayout(sample: snapshot.rows)
    if let layout { lines.append(columnHeaderLine(layout)) }
    lines += snapshot.rows.map { rowLine($0, layout: layout) }
    if let more = moreLine { lines.append(more) }
    return lines
  }

  /// The columns' layout measured on `sample`, in the room a row line leaves; nil while the
  /// table shows the title alone.
  func columnLayout(sample: [ScreenSnapshot.Row]) -> ColumnTable? {
    guard !snapshot.columnNames.isEmpty else { return nil }
    return ColumnTable(
      names: snapshot.columnNames, sample: sample.map(\.cells), room: width - 4 - numberDigits, style: style)
  }

  /// The column names, above the cells.
  func columnHeaderLine(_ layout: ColumnTable) -> String {
    "  " + String(repeating: " ", count: numberDigits) + "  " + layout.header
  }

  /// How many digits the row numbers take: as many as the count has.
  private var numberDigits: Int { String(max(snapshot.rowCount?.value ?? 0, 1)).count }

  /// The header as the table's first lines, wrapped at the width.
  var headerLines: [String] {
    TextWrapper.wrap(tableHeader(), width: width, continuation: "  ").map(style.bold)
  }

  /// The column filter's line under the header, when one narrows the table.
  var filterLine: String? {
    snapshot.filter.map { style.dim("filter: \(Sanitizer.printable($0)) ('filter off' clears it)") }
  }

  /// One numbered row, dimmed under the dimming view.
  ///
  /// With a column `layout`, the row's cells; else its title.
  func rowLine(_ row: ScreenSnapshot.Row, layout: ColumnTable? = nil) -> String {
    let digits = numberDigits
    let number = String(row.number)
    let title: String
    if let layout {
      title = layout.cells(row.cells, highlights: row.cellHighlights)
    } else {
      // A title wider than its cell is cut with `…`, as a table cell truncates its label.
      let (fitted, isCut) = TextWrapper.fittingCharacters(row.title, columns: width - 4 - digits)
      title = rowTitle(fitted, highlights: row.highlights) + (isCut ? "…" : "")
    }
    let line = "  " + String(repeating: " ", count: max(0, digits - number.count)) + number + "  " + title
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
