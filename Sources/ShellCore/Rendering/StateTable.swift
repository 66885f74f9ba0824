/// Draws `trace state`: one row per callback with the state at that step and the rows that match.
enum StateTable {
  /// The table's lines, indented like trace lines; `matches` counts the rows a text selects.
  static func lines(
    _ callbacks: [Callback], naming: CallbackNaming = .swift, style: TextStyle, matches: (String) -> Int
  ) -> [String] {
    guard !callbacks.isEmpty else { return [] }
    let header = ["callback", "isActive", "text", "firstResponder", "shown", "matches"]
    let rows = callbacks.map { callback in
      [
        TraceFormatter.call(callback, naming: naming), String(callback.state.isActive),
        TraceFormatter.quoted(callback.state.text),
        String(callback.state.isFirstResponder), callback.state.shown.rawValue,
        String(matches(callback.state.text)),
      ]
    }
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func format(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      return "  " + padded.joined(separator: "  ")
    }
    return [style.dim(format(header))] + rows.map(format)
  }
}
