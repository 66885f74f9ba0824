import Engine
import Tables
import UIKitModel

/// Live mode on one session's screen: turns keys into actions and draws the frame.
///
/// Everything but the terminal itself: the executable reads the keys and writes the lines.
/// It reads the screen (`SearchScreen`) and sends actions through the session's one driver,
/// which traces them.
public final class LiveController: LiveDriver {
  /// The session whose driver applies and traces the keys' actions.
  public let session: Session
  /// The screen the keys act on.
  let screen: SearchScreen
  /// The highlighted row of the table on screen (from 0), if any.
  public private(set) var highlight: Int?
  /// Whether a key asked to leave live mode.
  public private(set) var hasLeft = false
  /// The caret in the bar (UTF-16 offset), or nil at the end of the text.
  public private(set) var caret: Int?
  private var firstRow = 0
  private var traceLines: [String] = []
  private let logStart: Int
  /// The most trace lines kept for the pane.
  private let traceMemory = 200
  /// The dataset rows the picker's Tab marked, drawn with `•`; nil without marking (live mode).
  public var marks: Set<Int>?
  /// The key help at the bottom, when not live mode's own (the picker's).
  public var footer: String?
  /// Whether the first row shows highlighted while nothing is (the picker's Enter takes it).
  public var highlightsFirstRow = false
  /// What the picker shows before the bar (fzf's `--prompt`), printable.
  public var barPrefix = ""
  /// The picker's lines under the header (`--header`, `--header-lines`), printable.
  public var headerLines: [String] = []
  /// The picker's count (fzf's `matches/rows`) from the table's and the dataset's row counts,
  /// shown in the header instead of the table's own.
  public var countLine: ((_ matches: Int, _ rows: Int) -> String)?

  /// Enters live mode: closes an open detail view and taps into the bar, as `back` and `focus`
  /// would; a bar scrolled out of sight cannot be tapped, so it waits for Up (pull).
  public init(session: Session) {
    self.session = session
    self.screen = session.screen
    logStart = session.live.commands.count
    if screen.state.isDetailOpen {
      apply(LiveKeyMapper.Step(command: .back, effect: .closeDetail))
    }
    let tap = screen.tapIntoBar(before: .editing)
    if !tap.isEmpty, !screen.state.isBarScrolledOut {
      apply(LiveKeyMapper.Step(actions: tap, command: .focus))
    }
  }

  /// What the mapper needs to know now to map `key`.
  ///
  /// Only Down reads the row count and only Open the highlighted row: each is a search of the
  /// table on screen, so queued keys leave them out and the frame searches once.
  func context(for key: LiveKey) -> LiveKeyMapper.Context {
    var context = LiveKeyMapper.Context()
    let state = screen.state
    let flavor = screen.settings.lifecycle.flavor
    context.text = state.text
    context.caret = caret
    context.isFirstResponder = state.isFirstResponder
    context.isSearching = state.isSearching(flavor)
    context.showsCancelButton = screen.settings.appearance.showsCancelButton
    context.scopeIndex = state.scopeIndex
    context.scopeCount = screen.dataset.hasScopes ? screen.dataset.scopeTitles.count : 0
    if key == .down { context.rowCount = screen.tableRows.count.value }
    context.highlight = highlight
    if key == .open {
      context.highlightedItem = highlight.flatMap { screen.tableRows.ids(in: $0..<($0 + 1)).first }
    }
    context.isDetailOpen = state.isDetailOpen
    context.isBarScrolledOut = state.isBarScrolledOut
    return context
  }

  /// Applies keys in order; returns false once a key leaves live mode (later keys are dropped).
  @discardableResult
  public func handle(_ keys: [LiveKey]) -> Bool {
    for key in keys where !hasLeft {
      apply(LiveKeyMapper.step(for: key, in: context(for: key)))
    }
    return !hasLeft
  }

  private func apply(_ step: LiveKeyMapper.Step) {
    if let command = step.command { session.logLiveCommand(command, mergeableFrom: logStart) }
    if let moved = step.caret { caret = moved }
    if !step.actions.isEmpty {
      record(session.send(step.actions))
      // The table may hold other rows now: the highlight starts over.
      highlight = nil
      firstRow = 0
    }
    switch step.effect {
    case .none:
      break
    case .highlight(let row):
      highlight = row
    case .openRow(let row, let item):
      // As `detail ROW`: the tap, then the detail view only if the tap selected the row.
      let tapped = session.send([.rowTapped(row: row, item: item)])
      record(tapped)
      if tapped.contains(where: { $0.name == .didSelectRow }) {
        record(session.send([.detailOpened], continuing: true))
      } else {
        highlight = nil
      }
    case .closeDetail:
      record(session.send([.detailClosed]))
    case .revealBar:
      session.send([.tablePulledToTop])
    case .leave:
      hasLeft = true
    }
  }

  /// Moves the highlight to table row `row` (from 0), or takes it away.
  public func moveHighlight(to row: Int?) {
    highlight = row
  }

  /// Keeps callbacks for the trace pane (the file, if any, already has them).
  private func record(_ callbacks: [Callback]) {
    guard showsTracePane else { return }
    // The state table needs a whole command; in the pane each line carries the state anyway.
    let mode = session.tracing.mode == .state ? .on : session.tracing.mode
    traceLines += session.traceLines(for: callbacks, mode: mode)
    if traceLines.count > traceMemory { traceLines.removeFirst(traceLines.count - traceMemory) }
  }

  /// Whether the frame has a trace pane: tracing other than to a JSON file, or the app's log.
  private var showsTracePane: Bool {
    let toFile = session.tracing.mode == .json && session.tracing.file != nil
    return session.tracing.mode != .off && !toFile || screen.settings.appLog
  }

  /// The frame for a terminal of `width` × `height`: exactly `height` lines.
  ///
  /// The bars come from a snapshot without the table (nothing searched), which fixes how many
  /// rows fit; the table's snapshot then holds just the rows in sight. An open detail view
  /// covers the table, so nothing is searched for it.
  public func frame(width: Int, height: Int) -> [String] {
    let style = session.style
    var (frame, bars) = chrome(style: style, width: width)
    if let detail = bars.snapshot.detail {
      frame.detail = bars.detailLines(detail)
      return frame.lines(width: width, height: height, style: style)
    }
    let capacity = frame.rowCapacity(height: height)
    let sight = TableSight(exact: false) { [highlight, firstRow] snapshot in
      let rowCount = snapshot.rowCount?.value ?? 0
      let first = LiveScreen.firstRow(
        keeping: highlight, previousFirst: firstRow, capacity: capacity, rowCount: rowCount)
      return first..<(first + capacity)
    }
    let table = ScreenRenderer(
      snapshot: screen.snapshot(table: sight, highlighting: style.isEnabled), style: style)
    let rowCount = table.snapshot.rowCount?.value ?? 0
    firstRow = table.snapshot.firstRow
    frame.rowCount = rowCount
    frame.elsewhere = table.snapshot.elsewhere
    frame.header = table.tableHeader(includingTitle: frame.navigationTitle == nil)
    if let countLine {
      let name = table.snapshot.state.shown == .main ? "main table" : "results table"
      frame.header = countLine(rowCount, table.snapshot.totalRows.value) + " · " + name
    }
    // The frame has no line to spare for the filter: the header names it.
    if let filter = table.snapshot.filter { frame.header += " · filter \(Sanitizer.printable(filter))" }
    frame.isDimmed = table.snapshot.isDimmed
    frame.highlight = highlight ?? (highlightsFirstRow && rowCount > 0 ? 0 : nil)
    frame.firstRow = firstRow
    let (columnHeader, rows) = liveRows(table.snapshot, width: width)
    if let columnHeader { frame.columnHeader = columnHeader }
    frame.rows = rows
    return frame.lines(width: width, height: height, style: style)
  }

  /// Everything in the frame but the table and the detail view: the bars, the trace pane, the
  /// key help, the picker's header lines.
  private func chrome(style: TextStyle, width: Int = 80) -> (LiveScreen, ScreenRenderer) {
    var frame = LiveScreen()
    // The bar scrolls its text within the line (the last column and the prompt's stay free),
    // keeping the caret in sight.
    let bars = ScreenRenderer(
      snapshot: screen.snapshot(highlighting: style.isEnabled), style: style,
      width: max(1, width - 1 - barPrefix.count))
    let state = bars.snapshot.state
    if bars.isNavigationBarShown {
      frame.navigationTitle = Sanitizer.printable(bars.snapshot.settings.title)
    }
    if !state.isBarScrolledOut {
      frame.prompt = Sanitizer.printable(bars.snapshot.settings.appearance.prompt)
      frame.bar = barPrefix + bars.searchBarLine(caret: min(caret ?? .max, state.text.utf16.count))
    }
    frame.scopeBar = bars.scopeBarLine().map { "scope: " + $0 }
    if showsTracePane { frame.trace = traceLines }
    if let footer { frame.footer = footer }
    frame.showsMarks = marks != nil
    // More columns than the title: a line of their names takes a row's place.
    if !bars.snapshot.columnNames.isEmpty { frame.columnHeader = "" }
    frame.headerLines = headerLines
    return (frame, bars)
  }

  /// How many lines a frame needs to show every row of the table, on a terminal of
  /// `terminalHeight` lines (fzf's `--height ~N`): the bars, one line at least for the rows,
  /// and the panes; the key help's line not counted.
  public func linesNeeded(terminalHeight: Int) -> Int {
    let (frame, _) = chrome(style: session.style)
    let rows = max(1, screen.tableRows.count.value)
    return frame.topLines + min(rows, terminalHeight) + frame.paneLines(height: terminalHeight)
  }

  /// The snapshot's rows as live mode draws them: titles with their matches, or the columns
  /// (names on the header line) without highlights, since the frame marks rows itself.
  private func liveRows(_ snapshot: ScreenSnapshot, width: Int) -> (
    columnHeader: String?, rows: [LiveScreen.Row]
  ) {
    let marked = { (id: Int) in self.marks?.contains(id) ?? false }
    guard !snapshot.columnNames.isEmpty else {
      return (
        nil,
        snapshot.rows.map { row in
          let printable = Sanitizer.printable(row.title)
          // Match offsets count the raw title's characters; an escaped title keeps no highlights.
          return LiveScreen.Row(
            number: row.number, title: printable, highlights: printable == row.title ? row.highlights : [],
            isMarked: marked(row.id))
        }
      )
    }
    let numberWidth = String(max(snapshot.rowCount?.value ?? 0, 1)).count
    let indent = numberWidth + 2 + (marks == nil ? 0 : 1)
    let layout = ColumnTable(
      names: snapshot.columnNames, sample: snapshot.rows.map(\.cells), room: width - 1 - indent - 2,
      style: TextStyle(isEnabled: false))
    let header = String(repeating: " ", count: indent) + "  " + layout.header
    return (
      header,
      snapshot.rows.map { row in
        LiveScreen.Row(
          number: row.number, title: layout.cells(row.cells, highlights: []), isMarked: marked(row.id))
      }
    )
  }
}
