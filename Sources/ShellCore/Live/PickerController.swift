import Engine
import Foundation
import Tables

/// The live screen as fzf's picker: type to search, Enter picks the highlighted row (or the rows
/// Tab marked, with `--multi`), Esc, Ctrl-C and Ctrl-D on an empty query leave without one.
///
/// Every other key is live mode's (`LiveController`): the same lifecycle events, the same
/// frame. The rows picked are the dataset's, and `pickedLines` gives their titles (the input
/// lines, for `ls | searchshell --pick`). With a feed, the rows arrive while the picker runs
/// (`takeArrivals`): each table that arrives is the app's reload, the query stays, and the
/// highlight stays on its row when it can.
public final class PickerController: LiveDriver {
  /// How the picker ended.
  public enum Outcome: Equatable, Sendable {
    /// Enter: these dataset rows (the marked ones in the order they were marked).
    case picked([Int])
    /// Enter on an empty table: nothing to pick (fzf's "no match").
    case nothingToPick
    /// Esc, or Ctrl-D on an empty query: fzf's `abort` (exit 130, as Ctrl-C).
    case cancelled
    /// Ctrl-C (exit 130).
    case interrupted
  }

  /// Live mode underneath, drawing the frame.
  public let live: LiveController
  /// How the picker ended; nil while it runs.
  public private(set) var outcome: Outcome?
  /// fzf's options the picker applies.
  let options: PickOptions
  /// Where the rows come from while they arrive, and what wakes the loop then.
  private let feed: PickerFeed?
  private let wake: PickerWake?
  /// Whether rows may still arrive.
  public private(set) var isReading: Bool
  /// The header's rows from the input (`--header-lines`).
  private var inputHeader: [String] = []
  /// Why the input stopped early, once it did.
  public private(set) var note: ShellError?
  /// The clock the spinner turns by (milliseconds).
  private let clock: () -> UInt64
  /// The marked rows in the order they were marked, which Enter prints them in (fzf's).
  private(set) var markOrder: [Int] = []
  /// The preview's runner and what it shows (nil without `--preview`, or with it hidden).
  var previewState: PreviewState?

  /// The shortest frame that shows the key help.
  static let footerHeight = 6

  /// The key help the picker shows.
  static func footer(multi: Bool) -> String {
    multi ? "Enter pick · Tab mark · ↑↓ move · Esc quit" : "Enter pick · ↑↓ move · Esc quit"
  }

  /// Starts the picker on `session` with `query` typed into the bar (as one paste: one change),
  /// Tab marking rows as under `--multi`.
  public convenience init(session: Session, query: String = "") {
    var options = PickOptions()
    options.query = query
    options.multi = .max
    self.init(session: session, options: options)
  }

  /// Starts the picker on `session` under `options`, its rows arriving from `feed` (nil: they
  /// are all there), which wakes `wake`.
  public init(
    session: Session, options: PickOptions, feed: PickerFeed? = nil, wake: PickerWake? = nil,
    clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds / 1_000_000 }
  ) {
    self.options = options
    self.feed = feed
    self.wake = wake
    self.clock = clock
    isReading = feed != nil
    live = LiveController(session: session)
    live.footer = Self.footer(multi: options.multi != nil)
    live.highlightsFirstRow = true
    live.marks = options.multi == nil ? nil : []
    live.barPrefix = Sanitizer.printable(options.prompt)
    live.countLine = { [unowned self] matches, rows in countLine(matches: matches, rows: rows) }
    if options.preview != nil, !options.previewWindow.isHidden, let wake {
      previewState = PreviewState(runner: PreviewRunner(wake: wake))
    }
    showHeader()
    if !options.query.isEmpty { live.handle([.paste(options.query)]) }
  }

  public var hasLeft: Bool { outcome != nil }

  public var session: Session { live.session }

  @discardableResult
  public func handle(_ keys: [LiveKey]) -> Bool {
    for key in keys where outcome == nil {
      switch key {
      case .enter: pick()
      case .escape: outcome = .cancelled
      case .deleteOrQuit where live.screen.state.text.isEmpty: outcome = .cancelled
      case .interrupt: outcome = .interrupted
      case .tab: toggleMark(moving: 1)
      case .backTab: toggleMark(moving: -1)
      case .up, .down:
        if wrapsAround(key) { continue }
        // The first row shows highlighted already: Down goes on from it.
        if live.highlight == nil, live.screen.tableRows.count.value > 0 { live.moveHighlight(to: 0) }
        live.handle([key])
      default: live.handle([key])
      }
    }
    return outcome == nil
  }

  public func frame(width: Int, height: Int) -> [String] {
    // A frame of a few lines (`--height 4`) gives the key help's line to a row.
    live.footer = height < Self.footerHeight ? "" : Self.footer(multi: options.multi != nil)
    guard previewState != nil else { return live.frame(width: width, height: height) }
    return framed(width: width, height: height)
  }

  /// The frame's height: `--height` (`~`: no more than the rows need), else live mode's.
  public func frameHeight(terminalHeight: Int) -> Int {
    guard let height = options.height else { return max(3, terminalHeight - 1) }
    let lines = height.lines(onTerminalOf: terminalHeight)
    guard height.isAdaptive else { return lines }
    let needed = live.linesNeeded(terminalHeight: terminalHeight)
    // The key help's line, in a frame tall enough to show it (`frame`).
    return max(3, min(lines, needed + 1 < Self.footerHeight ? needed : needed + 1))
  }

  /// The titles of the rows picked, in order (none unless the outcome is `picked`).
  public var pickedLines: [String] {
    guard case .picked(let rows) = outcome else { return [] }
    return rows.map { live.screen.dataset.title($0) }
  }

  /// The dataset rows picked, in order (none unless the outcome is `picked`).
  public var pickedRows: [Int] {
    guard case .picked(let rows) = outcome else { return [] }
    return rows
  }

  /// The row Enter and Tab act on: the highlighted one, else the first.
  private var currentRow: Int { live.highlight ?? 0 }

  private func pick() {
    if !markOrder.isEmpty {
      outcome = .picked(markOrder)
      return
    }
    guard let item = live.screen.tableRows.ids(in: currentRow..<(currentRow + 1)).first else {
      outcome = .nothingToPick
      return
    }
    outcome = .picked([item])
  }

  /// Marks the current row (or unmarks it) and moves `step` rows, as fzf's Tab and Shift-Tab;
  /// without `--multi`, or with `--multi=MAX` rows marked, a row to mark stays as it is.
  private func toggleMark(moving step: Int) {
    guard let most = options.multi else { return }
    let row = currentRow
    guard let item = live.screen.tableRows.ids(in: row..<(row + 1)).first else { return }
    if live.marks?.remove(item) != nil {
      markOrder.removeAll { $0 == item }
    } else {
      guard markOrder.count < most else { return }
      live.marks?.insert(item)
      markOrder.append(item)
    }
    let count = live.screen.tableRows.count.value
    let next = row + step
    live.moveHighlight(
      to: options.cycles && count > 0 ? (next + count) % count : min(max(next, 0), count - 1))
  }

  /// Under `--cycle`, moves past the last row to the first and before the first to the last;
  /// false when `key` is not such a move.
  private func wrapsAround(_ key: LiveKey) -> Bool {
    guard options.cycles else { return false }
    let count = live.screen.tableRows.count.value
    guard count > 1 else { return false }
    if key == .down, currentRow == count - 1 {
      live.moveHighlight(to: 0)
      return true
    }
    if key == .up, currentRow == 0 {
      live.moveHighlight(to: count - 1)
      return true
    }
    return false
  }

  /// fzf's count: matches over rows, the spinner while reading, the marks under `--multi`.
  private func countLine(matches: Int, rows: Int) -> String {
    let frame = isReading ? Int(clock() / UInt64(PickerInfo.spinnerInterval)) : nil
    return PickerInfo.line(
      matches: matches, rows: rows, spinnerFrame: frame, marked: live.marks?.count, most: options.multi)
  }

  /// `--header`'s lines, the input's header rows, and why the input stopped, if it did.
  private func showHeader() {
    let given = options.header.map { text in
      text.split(separator: "\n", omittingEmptySubsequences: false).map { Sanitizer.printable(String($0)) }
    }
    live.headerLines = (given ?? []) + inputHeader + (note.map { ["! " + $0.description] } ?? [])
  }
}

extension PickerController {
  public var wakeDescriptor: Int32? { wake?.descriptor }

  /// While reading, the spinner's next turn.
  public var redrawDelay: Int32? { isReading ? PickerInfo.spinnerInterval : nil }

  /// Takes the newest table that arrived and the preview's output; true while reading (the
  /// spinner turns), or when either came.
  public func takeArrivals() -> Bool {
    wake?.drain()
    let previewed = takePreviewOutput()
    guard let feed else { return previewed }
    let wasReading = isReading
    if let arrival = feed.take() { take(arrival) }
    return wasReading || previewed
  }

  /// Puts `arrival` on screen: the app reloads its table, the query stays, the highlight stays
  /// on its row when that row is still near where it was.
  func take(_ arrival: PickerFeed.Arrival) {
    let before = session.datasetRowCount
    let after = arrival.dataset?.rowCount ?? before
    // Listed last first, the rows read before are numbered after the new ones.
    let shift = options.reversesInput ? after - before : 0
    let highlighted = live.highlight.flatMap { row in session.tableRowIDs(in: row..<(row + 1)).first }
    session.takeRows(arrival, movingIDsBy: shift)
    if shift != 0, let marks = live.marks {
      live.marks = Set(marks.map { $0 + shift })
      markOrder = markOrder.map { $0 + shift }
    }
    if arrival.dataset != nil { inputHeader = arrival.header }
    note = arrival.note ?? note
    isReading = !arrival.isFinal
    showHeader()
    if let row = live.highlight, let id = highlighted {
      live.moveHighlight(to: position(of: id + shift, near: row))
    }
  }

  /// The table row showing dataset row `id`, looked for among the rows up to a page past `row`
  /// (the table may have gained better matches above it); else `row`, inside the table.
  private func position(of id: Int, near row: Int) -> Int? {
    let count = session.tableRowCount
    guard count > 0 else { return nil }
    let ids = session.tableRowIDs(in: 0..<min(count, row + 1 + Self.followedRows))
    return ids.firstIndex(of: id) ?? min(row, count - 1)
  }

  /// How far past its place the highlighted row is looked for when rows arrive.
  static let followedRows = 1024

  /// With `-1` or `-0`, waits for the rows before anything is drawn, as fzf does: returns the
  /// outcome when the input ended with exactly one match (`-1`) or none (`-0`), nil as soon as
  /// the picker is to be drawn (more than one match, or one with only `-0`).
  public func awaitFirstMatches() -> Outcome? {
    guard options.selectsOne || options.exitsOnNone else { return nil }
    while true {
      let count = session.tableRowCount
      if options.selectsOne && count > 1 || options.exitsOnNone && !options.selectsOne && count > 0 {
        return nil
      }
      if !isReading {
        if options.exitsOnNone, count == 0 { return .nothingToPick }
        if options.selectsOne, count == 1, let item = session.tableRowIDs(in: 0..<1).first {
          return .picked([item])
        }
        return nil
      }
      guard let wake else { return nil }
      _ = wake.wait(milliseconds: -1)
      _ = takeArrivals()
    }
  }

  /// Ends the picker with `outcome` decided before anything was drawn (`awaitFirstMatches`).
  public func end(with outcome: Outcome) {
    self.outcome = outcome
  }
}
