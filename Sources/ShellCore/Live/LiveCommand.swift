import UIKitModel

/// A shell command equivalent to a live-mode key, as `record` writes it.
public enum LiveCommand: Equatable, Sendable {
  /// `focus`: entering live mode taps into the bar.
  case focus
  /// `type TEXT`.
  case type(String)
  /// `backspace COUNT`.
  case backspace(Int)
  /// `search TEXT` (a paste, or Ctrl-U with empty text).
  case search(String)
  /// `edit LOCATION LENGTH TEXT`: one change anywhere in the text (a key at the caret).
  case edit(TextEdit)
  /// `submit`.
  case submit
  /// `cancel`.
  case cancel
  /// `scope INDEX`.
  case scope(Int)
  /// `detail ROW`.
  case detail(Int)
  /// `back`.
  case back
  /// `pull`.
  case pull

  /// The command line, with the text quoted whenever reading it back would change it.
  public var line: String {
    switch self {
    case .focus: return "focus"
    case .type(let text): return "type " + CommandTokenizer.quotedRestOfLine(text)
    case .backspace(let count): return count == 1 ? "backspace" : "backspace \(count)"
    case .search(let text): return "search " + CommandTokenizer.quotedRestOfLine(text)
    case .edit(let edit):
      let range = "edit \(edit.location) \(edit.length)"
      return edit.replacement.isEmpty
        ? range : range + " " + CommandTokenizer.quotedRestOfLine(edit.replacement)
    case .submit: return "submit"
    case .cancel: return "cancel"
    case .scope(let index): return "scope \(index)"
    case .detail(let row): return "detail \(row)"
    case .back: return "back"
    case .pull: return "pull"
    }
  }

  /// The command that makes exactly `edit` on `text`: the plainest of `type`, `backspace`,
  /// `search` and `edit` whose change is the same, so a record reads as it was typed.
  static func making(_ edit: TextEdit, on text: String) -> LiveCommand {
    if edit == .append(edit.replacement, to: text), edit.replacement.count == 1 {
      return .type(edit.replacement)
    }
    if edit == TextEdit.deleteLast(of: text) { return .backspace(1) }
    if edit.location == 0, edit.length == text.utf16.count { return .search(edit.replacement) }
    return .edit(edit)
  }

  /// This command followed by `next` as one command, when that sends the same actions
  /// (`type a` + `type b` is `type ab`).
  func merged(with next: LiveCommand) -> LiveCommand? {
    switch (self, next) {
    case (.type(let first), .type(let second)): return .type(first + second)
    case (.backspace(let first), .backspace(let second)): return .backspace(first + second)
    default: return nil
    }
  }
}
