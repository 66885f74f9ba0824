/// Live mode on one session: turns keys into the session's actions and draws the frame.
///
/// Everything but the terminal itself: the executable reads the keys and writes the lines.
public final class LiveController: LiveDriver {
  /// The session the keys act on.
  public let session: Session
  /// The highlighted row of the table on screen (from 0), if any.
  public private(set) var highlight: Int?
  /// Whether a key asked to leave live mode.
  public private(set) var hasLeft = false
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

  /// Enters live mode: closes an open detail view and taps into the bar, as `back` and `focus`
  /// would; a bar scrolled out of sight cannot be tapped, so it waits for Up (pull) or typing.
  public init(session: Session) {
    self.session = session
    logStart = session.liveCommands.count
    if session.state.isDetailOpen {
      apply(LiveKeyMapper.Step(command: .back, effect: .closeDetail))
    }
    let tap = session.tapIntoBar(before: .editing)
    if !tap.isEmpty, !session.state.isBarScrolledOut {
      apply(LiveKeyMapper.Step(actions: tap, command: .focus))
    }
  }

  /// What the mapper needs to know now to map `key`.
  ///
  /// Only Down reads the row count and only Open the highlighted row: each is a search of the
  /// table on screen, so queued keys leave them out and the frame searches once.
  func context(for key: LiveKey) -> LiveKeyMapper.Context {
    var context = LiveKeyMapper.Context()
    let state = session.state
    let flavor = session.settings.lifecycle.flavor
    context.text = state.text
    context.isFirstResponder = state.isFirstResponder
    context.isSearching = state.isSearching(flavor)
    context.scopeIndex = state.scopeIndex
    context.scopeCount = session.dataset.hasScopes ? session.dataset.scopeTitles.count : 0
    if key == .down { context.rowCount = session.tableRowCount }
    context.highlight = highlight
    if key == .open {
      context.highlightedItem = highlight.flatMap { session.tableRowIDs(in: $0..<($0 + 1)).first }
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
    switch session.trace {
    case .off: return
    // The state table needs a whole command; in the pane each line carries the state anyway.
    case .on, .state: traceLines += callbacks.map { TraceFormatter.line($0, style: session.style) }
    case .json:
      guard session.traceFile == nil else { return }
      traceLines += callbacks.map(TraceFormatter.json)
    }
    if traceLines.count > traceMemory { traceLines.removeFirst(traceLines.count - traceMemory) }
  }

  /// The frame for a terminal of `width` × `height`: exactly `height` lines.
  public func frame(width: Int, height: Int) -> [String] {
    let renderer = ScreenRenderer(session: session)
    let state = session.state
    var screen = LiveScreen()
    if renderer.isNavigationBarShown { screen.navigationTitle = Sanitizer.printable(session.settings.title) }
    if !state.isBarScrolledOut {
      screen.prompt = Sanitizer.printable(session.settings.appearance.prompt)
      screen.bar = renderer.searchBarLine()
    }
    screen.scopeBar = renderer.scopeBarLine().map { "scope: " + $0 }
    if session.trace != .off, session.traceFile == nil || session.trace == .on { screen.trace = traceLines }
    if state.isDetailOpen, let item = state.selectedItem {
      screen.detail = renderer.detailLines(item: item)
      return screen.lines(width: width, height: height, style: session.style)
    }
    let rowCount = session.tableRowCount
    screen.rowCount = rowCount
    screen.header = renderer.tableHeader(rowCount: rowCount, includingTitle: screen.navigationTitle == nil)
    screen.isDimmed = session.isDimmed
    screen.highlight = highlight ?? (highlightsFirstRow && rowCount > 0 ? 0 : nil)
    if let footer { screen.footer = footer }
    screen.showsMarks = marks != nil
    // More columns than the title: a line of their names takes a row's place.
    if session.shownColumns != [session.dataset.titleColumn] { screen.columnHeader = "" }
    let capacity = screen.rowCapacity(height: height)
    firstRow = LiveScreen.firstRow(
      keeping: highlight, previousFirst: firstRow, capacity: capacity, rowCount: rowCount)
    screen.firstRow = firstRow
    let query = state.shown == .results && session.style.isEnabled ? state.appliedText : ""
    let ids = session.tableRowIDs(in: firstRow..<(firstRow + capacity))
    let numberWidth = String(max(rowCount, 1)).count
    if let columns = session.columnTable(sample: ids, numberWidth: numberWidth, width: width, plain: true) {
      let indent = numberWidth + 2 + (marks == nil ? 0 : 1)
      screen.columnHeader = String(repeating: " ", count: indent) + "  " + columns.header
      screen.rows = ids.enumerated().map { offset, item in
        LiveScreen.Row(
          number: firstRow + offset + 1, title: columns.cells(item), isMarked: marks?.contains(item) ?? false)
      }
      return screen.lines(width: width, height: height, style: session.style)
    }
    screen.rows = ids.enumerated().map { offset, item in
      let title = session.dataset.title(item)
      let printable = Sanitizer.printable(title)
      // Match offsets count the raw title's characters; an escaped title keeps no highlights.
      let highlights =
        query.isEmpty || printable != title
        ? [] : session.engine.highlights(row: item, query: query, rule: session.settings.match)
      return LiveScreen.Row(
        number: firstRow + offset + 1, title: printable, highlights: highlights,
        isMarked: marks?.contains(item) ?? false)
    }
    return screen.lines(width: width, height: height, style: session.style)
  }
}
