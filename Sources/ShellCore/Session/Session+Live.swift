import Foundation
import UIKitModel

/// The session's side of live mode: the same actions the commands send, without printing.
extension Session {
  /// The search screen's state, for comparing a live session with its commands.
  public var searchState: SearchState { screen.state }

  /// How many rows the table on screen has, as far as the backend knows yet (an estimate
  /// until the exact count arrives).
  public var tableRowCount: Int { screen.tableRows.count.value }

  /// The dataset rows behind the table rows in `range` (clamped to the table), in table order.
  public func tableRowIDs(in range: Range<Int>) -> [Int] {
    screen.tableRows.ids(in: range)
  }

  /// The commands equivalent to every key typed in live mode so far, one line each, in order
  /// (the hook `record` uses to turn a live session into a script).
  public var liveCommandLog: [String] { live.commands.map(\.line) }

  /// Appends a live key's command, merging it with the previous one from the same live session.
  func logLiveCommand(_ command: LiveCommand, mergeableFrom start: Int) {
    if live.commands.count > start, let last = live.commands.last, let merged = last.merged(with: command) {
      live.commands[live.commands.count - 1] = merged
    } else {
      live.commands.append(command)
    }
  }
}
