/// Lays rows of cells out in columns two spaces apart, each cell wrapped within its column by
/// `TextWrapper`: the tables of `trace state` and `set` when their one-line layout is too wide.
enum TextColumns {
  /// The lines of `rows`, each after `indent`.
  ///
  /// Each column but the last is as wide as its widest cell, at most `caps[column]` (nil: no
  /// cap); the last column takes what is left of `width`, at least `minimumLast` columns. A row is
  /// as tall as its tallest cell.
  static func lines(
    _ rows: [[String]], caps: [Int?], width: Int, indent: String = "  ", minimumLast: Int = 12
  ) -> [String] {
    guard let columnCount = rows.map(\.count).max(), columnCount > 0 else { return [] }
    var widths = (0..<columnCount).map { column in
      let widest = rows.map { column < $0.count ? TextWrapper.displayWidth($0[column]) : 0 }.max() ?? 0
      let cap = column < caps.count ? caps[column] : nil
      return min(widest, cap ?? widest)
    }
    let used = TextWrapper.displayWidth(indent) + widths.dropLast().reduce(0) { $0 + $1 + 2 }
    widths[columnCount - 1] = max(minimumLast, width - used)
    var lines: [String] = []
    for row in rows {
      let cells = (0..<columnCount).map { column in
        TextWrapper.wrap(column < row.count ? row[column] : "", width: max(1, widths[column]))
      }
      let height = cells.map(\.count).max() ?? 1
      for lineIndex in 0..<height {
        var line = indent
        for column in 0..<columnCount {
          let text = lineIndex < cells[column].count ? cells[column][lineIndex] : ""
          if column == columnCount - 1 {
            line += text
          } else {
            let padding = max(0, widths[column] - TextWrapper.displayWidth(text))
            line += text + String(repeating: " ", count: padding) + "  "
          }
        }
        lines.append(trimmingTrailingSpaces(line))
      }
    }
    return lines
  }

  /// `line` without the spaces a short last cell leaves at its end.
  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var scalars = Array(line.unicodeScalars)
    while scalars.last == " " { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
