import UIKitModel

/// fzf's line editing of the query: where a key puts the caret, and what it deletes.
///
/// Pure. It steps by Characters (one grapheme per Left, as a text field does) and speaks
/// UTF-16 offsets, as `shouldChangeTextIn` counts them. Words are fzf's: Ctrl-W's are
/// delimited by whitespace (`unix-word-rubout`); Alt-B, Alt-F, Alt-D and Alt-Backspace's are
/// runs of letters and digits.
struct QueryEditor: Equatable {
  /// One edit of the text and where the caret is after it.
  struct Edit: Equatable {
    /// The change, as `shouldChangeTextIn` reports it.
    var edit: TextEdit
    /// The caret after the change (UTF-16 offset).
    var caret: Int
  }

  /// The query's characters.
  let characters: [Character]
  /// The caret, in characters from the start.
  let caret: Int

  /// The editor on `text` with the caret at UTF-16 offset `caret` (clamped to the text, and
  /// moved back to the start of a character it falls inside).
  init(text: String, caret utf16Caret: Int) {
    characters = Array(text)
    var offset = 0
    var index = 0
    while index < characters.count {
      let next = offset + characters[index].utf16.count
      if next > utf16Caret { break }
      offset = next
      index += 1
    }
    caret = index
  }

  /// The UTF-16 offset of character `index`.
  func offset(_ index: Int) -> Int {
    characters[..<index].reduce(0) { $0 + $1.utf16.count }
  }

  /// Where a caret-moving key puts the caret (UTF-16), or nil for a key that moves nothing.
  func move(for key: LiveKey) -> Int? {
    let target: Int
    switch key {
    case .left: target = max(caret - 1, 0)
    case .right: target = min(caret + 1, characters.count)
    case .lineStart: target = 0
    case .lineEnd: target = characters.count
    case .wordLeft: target = wordStart(before: caret, isWord: Self.isWordCharacter)
    case .wordRight: target = wordEnd(after: caret)
    default: return nil
    }
    return offset(target)
  }

  /// The edit a deleting key makes at the caret, or nil when it has nothing to delete (or is
  /// not a deleting key).
  func deletion(for key: LiveKey) -> Edit? {
    let range: Range<Int>
    switch key {
    case .backspace: range = max(caret - 1, 0)..<caret
    case .delete, .deleteOrQuit: range = caret..<min(caret + 1, characters.count)
    case .deleteLine: range = 0..<caret
    case .unixWordRubout: range = wordStart(before: caret) { !$0.isWhitespace }..<caret
    case .backwardKillWord: range = wordStart(before: caret, isWord: Self.isWordCharacter)..<caret
    case .killWord: range = caret..<wordEnd(after: caret)
    default: return nil
    }
    guard !range.isEmpty else { return nil }
    return replacing(range, with: "")
  }

  /// Typing `text` at the caret.
  func insertion(_ text: String) -> Edit {
    replacing(caret..<caret, with: text)
  }

  /// Characters `range` replaced with `replacement`; the caret goes after it.
  private func replacing(_ range: Range<Int>, with replacement: String) -> Edit {
    let location = offset(range.lowerBound)
    let length = characters[range].reduce(0) { $0 + $1.utf16.count }
    return Edit(
      edit: TextEdit(location: location, length: length, replacement: replacement),
      caret: location + replacement.utf16.count)
  }

  /// A letter or a digit: what fzf's Alt-B, Alt-F and Alt-D words are made of (`[\pL\pN]`).
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// The start of the last word that begins before `end`: the last character in a word that
  /// follows one that is not (fzf's last match of `[^w][w]`, plus one), or 0.
  func wordStart(before end: Int, isWord: (Character) -> Bool) -> Int {
    var index = end - 1
    while index > 0 {
      if isWord(characters[index]), !isWord(characters[index - 1]) { return index }
      index -= 1
    }
    return 0
  }

  /// Just past the end of the first word that ends after `start` (fzf's first match of
  /// `[w][^w]|(.$)`, plus one): the end of the text when no word ends before it.
  func wordEnd(after start: Int) -> Int {
    var index = start
    while index + 1 < characters.count {
      if Self.isWordCharacter(characters[index]), !Self.isWordCharacter(characters[index + 1]) {
        return index + 1
      }
      index += 1
    }
    return characters.count
  }
}
