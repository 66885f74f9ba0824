/// One key (or one paste) read from the terminal in live mode.
///
/// The editing keys are fzf's (readline's): they act at the caret in the bar.
public enum LiveKey: Equatable, Sendable {
  /// A typed character (one grapheme).
  case character(String)
  /// Text pasted at once: bracketed paste, or a burst of characters in one read.
  case paste(String)
  /// Backspace (DEL or Ctrl-H): delete the character before the caret.
  case backspace
  /// Delete: delete the character under the caret.
  case delete
  /// Ctrl-D: as Delete, and on an empty query the picker quits (fzf's `delete-char/eof`).
  case deleteOrQuit
  /// Ctrl-U: delete from the caret to the start (`unix-line-discard`).
  case deleteLine
  /// Ctrl-W: delete the whitespace-delimited word before the caret (`unix-word-rubout`).
  case unixWordRubout
  /// Alt-Backspace: delete the word of letters and digits before the caret (`backward-kill-word`).
  case backwardKillWord
  /// Alt-D: delete to the end of the word after the caret (`kill-word`).
  case killWord
  /// Left or Ctrl-B: the caret one character back.
  case left
  /// Right or Ctrl-F: the caret one character on.
  case right
  /// Alt-B, Ctrl-Left or Shift-Left: the caret to the start of the word before it.
  case wordLeft
  /// Alt-F, Ctrl-Right or Shift-Right: the caret to the end of the word after it.
  case wordRight
  /// Home or Ctrl-A: the caret to the start.
  case lineStart
  /// End or Ctrl-E: the caret to the end.
  case lineEnd
  /// Enter (CR): the keyboard's Search key; the picker's pick.
  case enter
  /// Esc: the Cancel button.
  case escape
  /// Tab: the next scope.
  case tab
  /// Shift-Tab: the previous scope.
  case backTab
  /// Up arrow, Ctrl-K or Ctrl-P.
  case up
  /// Down arrow, Ctrl-J or Ctrl-N.
  case down
  /// Ctrl-O: tap the highlighted row and open its detail.
  case open
  /// Ctrl-L: clear the terminal and draw the frame again.
  case redraw
  /// Ctrl-C: leave live mode, keeping the state.
  case interrupt

  /// Whether the key may end live mode or the picker: keys after it are not its to handle.
  public var mayLeave: Bool {
    switch self {
    case .interrupt, .escape, .enter, .deleteOrQuit: true
    default: false
    }
  }
}
