import Engine
import Tables
import UIKitModel

/// The one place the session turns the screen into lines: the renderer over the screen's
/// snapshot, and the table printed again only when it changed.
extension Session {
  /// The screen now, as a value for the renderers (see `SearchScreen.snapshot`).
  func snapshot(table sight: TableSight? = nil, answer: Bool = false) -> ScreenSnapshot {
    screen.snapshot(table: sight, answer: answer, highlighting: style.isEnabled)
  }

  /// The renderer for the screen now (see `snapshot`).
  func renderer(table sight: TableSight? = nil) -> ScreenRenderer {
    ScreenRenderer(snapshot: snapshot(table: sight), style: style, width: outputWidth)
  }

  /// Whether the screen waits for exact counts: scripts and piped input print the same table
  /// however fast the backend counts; at the prompt an estimate shows until the count arrives.
  var waitsForExactCounts: Bool { !isInteractive || scripting.depth > 0 }
}

/// Identifies the content of a printed table, to print it again only when it changed.
struct TableKey: Equatable {
  var dataset: ObjectIdentifier
  var shown: ShownTable
  var text: String
  var scope: Int
  var match: MatchRule
  var syntax: QuerySyntax
  var dimmed: Bool
  var view: TableView
}

extension Session {
  private var tableKey: TableKey {
    let state = screen.state
    let filtered = state.shown == .results
    return TableKey(
      dataset: ObjectIdentifier(screen.dataset), shown: state.shown, text: filtered ? state.appliedText : "",
      scope: filtered ? state.appliedScope : 0, match: screen.settings.match, syntax: screen.settings.syntax,
      dimmed: screen.isDimmed, view: screen.view)
  }

  /// Prints the search bar, the scope bar when visible, and the table if it changed.
  func printScreen(forceTable: Bool = false) {
    guard output.drawsScreen else { return }
    let key = tableKey
    let drawsTable = forceTable || key != output.lastTable
    let renderer = renderer(table: drawsTable ? .page(1, exact: waitsForExactCounts) : nil)
    for line in renderer.barLines() { console.print(line) }
    if drawsTable {
      for line in renderer.tableLines() { console.print(line) }
      output.lastTable = key
    }
  }

  /// Prints one page of the table (or every row, read a chunk at a time) regardless of whether
  /// it changed.
  ///
  /// Ctrl-C stops it between two rows; the table then counts as not printed.
  func printTable(page: Int?) throws(ShellError) {
    // Every row needs the exact count; a page shows the count as the screen does.
    let sight = page.map { TableSight.page($0, exact: waitsForExactCounts) } ?? .countOnly
    let renderer = renderer(table: sight)
    var printed = 0
    func emit(_ line: String) throws(ShellError) {
      try checkInterruption(command: "list", outcome: "stopped after \(max(0, printed - 1)) rows")
      console.print(line)
      printed += 1
    }
    guard page == nil else {
      for line in renderer.tableLines() { try emit(line) }
      output.lastTable = tableKey
      return
    }
    for line in renderer.headerLines { try emit(line) }
    if let filter = renderer.filterLine { try emit(filter) }
    let rows = screen.tableRows
    let count = renderer.snapshot.rowCount?.value ?? 0
    // Columns are measured on the first chunk, so the listing streams.
    var layout: ColumnTable?
    for start in stride(from: 0, to: count, by: Self.listChunk) {
      let chunk = screen.shownRows(
        rows, in: start..<min(start + Self.listChunk, count), highlighting: style.isEnabled)
      if start == 0, let first = renderer.columnLayout(sample: chunk) {
        layout = first
        try emit(renderer.columnHeaderLine(first))
      }
      for row in chunk { try emit(renderer.rowLine(row, layout: layout)) }
    }
    output.lastTable = tableKey
  }

  /// How many rows `list all` reads from the backend at a time.
  static let listChunk = 4_096

  /// Throws `cancelled` when Ctrl-C was pressed: long loops call it at their chunk boundaries.
  func checkInterruption(command: String, outcome: @autoclosure () -> String) throws(ShellError) {
    if hooks.interruption.isCancelled { throw .cancelled(command: command, outcome: outcome()) }
  }
}

extension Session {
  /// Checks `text` as a query on the screen before a command changes anything (see
  /// `SearchScreen.validateQuery`); Ctrl-C stops a long search, naming the command.
  func validateQuery(_ text: String, rule: MatchRule? = nil, scope: Int? = nil) throws(ShellError) {
    let command = String(CommandTokenizer.firstWord(scripting.currentLine[...]).word)
    try screen.validateQuery(
      text, rule: rule, scope: scope, cancellation: hooks.interruption, command: command)
  }
}
