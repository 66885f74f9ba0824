/// One key (or one paste) read from the terminal in live mode.
public enum LiveKey: Equatable, Sendable {
  /// A typed character (one grapheme).
  case character(String)
  /// Text pasted at once: bracketed paste, or a burst of characters in one read.
  case paste(String)
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Ctrl-U: empty the field.
  case deleteLine
  /// Enter: the keyboard's Search key.
  case enter
  /// Esc: the Cancel button.
  case escape
  /// Tab: the next scope.
  case tab
  /// Shift-Tab: the previous scope.
  case backTab
  /// Up arrow.
  case up
  /// Down arrow.
  case down
  /// Ctrl-O: tap the highlighted row and open its detail.
  case open
  /// Ctrl-C: leave live mode, keeping the state.
  case interrupt
}
