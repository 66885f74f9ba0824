/// Two columns of lines side by side, as `sdiff` prints them.
///
/// A mark between the columns says whether the two sides' lines are the same (a space), differ
/// (`|`), or stand on one side only (`<` the left, `>` the right). `compare` prints with it.
enum SideBySide {
  /// How a row's two sides relate.
  enum Mark: String {
    case same = " "
    case changed = "|"
    case leftOnly = "<"
    case rightOnly = ">"
  }

  /// One row: the left side's line and the right side's, either missing.
  struct Row: Equatable {
    var left: String?
    var right: String?

    /// The mark between the two.
    var mark: Mark {
      switch (left, right) {
      case (nil, _?): return .rightOnly
      case (_?, nil): return .leftOnly
      case (let left?, let right?): return left == right ? .same : .changed
      case (nil, nil): return .same
      }
    }
  }

  /// The most cells the alignment's table may hold (one per pair of lines): past it, two long
  /// lists are paired in order, so one action's work stays bounded.
  static let alignmentLimit = 250_000

  /// Each column's width at `width`: two columns and the two-column gutter between them (the
  /// mark and a space), so a 39-column selector fits at 80.
  static func columnWidth(_ width: Int) -> Int { max(10, (width - 2) / 2) }

  /// The width text with spaces (a sentence, a screen's line) takes in a column: one less, so
  /// a space always stands before the mark; only a selector takes the whole column.
  static func textWidth(_ width: Int) -> Int { columnWidth(width) - 1 }

  /// `left` and `right` matched on their longest common subsequence (the lines both sides
  /// have, in order), the others paired in order within each gap; past `alignmentLimit`,
  /// simply in order.
  static func aligned(_ left: [String], _ right: [String]) -> [Row] {
    let (cells, overflow) = (left.count + 1).multipliedReportingOverflow(by: right.count + 1)
    guard !overflow, cells <= alignmentLimit else { return zipped(left, right) }
    // common[i][j]: the longest common subsequence of left[i...] and right[j...].
    var common = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
    for i in stride(from: left.count - 1, through: 0, by: -1) {
      for j in stride(from: right.count - 1, through: 0, by: -1) {
        common[i][j] =
          left[i] == right[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var rows: [Row] = []
    var gap: (left: [String], right: [String]) = ([], [])
    var (i, j) = (0, 0)
    while i < left.count || j < right.count {
      if i < left.count, j < right.count, left[i] == right[j] {
        rows += zipped(gap.left, gap.right)
        gap = ([], [])
        rows.append(Row(left: left[i], right: right[j]))
        (i, j) = (i + 1, j + 1)
      } else if j == right.count || i < left.count && common[i + 1][j] >= common[i][j + 1] {
        gap.left.append(left[i])
        i += 1
      } else {
        gap.right.append(right[j])
        j += 1
      }
    }
    return rows + zipped(gap.left, gap.right)
  }

  /// Line n of `left` beside line n of `right` (two screens, line by line).
  static func zipped(_ left: [String], _ right: [String]) -> [Row] {
    (0..<max(left.count, right.count)).map { index in
      Row(left: index < left.count ? left[index] : nil, right: index < right.count ? right[index] : nil)
    }
  }

  /// The printed lines of `rows` at `width`: each side wrapped in its column (continuing two
  /// columns in), the mark on a row's first line unless not `marked` (the sides' names),
  /// trailing spaces trimmed.
  static func lines(_ rows: [Row], width: Int, marked: Bool = true) -> [String] {
    let column = columnWidth(width)
    var lines: [String] = []
    for row in rows {
      let left = row.left.map { cell($0, width: column) } ?? []
      let right = row.right.map { cell($0, width: column) } ?? []
      for index in 0..<max(left.count, right.count, 1) {
        let leftLine = index < left.count ? left[index] : ""
        let padding = String(repeating: " ", count: max(0, column - TextWrapper.displayWidth(leftLine)))
        let mark = index == 0 && marked ? row.mark.rawValue : " "
        let rightLine = index < right.count ? right[index] : ""
        lines.append(trimmed(leftLine + padding + mark + " " + rightLine))
      }
    }
    return lines
  }

  /// `text` in lines of a column `width` wide, continuing two columns in: text with spaces one
  /// column narrower (see `textWidth`); a selector too wide breaks before its arguments' `(` and
  /// after each `:`, as the trace's wrapped lines do.
  static func cell(_ text: String, width: Int) -> [String] {
    if text.unicodeScalars.contains(" ") {
      return TextWrapper.wrap(text, width: width - 1, continuation: "  ")
    }
    guard TextWrapper.displayWidth(text) > width else { return [text] }
    var pieces: [String] = [""]
    for scalar in text.unicodeScalars {
      if scalar == "(", !pieces[pieces.count - 1].isEmpty { pieces.append("") }
      pieces[pieces.count - 1].unicodeScalars.append(scalar)
      if scalar == ":" { pieces.append("") }
    }
    var lines: [String] = []
    var line = ""
    for piece in pieces where !piece.isEmpty {
      let indent = lines.isEmpty ? "" : "  "
      if !line.isEmpty, TextWrapper.displayWidth(indent + line + piece) > width {
        lines += TextWrapper.wrap(indent + line, width: width, continuation: "  ")
        line = ""
      }
      line += piece
    }
    return lines + TextWrapper.wrap((lines.isEmpty ? "" : "  ") + line, width: width, continuation: "  ")
  }

  /// `line` without the spaces a short right side leaves at its end.
  private static func trimmed(_ line: String) -> String {
    var scalars = Array(line.unicodeScalars)
    while scalars.last == " " { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
