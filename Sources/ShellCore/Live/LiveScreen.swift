import Engine
import Tables

/// The live screen's layout: what goes on which line for a terminal of a given size.
///
/// Pure: it gets everything as values (already-sanitized text, the rows in sight) and returns
/// the lines, each cut to the terminal's width so nothing wraps and the frame keeps its height.
public struct LiveScreen: Sendable {
  /// One row of the table in sight.
  public struct Row: Equatable, Sendable {
    /// The row's number in the table (from 1).
    public var number: Int
    /// The row's title, printable.
    public var title: String
    /// The matched characters of `title` (offsets in characters).
    public var highlights: [Range<Int>]
    /// Whether the picker's Tab marked the row.
    public var isMarked: Bool

    public init(number: Int, title: String, highlights: [Range<Int>] = [], isMarked: Bool = false) {
      self.number = number
      self.title = title
      self.highlights = highlights
      self.isMarked = isMarked
    }
  }

  /// The navigation bar's title, or nil while it is hidden.
  public var navigationTitle: String?
  /// `searchBar.prompt`, the line above the bar (empty: none).
  public var prompt = ""
  /// The bar line (`[ text| ] Cancel`), or nil while scrolled out of sight.
  public var bar: String?
  /// The scope bar, or nil while it is not shown.
  public var scopeBar: String?
  /// The table's header (row or results count, `· dimmed` under the dimming view).
  public var header = ""
  /// Lines under the header that are not rows (the picker's `--header`, `--header-lines`).
  public var headerLines: [String] = []
  /// The column names above the rows, when the table shows more columns than the title.
  public var columnHeader: String?
  /// How many rows the table has.
  public var rowCount = 0
  /// The first row in sight (from 0).
  public var firstRow = 0
  /// The rows in sight, from `firstRow`.
  public var rows: [Row] = []
  /// Under a search of a file that found nothing: the skipped columns that would match.
  public var elsewhere: String?
  /// The highlighted row (from 0), if any.
  public var highlight: Int?
  /// Whether the dimming view covers the table.
  public var isDimmed = false
  /// Whether rows have a column for the picker's mark (`•`).
  public var showsMarks = false
  /// The detail view's lines, drawn instead of the table while it is open.
  public var detail: [String]?
  /// The trace pane's lines (the newest last), or nil without a pane.
  public var trace: [String]?
  /// The key help at the bottom (empty: no line for it).
  public var footer = "Enter search · Esc cancel · Tab scope · ↑↓ move · ^O open · ^C leave"
  /// How many lines the trace pane takes, at most.
  public var tracePaneHeight = 8

  public init() {}

  /// The lines above the table: navigation bar, prompt, search bar, scope bar, header.
  var topLines: Int {
    (navigationTitle == nil ? 0 : 1) + (prompt.isEmpty || bar == nil ? 0 : 1) + (bar == nil ? 0 : 1)
      + (scopeBar == nil ? 0 : 1) + 1 + (columnHeader == nil || detail != nil ? 0 : 1)
      + (detail == nil ? headerLines.count : 0)
  }

  /// The trace pane's height on a terminal of `height` lines: its separator and its lines.
  func paneLines(height: Int) -> Int {
    guard trace != nil else { return 0 }
    return 1 + max(1, min(tracePaneHeight, height / 4))
  }

  /// How many table rows fit on a terminal of `height` lines (at least 1).
  public func rowCapacity(height: Int) -> Int {
    max(1, height - topLines - paneLines(height: height) - (footer.isEmpty ? 0 : 1))
  }

  /// The first row in sight that keeps `highlight` on screen, scrolling as little as possible
  /// from `previousFirst`.
  public static func firstRow(keeping highlight: Int?, previousFirst: Int, capacity: Int, rowCount: Int)
    -> Int
  {
    var first = min(previousFirst, max(0, rowCount - capacity))
    if let highlight {
      if highlight < first { first = highlight }
      if highlight >= first + capacity { first = highlight - capacity + 1 }
    }
    return max(0, first)
  }

  /// Exactly `height` lines, each at most `width - 1` characters wide (the last column stays
  /// free so a full line never makes the terminal wrap).
  public func lines(width: Int, height: Int, style: TextStyle) -> [String] {
    let room = max(1, width - 1)
    var lines: [String] = []
    func add(_ text: String, _ styling: (String) -> String = { $0 }) {
      lines.append(styling(Self.fit(text, room)))
    }
    if let navigationTitle { add(navigationTitle, style.bold) }
    if let bar {
      if !prompt.isEmpty { add(prompt, style.dim) }
      lines.append(Self.fitStyled(bar, room))
    }
    if let scopeBar { lines.append(Self.fitStyled(scopeBar, room)) }
    if let detail {
      for line in detail { add(line) }
    } else {
      add(header, style.bold)
      for line in headerLines { add(line) }
      if let columnHeader { add(columnHeader, style.dim) }
      let capacity = rowCapacity(height: height)
      let width = String(max(rowCount, 1)).count
      for row in rows.prefix(capacity) {
        lines.append(rowLine(row, numberWidth: width, room: room, style: style))
      }
      if rows.isEmpty { add(rowCount == 0 ? "  " + (elsewhere ?? "(no rows)") : "", style.dim) }
    }
    let pane = paneLines(height: height)
    let footerAndPane = pane + (footer.isEmpty ? 0 : 1)
    while lines.count < height - footerAndPane { lines.append("") }
    lines = Array(lines.prefix(max(0, height - footerAndPane)))
    if let trace {
      add("── trace " + String(repeating: "─", count: max(0, room - 9)), style.dim)
      let shown = Array(trace.suffix(pane - 1))
      for line in shown { lines.append(Self.fitStyled(line, room)) }
      for _ in shown.count..<(pane - 1) { lines.append("") }
    }
    if !footer.isEmpty { add(footer, style.dim) }
    return Array(lines.prefix(height))
  }

  /// `› 12  Germany`: the highlight marker, the picker's mark (`•`), the number, the title with
  /// its matches marked.
  func rowLine(_ row: Row, numberWidth: Int, room: Int, style: TextStyle) -> String {
    let isHighlighted = highlight == row.number - 1
    let number = String(row.number)
    let prefix =
      (isHighlighted ? "›" : " ") + (showsMarks ? (row.isMarked ? "•" : " ") : "") + " "
      + String(repeating: " ", count: max(0, numberWidth - number.count))
      + number + "  "
    let titleRoom = max(0, room - prefix.count)
    let title = Array(row.title)
    let cut = title.count > titleRoom
    let visible = cut ? Array(title.prefix(max(0, titleRoom - 1))) : title
    var text = ""
    var run = ""
    var runMarked = false
    func endRun() {
      guard !run.isEmpty else { return }
      text += runMarked && !isDimmed ? style.highlight(run) : run
      run = ""
    }
    for (offset, character) in visible.enumerated() {
      let marked = row.highlights.contains { $0.contains(offset) }
      if marked != runMarked {
        endRun()
        runMarked = marked
      }
      run.append(character)
    }
    endRun()
    if cut { text += "…" }
    let line = prefix + text
    if isHighlighted { return style.inverse(line) }
    return isDimmed ? style.dim(line) : line
  }

  /// `text` cut to `room` characters, with `…` when cut.
  static func fit(_ text: String, _ room: Int) -> String {
    guard text.count > room else { return text }
    return String(text.prefix(max(0, room - 1))) + "…"
  }

  /// A line that may carry SGR escapes, cut to `room` visible characters (escapes kept, and a
  /// reset added when cut, so a colour never leaks into the next line).
  static func fitStyled(_ text: String, _ room: Int) -> String {
    guard visibleCount(text) > room else { return text }
    var visible = 0
    var result = ""
    var inEscape = false
    for character in text {
      if inEscape || character == "\u{1B}" {
        result.append(character)
        inEscape = character == "\u{1B}" || character == "[" || !isFinalByte(character)
        continue
      }
      if visible == room - 1 { break }
      result.append(character)
      visible += 1
    }
    return result + "…" + (result.contains("\u{1B}") ? "\u{1B}[0m" : "")
  }

  /// How many characters of `text` show, leaving out SGR escapes.
  static func visibleCount(_ text: String) -> Int {
    var count = 0
    var inEscape = false
    for character in text {
      if inEscape || character == "\u{1B}" {
        inEscape = character == "\u{1B}" || character == "[" || !isFinalByte(character)
        continue
      }
      count += 1
    }
    return count
  }

  private static func isFinalByte(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return (0x40...0x7E).contains(ascii)
  }
}
