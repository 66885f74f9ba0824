import Backends
import Engine
import Tables

/// Sessions whose rows arrive while the picker runs.
extension Session {
  /// A session on no rows yet, for the rows of `input` to arrive into (`takeRows`), searching
  /// with `match`; `keepsRowOrder` lists a ranking rule's matches in the input's order.
  public static func awaitingRows(
    of input: PickerFeed.Input, console: Console, match: MatchRule, keepsRowOrder: Bool, useColor: Bool,
    configuration: ShellConfiguration
  ) throws(ShellError) -> Session {
    let limit = try configuration.loadLimit.get().bytes
    let options = LoadOptions(
      name: input.name, source: .standardInput, presets: DatasetPresets(title: input.name), format: .text,
      scope: .none)
    let (loaded, rows) = try tables { () throws(TableError) in
      try PipedRowReader(label: input.name, limit: limit, rows: input.rows, shape: input.fields).snapshot(
        options: options, reversed: false)
    }
    let session = try onPipedTable(
      loaded, rows: rows, console: console, useColor: useColor, configuration: configuration)
    try session.setMatch(match.rawValue)
    session.screen.view.keepsRowOrder = keepsRowOrder
    // With `--nth` the rows are searched in a column of their own, which fzf never shows.
    if input.fields?.searchesApart == true { session.screen.view.columns = [loaded.dataset.titleColumn] }
    return session
  }

  /// A feed of `input` under this session's load limit, waking `wake` at each arrival.
  public func feed(_ input: PickerFeed.Input, waking wake: PickerWake) throws(ShellError) -> PickerFeed {
    PickerFeed(
      input: input, limit: try configuration.loadLimit.get().bytes, cacheEntries: configuration.cacheEntries,
      wake: wake)
  }

  /// Puts the table that arrived on screen, as the app's `reloadData` after it filters again
  /// (`SearchScreen.reloadRows`); row ids moved by `shift` (`--tac`).
  func takeRows(_ arrival: PickerFeed.Arrival, movingIDsBy shift: Int) {
    guard let dataset = arrival.dataset, let backend = arrival.backend else { return }
    screen.reloadRows(dataset, backend: backend, movingIDsBy: shift)
    live.pipedRows = arrival.rows
  }

  /// Dataset row `row`'s bytes as they came in (its title's for rows not piped in).
  func pipedRowBytes(_ row: Int) -> [UInt8] {
    live.pipedRows?.originalBytes(ofRow: row) ?? Array(screen.dataset.title(row).utf8)
  }

  /// Whether the frame being drawn was stopped by a key (its table is then empty).
  var isFrameCancelled: Bool { screen.frameCancellation?.isCancelled == true }

  /// How many rows the session's table holds in all.
  var datasetRowCount: Int { screen.dataset.rowCount }
}
