import Engine
import Tables

/// How a session shapes what it prints: `set format`, paging, `timing`, and which table is on
/// the terminal already.
struct OutputState {
  /// Colour and emphasis, or none (`NO_COLOR`, `TERM=dumb`, not a terminal): fixed at start.
  let style: TextStyle
  /// How `list` prints rows (`set format`); `table` is the screen.
  var format = OutputFormat.table
  /// `set pager` and whether `set page` chose the page size.
  var paging = PagingSettings()
  /// Whether each command's time is printed after it (`timing on`).
  var timing = false
  /// The table last printed, so an action prints the table only when it changed.
  var lastTable: TableKey?
  /// Whether only data reaches standard output (`--quiet`): `count` then writes its values as data.
  var dataOnly = false
  /// Whether actions draw the screen (and the detail view, and clear the terminal); not while
  /// one side of a comparison runs, whose screens `compare` draws side by side.
  var drawsScreen = true
  /// The width a comparison's side writes at (its column wraps the lines); nil: the terminal's.
  var columnWidth: Int?
}
