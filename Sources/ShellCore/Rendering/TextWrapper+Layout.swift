extension TextWrapper {
  /// Fills lines word by word for `wrap`: one paragraph at a time.
  struct Layout {
    let width: Int
    let continuation: String
    private var lines: [String] = []
    private var line: [Unicode.Scalar] = []
    private var lineWidth = 0
    /// Whether the line holds a word yet (its indent aside).
    private var hasWord = false
    /// The colour sequences in force since the last reset, reopened after each break.
    private var openStyle: [Unicode.Scalar] = []

    init(width: Int, continuation: String) {
      self.width = width
      self.continuation = continuation
    }

    /// Starts a line with `indent`, then whatever style was open.
    mutating func start(_ indent: String) {
      line = Array(indent.unicodeScalars) + openStyle
      lineWidth = TextWrapper.displayWidth(indent)
      hasWord = false
    }

    /// Adds a word: after its spaces on this line if it fits, else at the start of the next; a
    /// word wider than a whole line is split after `|`, `,`, `/` or `:` where it can be (a value
    /// list, a selector), else cut.
    mutating func add(_ word: Word) {
      // Spaces that open the paragraph are its own indentation; at a break they are dropped.
      let gap = hasWord || lines.isEmpty ? word.spacesBefore : 0
      let wordWidth = TextWrapper.displayWidth(word.scalars[...])
      if lineWidth + gap + wordWidth <= width {
        append(Array(repeating: " ", count: gap) + word.scalars, width: gap + wordWidth)
        return
      }
      let room = width - TextWrapper.displayWidth(continuation)
      if wordWidth <= room, hasWord {
        breakLine()
        append(word.scalars, width: wordWidth)
        return
      }
      let pieces = Self.pieces(word.scalars)
      if pieces.count > 1 {
        for (index, piece) in pieces.enumerated() {
          add(Word(scalars: piece, spacesBefore: index == 0 ? word.spacesBefore : 0))
        }
        return
      }
      // Too wide for any line: cut, starting on this line after its spaces when one more fits.
      if gap > 0, lineWidth + gap < width {
        append(Array(repeating: " ", count: gap), width: gap)
      } else if hasWord {
        breakLine()
      }
      cut(word.scalars)
    }

    /// The lines, the last one included.
    mutating func finish() -> [String] {
      if !openStyle.isEmpty { line += Array("\u{1B}[0m".unicodeScalars) }
      lines.append(String(String.UnicodeScalarView(line)))
      return lines
    }

    /// Ends the line (closing an open style) and starts the next with the continuation indent.
    private mutating func breakLine() {
      if !openStyle.isEmpty { line += Array("\u{1B}[0m".unicodeScalars) }
      lines.append(String(String.UnicodeScalarView(line)))
      start(continuation)
    }

    /// Appends scalars already measured, noting the colour sequences among them.
    private mutating func append(_ scalars: [Unicode.Scalar], width added: Int) {
      noteStyles(scalars[...])
      line += scalars
      lineWidth += added
      if !scalars.isEmpty { hasWord = true }
    }

    /// Appends a word too wide for a line, breaking between scalars (a colour sequence and the
    /// marks that follow a scalar stay with it).
    private mutating func cut(_ scalars: [Unicode.Scalar]) {
      var index = 0
      while index < scalars.count {
        var end = index + 1
        if let styleEnd = TextWrapper.styleEnd(scalars[...], at: index) {
          end = styleEnd
        } else {
          while end < scalars.count, TextWrapper.scalarWidth(scalars[end]) == 0,
            TextWrapper.styleEnd(scalars[...], at: end) == nil
          {
            end += 1
          }
        }
        let unit = Array(scalars[index..<end])
        let unitWidth = TextWrapper.displayWidth(unit[...])
        if unitWidth > 0, hasWord, lineWidth + unitWidth > width { breakLine() }
        append(unit, width: unitWidth)
        index = end
      }
    }

    /// Tracks which colours are open: a reset closes them all.
    private mutating func noteStyles(_ scalars: ArraySlice<Unicode.Scalar>) {
      var index = scalars.startIndex
      while index < scalars.endIndex {
        guard let end = TextWrapper.styleEnd(scalars, at: index) else {
          index += 1
          continue
        }
        let sequence = Array(scalars[index..<end])
        if sequence == Array("\u{1B}[0m".unicodeScalars) { openStyle = [] } else { openStyle += sequence }
        index = end
      }
    }

    /// A long word split after each `|`, `,`, `/` or `:` (the separator ends its piece).
    private static func pieces(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
      var pieces: [[Unicode.Scalar]] = [[]]
      for scalar in scalars {
        pieces[pieces.count - 1].append(scalar)
        if scalar == "|" || scalar == "," || scalar == "/" || scalar == ":" { pieces.append([]) }
      }
      return pieces.filter { !$0.isEmpty }
    }
  }
}
