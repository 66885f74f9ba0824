import Engine

/// The live screen as fzf's picker: type to search, Enter picks the highlighted row (or the rows
/// Tab marked), Esc, Ctrl-C and Ctrl-D on an empty query leave without one.
///
/// Every other key is live mode's (`LiveController`): the same lifecycle events, the same
/// frame. The rows picked are the dataset's, and `pickedLines` gives their titles (the input
/// lines, for `ls | searchshell --pick`).
public final class PickerController: LiveDriver {
  /// How the picker ended.
  public enum Outcome: Equatable, Sendable {
    /// Enter: these dataset rows, in the dataset's order.
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

  /// The key help the picker shows.
  static let footer = "Enter pick · Tab mark · ↑↓ move · Esc quit"

  /// Starts the picker on `session` with `query` typed into the bar (as one paste: one change).
  public init(session: Session, query: String = "") {
    live = LiveController(session: session)
    live.footer = Self.footer
    live.highlightsFirstRow = true
    live.marks = []
    if !query.isEmpty { live.handle([.paste(query)]) }
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
        // The first row shows highlighted already: Down goes on from it.
        if live.highlight == nil, live.screen.tableRows.count.value > 0 { live.moveHighlight(to: 0) }
        live.handle([key])
      default: live.handle([key])
      }
    }
    return outcome == nil
  }

  public func frame(width: Int, height: Int) -> [String] {
    live.frame(width: width, height: height)
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
    if let marks = live.marks, !marks.isEmpty {
      outcome = .picked(marks.sorted())
      return
    }
    guard let item = live.screen.tableRows.ids(in: currentRow..<(currentRow + 1)).first else {
      outcome = .nothingToPick
      return
    }
    outcome = .picked([item])
  }

  /// Marks the current row (or unmarks it) and moves `step` rows, as fzf's Tab and Shift-Tab.
  private func toggleMark(moving step: Int) {
    let row = currentRow
    guard let item = live.screen.tableRows.ids(in: row..<(row + 1)).first else { return }
    if live.marks?.remove(item) == nil { live.marks?.insert(item) }
    let count = live.screen.tableRows.count.value
    live.moveHighlight(to: min(max(row + step, 0), count - 1))
  }
}
