/// The table's rows as columns (`set columns`, or the searched columns after `set fields`): a
/// line of column names, then each row's cells, widths fitted to the terminal.
///
/// Widths come from the names and a sample of the rows (the first page of `list all`), so a
/// million-row listing streams. A column gets its widest cell when everything fits; otherwise
/// narrow columns keep their width and the others share the rest, cut with `…`. Cells are
/// escaped for the terminal; the matched characters of searched columns are highlighted.
struct ColumnTable {
  /// The columns shown, in order.
  let columns: [Int]
  /// Each column's width on screen.
  let widths: [Int]
  private let dataset: Dataset
  private let style: TextStyle
  /// The query whose matches are highlighted in `searched` columns ("" for none).
  private let query: String
  private let rule: MatchRule
  private let searched: Set<Int>

  /// The widest a column grows, so one long cell does not push the others off the screen.
  static let widestColumn = 40
  /// The narrowest a column is cut to.
  static let narrowestColumn = 3
  /// How many rows the widths are measured on.
  static let sampleRows = 200

  /// The layout for `columns` of `dataset` in `room` characters, measured on `sample` rows.
  init(
    dataset: Dataset, columns: [Int], sample: [Int], room: Int, style: TextStyle, query: String,
    rule: MatchRule, searched: [Int]
  ) {
    self.dataset = dataset
    self.columns = columns
    self.style = style
    self.query = query
    self.rule = rule
    self.searched = Set(searched)
    let natural = columns.map { column in
      let cells = sample.prefix(Self.sampleRows).map { dataset.cell(row: $0, column: column) }
      let widest = ([dataset.columns[column]] + cells).map { RowWriter.displayWidth(Sanitizer.printable($0)) }
        .max()
      return min(Self.widestColumn, max(1, widest ?? 1))
    }
    widths = Self.fit(natural, into: room - 2 * max(0, columns.count - 1))
  }

  /// Widths for columns wanting `natural` in `room`: all of them when they fit, else the
  /// narrow ones whole and an equal share of the rest for the others.
  static func fit(_ natural: [Int], into room: Int) -> [Int] {
    guard natural.reduce(0, +) > room else { return natural }
    var widths = natural
    var remaining = room
    var pending = natural.indices.sorted { natural[$0] < natural[$1] }
    while let narrowest = pending.first, natural[narrowest] * pending.count <= remaining {
      remaining -= natural[narrowest]
      pending.removeFirst()
    }
    for (offset, index) in pending.sorted().enumerated() {
      let share = remaining / max(1, pending.count) + (offset < remaining % max(1, pending.count) ? 1 : 0)
      widths[index] = max(narrowestColumn, share)
    }
    return widths
  }

  /// The names, laid out like the cells below them.
  var header: String {
    line(columns.map { dataset.columns[$0] }, highlighting: false)
  }

  /// Row `item`'s cells.
  func cells(_ item: Int) -> String {
    line(columns.map { dataset.cell(row: item, column: $0) }, highlighting: true)
  }

  private func line(_ texts: [String], highlighting: Bool) -> String {
    var result = ""
    for (index, text) in texts.enumerated() {
      let isLast = index == texts.count - 1
      let column = columns[index]
      let marks =
        highlighting && searched.contains(column) && style.isEnabled && !query.isEmpty
        ? MatchHighlighter.ranges(in: text, query: query, rule: rule) : []
      result += cell(text, width: widths[index], marks: marks, padded: !isLast)
      if !isLast { result += "  " }
    }
    return result
  }

  /// `text` escaped, cut to `width` with `…`, matched characters highlighted, padded to `width`.
  private func cell(_ text: String, width: Int, marks: [Range<Int>], padded: Bool) -> String {
    let printable = Sanitizer.printable(text)
    // Match offsets count the raw text's characters: an escaped cell keeps no highlights.
    let ranges = printable == text ? marks : []
    var shown = ""
    var used = 0
    var run = ""
    var runMarked = false
    let cut = RowWriter.displayWidth(printable) > width
    for (offset, character) in printable.enumerated() {
      let next = RowWriter.displayWidth(String(character))
      if used + next > width - (cut ? 1 : 0) { break }
      let marked = ranges.contains { $0.contains(offset) }
      if marked != runMarked {
        shown += runMarked ? style.highlight(run) : run
        run = ""
        runMarked = marked
      }
      run.append(character)
      used += next
    }
    shown += runMarked ? style.highlight(run) : run
    if cut {
      shown += "…"
      used += 1
    }
    return padded ? shown + String(repeating: " ", count: max(0, width - used)) : shown
  }
}
