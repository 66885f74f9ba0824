import Tables

/// Where the preview pane goes in the picker's frame (fzf's `--preview-window`), and its text.
///
/// Pure: the list's frame comes from a function of its size, the preview's text as the
/// command printed it; every line of the result is at most `width - 1` characters wide, as
/// live mode's lines are, and there are exactly `height` of them.
struct PreviewLayout {
  /// The pane's side and size.
  let window: PreviewWindow

  /// The pane's share of `total` columns or lines: at least 1, leaving the list 3.
  func paneSize(of total: Int) -> Int {
    let wanted: Int
    switch window.size {
    case .lines(let lines): wanted = lines
    case .percent(let percent): wanted = total * percent / 100
    }
    return max(1, min(wanted, total - 4))
  }

  /// The frame of `width` × `height`: the list drawn by `list` beside (or above, below) the
  /// preview's `text`, with a line between them.
  func frame(
    width: Int, height: Int, text: [UInt8], list: (_ width: Int, _ height: Int) -> [String]
  ) -> [String] {
    switch window.position {
    case .right, .left:
      let pane = paneSize(of: width)
      let listWidth = width - pane - 1
      let rows = list(listWidth + 1, height)
      let shown = Self.lines(of: text, width: pane - 1, wraps: window.wraps, count: height)
      return (0..<height).map { index in
        let left = Self.padded(index < rows.count ? rows[index] : "", to: listWidth)
        let right = Self.padded(index < shown.count ? shown[index] : "", to: pane - 1)
        return window.position == .right ? left + "│" + right : right + "│" + left
      }
    case .up, .down:
      let pane = paneSize(of: height)
      let rows = list(width, height - pane - 1)
      let shown = Self.lines(of: text, width: width - 1, wraps: window.wraps, count: pane)
      let padded = shown + Array(repeating: "", count: pane - shown.count)
      let rule = String(repeating: "─", count: max(0, width - 1))
      return window.position == .down ? rows + [rule] + padded : padded + [rule] + rows
    }
  }

  /// The first `count` lines `text` shows in a pane `width` characters wide: escaped by the
  /// sanitizer, tabs as spaces to the next multiple of 8, each line cut (with `…`) or wrapped.
  static func lines(of text: [UInt8], width: Int, wraps: Bool, count: Int) -> [String] {
    guard width > 0, count > 0, !text.isEmpty else { return [] }
    var result: [String] = []
    for raw in text.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var line = Array(raw)
      if line.last == 0x0D { line.removeLast() }
      let shown = Array(Sanitizer.printable(expandingTabs(String(decoding: line, as: UTF8.self))))
      if wraps, shown.count > width {
        var start = 0
        while start < shown.count, result.count < count {
          result.append(String(shown[start..<min(start + width, shown.count)]))
          start += width
        }
      } else {
        result.append(LiveScreen.fit(String(shown), width))
      }
      if result.count >= count { break }
    }
    // Output ending with a line break has no line after it.
    if text.last == 0x0A, result.last == "", result.count <= count { result.removeLast() }
    return Array(result.prefix(count))
  }

  /// `line` with each tab replaced by the spaces up to the next multiple of 8.
  static func expandingTabs(_ line: String) -> String {
    guard line.contains("\t") else { return line }
    var result = ""
    var column = 0
    for character in line {
      if character == "\t" {
        let spaces = 8 - column % 8
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        result.append(character)
        column += 1
      }
    }
    return result
  }

  /// `line` (which may carry colour escapes) padded with spaces to `width` visible characters.
  static func padded(_ line: String, to width: Int) -> String {
    line + String(repeating: " ", count: max(0, width - LiveScreen.visibleCount(line)))
  }
}
