import Engine
import Tables

/// Fits text to the terminal's width: the one wrapping every teaching output uses.
///
/// Widths are display columns, counted per Unicode scalar (a wide CJK or emoji scalar takes two,
/// a combining mark none, a control character the width of the escape the sanitizer prints) and
/// never per Character, whose grapheme rules would hide a space followed by a combining mark.
/// The shell's own colour sequences take no room, and a style still open at a break is closed at
/// the end of the line and opened again on the next.
enum TextWrapper {
  /// The width used when output is not a terminal.
  static let standardWidth = 80
  /// The narrowest output width: a terminal narrower than this still gets this many columns.
  static let minimumWidth = 40

  /// The display columns `text` takes once printed.
  static func displayWidth(_ text: String) -> Int {
    displayWidth(Array(text.unicodeScalars)[...])
  }

  /// `text` in lines of at most `width` columns, broken at spaces.
  ///
  /// The first line starts with `indent`, the others with `continuation`. A word longer than a
  /// line is cut between scalars. A line feed in `text` always breaks.
  static func wrap(_ text: String, width: Int, indent: String = "", continuation: String = "") -> [String] {
    let width = max(width, 1)
    // A line that surely fits is itself: the table's header on every screen.
    if let columns = widthBound(indent), let more = widthBound(text), columns + more <= width {
      return [indent + text]
    }
    var lines: [String] = []
    for (index, paragraph) in paragraphs(text).enumerated() {
      var layout = Layout(width: width, continuation: continuation)
      layout.start(index == 0 ? indent : continuation)
      for word in words(paragraph) { layout.add(word) }
      lines += layout.finish()
    }
    return lines
  }

  /// `text` wrapped with its continuation lines under the column its own layout sets.
  ///
  /// That is after the first run of two or more spaces that follows text (a `label  description`
  /// line), else four past its leading spaces, which a hanging column that would leave less than
  /// a third of the width falls back to as well.
  static func wrapHanging(_ text: String, width: Int) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let leading = scalars.prefix { $0 == " " }.count
    var column = leading + 4
    var index = leading
    while index < scalars.count - 1 {
      if scalars[index] == " ", scalars[index + 1] == " " {
        var end = index
        while end < scalars.count, scalars[end] == " " { end += 1 }
        column = displayWidth(scalars[..<end])
        break
      }
      index += 1
    }
    if column > width * 2 / 3 { column = leading + 4 }
    return wrap(text, width: width, continuation: String(repeating: " ", count: column))
  }

  /// No fewer than the columns `text` takes (an ASCII scalar one, any other two at most), or nil
  /// when it holds a control character (a break, a style, an escape wider than two).
  static func widthBound(_ text: String) -> Int? {
    var columns = 0
    for scalar in text.unicodeScalars {
      if Sanitizer.isControl(scalar) { return nil }
      columns += scalar.isASCII ? 1 : 2
    }
    return columns
  }

  /// Whether every line of `lines` fits `width` columns.
  static func fits(_ lines: [String], width: Int) -> Bool {
    lines.allSatisfy { displayWidth($0) <= width }
  }

  // MARK: - Pieces

  /// One word: its scalars, its width and the spaces that came before it.
  struct Word {
    var scalars: [Unicode.Scalar]
    var spacesBefore: Int
  }

  /// The text between line feeds (CR LF and a lone CR count as one line feed).
  static func paragraphs(_ text: String) -> [[Unicode.Scalar]] {
    var result: [[Unicode.Scalar]] = [[]]
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        result.append([])
      } else {
        result[result.count - 1].append(scalar)
      }
    }
    return result
  }

  /// The words of a paragraph and the spaces before each (leading spaces go with the first).
  static func words(_ scalars: [Unicode.Scalar]) -> [Word] {
    var words: [Word] = []
    var spaces = 0
    var current: [Unicode.Scalar] = []
    for scalar in scalars {
      if scalar == " " {
        if !current.isEmpty {
          words.append(Word(scalars: current, spacesBefore: spaces))
          current = []
          spaces = 0
        }
        spaces += 1
      } else {
        current.append(scalar)
      }
    }
    if !current.isEmpty || spaces > 0 { words.append(Word(scalars: current, spacesBefore: spaces)) }
    return words
  }

  /// The columns of `scalars`, skipping the shell's SGR sequences.
  static func displayWidth(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
    var total = 0
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if let end = styleEnd(scalars, at: index) {
        index = end
        continue
      }
      total += scalarWidth(scalars[index])
      index += 1
    }
    return total
  }

  /// Where the SGR sequence `ESC [ digits ; ... m` starting at `index` ends, if one does.
  static func styleEnd(_ scalars: ArraySlice<Unicode.Scalar>, at index: Int) -> Int? {
    guard scalars[index] == "\u{1B}", index + 1 < scalars.endIndex, scalars[index + 1] == "[" else {
      return nil
    }
    var end = index + 2
    while end < scalars.endIndex, end - index <= 18 {
      let scalar = scalars[end]
      if scalar == "m" { return end + 1 }
      guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
      end += 1
    }
    return nil
  }

  /// The columns one scalar takes on a terminal.
  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? escapedWidth(scalar) : 1 }
    if Sanitizer.isControl(scalar) { return escapedWidth(scalar) }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) {
      return 0
    }
    return isWide(value) || scalar.properties.isEmojiPresentation ? 2 : 1
  }

  /// The sanitizer's escape of a control character: `\e`, `\t`, `\n`, `\r` or `\u{HEX}`.
  private static func escapedWidth(_ scalar: Unicode.Scalar) -> Int {
    switch scalar {
    case "\u{1B}", "\t", "\n", "\r": return 2
    default: return 4 + String(scalar.value, radix: 16).count
    }
  }

  /// East Asian Wide and Fullwidth blocks (Hangul, CJK, kana, fullwidth forms).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
