import Engine
import Tables

/// The table's rows as columns (`set columns`, or the searched columns after `set fields`): a
/// line of column names, then each row's cells, widths fitted to the room the line has.
///
/// Widths come from the names and a sample of the rows (the rows in sight, or the first chunk of
/// `list all`), so a million-row listing streams. A column gets its widest cell when everything
/// fits; otherwise narrow columns keep their width and the others share the rest, cut with `…`.
/// Cells are escaped for the terminal; the matched characters of searched columns are
/// highlighted.
struct ColumnTable {
  /// Each column's width on screen.
  let widths: [Int]
  private let names: [String]
  private let style: TextStyle

  /// The widest a column grows, so one long cell does not push the others off the screen.
  static let widestColumn = 40
  /// The narrowest a column is cut to.
  static let narrowestColumn = 3
  /// How many rows the widths are measured on.
  static let sampleRows = 200

  /// The layout for columns named `names` in `room` characters, measured on `sample` rows'
  /// cells.
  init(names: [String], sample: [[String]], room: Int, style: TextStyle) {
    self.names = names
    self.style = style
    let rows = sample.prefix(Self.sampleRows)
    let natural = names.indices.map { column in
      let cells = rows.map { column < $0.count ? $0[column] : "" }
      let widest = ([names[column]] + cells).map { RowWriter.displayWidth(Sanitizer.printable($0)) }.max()
      return min(Self.widestColumn, max(1, widest ?? 1))
    }
    widths = Self.fit(natural, into: room - 2 * max(0, names.count - 1))
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
  var header: String { line(names, highlights: []) }

  /// One row's cells, their matches (character offsets per cell) highlighted.
  func cells(_ cells: [String], highlights: [[Range<Int>]]) -> String {
    line(cells, highlights: highlights)
  }

  private func line(_ texts: [String], highlights: [[Range<Int>]]) -> String {
    var result = ""
    for index in widths.indices {
      let isLast = index == widths.count - 1
      let text = index < texts.count ? texts[index] : ""
      let marks = style.isEnabled && index < highlights.count ? highlights[index] : []
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
