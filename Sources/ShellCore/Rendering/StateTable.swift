import Backends
import Engine
import Tables
import UIKitModel

/// Draws `trace state`: one row per callback with the state at that step and the rows that match.
enum StateTable {
  /// The table's lines, indented like trace lines; `matches` counts the rows a text selects
  /// (an estimate is marked `≈`).
  ///
  /// One line per callback when that fits `width`; else the state columns come first, under
  /// short headers, and the callback last, wrapped in the columns left (the text cell too).
  static func lines(
    _ callbacks: [Callback], naming: CallbackNaming = .swift, style: TextStyle, width: Int = .max,
    matches: (String) -> RowCount
  ) -> [String] {
    guard !callbacks.isEmpty else { return [] }
    let header = ["callback", "isActive", "text", "firstResponder", "shown", "matches"]
    let rows = callbacks.map { callback in
      [
        TraceFormatter.call(callback, naming: naming), String(callback.state.isActive),
        TraceFormatter.quoted(callback.state.text),
        String(callback.state.isFirstResponder), callback.state.shown.rawValue,
        ScreenRenderer.describe(matches(callback.state.text)),
      ]
    }
    let wide = TextColumns.lines([header] + rows, caps: [], width: .max)
    if TextWrapper.fits(wide, width: width) { return [style.dim(wide[0])] + wide.dropFirst() }
    // isActive, firstResponder, shown, matches, text, then the callback.
    let order = [1, 3, 4, 5, 2, 0]
    let shortHeader = ["callback", "active", "text", "FR", "shown", "matches"]
    let narrow = ([shortHeader] + rows).map { row in order.map { row[$0] } }
    let lines = TextColumns.lines(narrow, caps: [nil, nil, nil, nil, 14], width: width, minimumLast: 24)
    if TextWrapper.fits(lines, width: width) { return [style.dim(lines[0])] + lines.dropFirst() }
    return stacked(rows, style: style, width: width)
  }

  /// Narrower still: each callback wrapped on its own, then its state on indented lines.
  private static func stacked(_ rows: [[String]], style: TextStyle, width: Int) -> [String] {
    rows.flatMap { row in
      let state =
        "isActive \(row[1]), text \(row[2]), firstResponder \(row[3]), shown \(row[4]), matches \(row[5])"
      return TextWrapper.wrap(row[0], width: width, indent: "  ", continuation: "      ")
        + TextWrapper.wrap(state, width: width, indent: "      ", continuation: "      ").map(style.dim)
    }
  }
}
