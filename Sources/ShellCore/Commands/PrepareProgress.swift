import Tables

/// Shows `prepare`'s progress: one line redrawn in place at a terminal, else a plain line each
/// time the server's phase changes (a script's log keeps a few lines, not one a second).
final class PrepareProgress {
  /// Redraws the terminal's status line (nil: not a terminal).
  private let statusLine: ((String) -> Void)?
  /// The terminal's width: a longer line would wrap and leave remains when redrawn.
  private let width: Int
  /// Prints a line to keep, on standard error.
  private let printLine: (String) -> Void
  /// The last line's phase (its text before the first comma), printed off a terminal.
  private var lastPhase: String?
  /// Whether the status line shows something to clear.
  private var isShown = false

  /// Progress drawn with `statusLine` when given, else printed by `printLine`.
  init(statusLine: ((String) -> Void)?, width: Int, printLine: @escaping (String) -> Void) {
    self.statusLine = statusLine
    self.width = max(20, width)
    self.printLine = printLine
  }

  /// Shows a progress line from the server (sanitized here).
  func show(_ line: String) {
    let text = Sanitizer.printable(line)
    if let statusLine {
      statusLine(Self.cut(text + "  (Ctrl-C stops; prepare resumes)", width: width - 1))
      isShown = true
      return
    }
    let phase = text.split(separator: ",", maxSplits: 1).first.map(String.init) ?? text
    guard phase != lastPhase else { return }
    lastPhase = phase
    printLine(text)
  }

  /// Prints a line to keep (what a wait waits for), below any status line.
  func note(_ line: String) {
    clear()
    printLine(Sanitizer.printable(line))
  }

  /// Clears the status line when the work ends.
  func finish() { clear() }

  private func clear() {
    guard isShown, let statusLine else { return }
    statusLine("")
    isShown = false
  }

  /// `text` cut to `width` characters.
  static func cut(_ text: String, width: Int) -> String {
    text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
  }
}
