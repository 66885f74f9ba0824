import Testing

@testable import ShellCore
@testable import UIKitModel

/// fzf's editing keys at the caret: each edit is one change with its real UTF-16 range and the
/// command that makes the same change; a caret move changes nothing and sends nothing.
struct LiveKeyEditingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// The caret before the key (UTF-16), nil at the end.
    var caret: Int?
    let key: LiveKey
    /// The change sent, as (location, length, replacement); nil for none.
    var edit: (Int, Int, String)?
    /// The equivalent command line.
    var command: String?
    /// The caret after the key; nil when the key does nothing at all.
    var caretAfter: Int?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // The example: `foo bar`, Left, X.
    Case(
      name: "typing in the middle inserts at the caret", text: "foo bar", caret: 6, key: .character("X"),
      edit: (6, 0, "X"), command: "edit 6 0 X", caretAfter: 7),
    Case(
      name: "typing at the end is still 'type'", text: "foo", key: .character("d"), edit: (3, 0, "d"),
      command: "type d", caretAfter: 4),
    Case(
      name: "typing after an emoji counts its two units", text: "👍漢字", caret: 2, key: .character("a"),
      edit: (2, 0, "a"), command: "edit 2 0 a", caretAfter: 3),
    Case(
      name: "typing a space in the middle quotes it", text: "ab", caret: 1, key: .character(" "),
      edit: (1, 0, " "), command: "edit 1 0 \" \"", caretAfter: 2),
    Case(
      name: "Backspace deletes the character before the caret", text: "a👍b", caret: 3, key: .backspace,
      edit: (1, 2, ""), command: "edit 1 2", caretAfter: 1),
    Case(name: "Backspace at the start does nothing", text: "ab", caret: 0, key: .backspace),
    Case(
      name: "Delete deletes the character under the caret", text: "漢字かな", caret: 1, key: .delete,
      edit: (1, 1, ""), command: "edit 1 1", caretAfter: 1),
    Case(name: "Delete at the end does nothing", text: "ab", key: .delete),
    Case(
      name: "Ctrl-D deletes as Delete does", text: "abc", caret: 0, key: .deleteOrQuit, edit: (0, 1, ""),
      command: "edit 0 1", caretAfter: 0),
    Case(name: "Ctrl-D on empty text sends nothing", text: "", key: .deleteOrQuit),
    Case(
      name: "Ctrl-U deletes from the caret to the start", text: "foo bar", caret: 4, key: .deleteLine,
      edit: (0, 4, ""), command: "edit 0 4", caretAfter: 0),
    Case(
      name: "Ctrl-U at the end empties the text, as 'search \"\"'", text: "foo bar", key: .deleteLine,
      edit: (0, 7, ""), command: "search \"\"", caretAfter: 0),
    Case(name: "Ctrl-U at the start does nothing", text: "foo", caret: 0, key: .deleteLine),
    Case(
      name: "Ctrl-W deletes the word before the caret", text: "foo bar baz", key: .unixWordRubout,
      edit: (8, 3, ""), command: "edit 8 3", caretAfter: 8),
    Case(
      name: "Ctrl-W takes the spaces after the word too", text: "foo-bar baz ", key: .unixWordRubout,
      edit: (8, 4, ""), command: "edit 8 4", caretAfter: 8),
    Case(
      name: "Ctrl-W words are whitespace-delimited", text: "foo-bar", key: .unixWordRubout,
      edit: (0, 7, ""), command: "search \"\"", caretAfter: 0),
    Case(
      name: "Ctrl-W in the middle keeps what follows", text: "foo bar baz", caret: 7, key: .unixWordRubout,
      edit: (4, 3, ""), command: "edit 4 3", caretAfter: 4),
    Case(
      name: "Ctrl-W over emoji counts UTF-16", text: "a 👍👍", key: .unixWordRubout, edit: (2, 4, ""),
      command: "edit 2 4", caretAfter: 2),
    Case(
      name: "Ctrl-W over CJK", text: "東京 かな", key: .unixWordRubout, edit: (3, 2, ""), command: "edit 3 2",
      caretAfter: 3),
    Case(
      name: "Alt-Backspace stops at punctuation", text: "foo-bar", key: .backwardKillWord, edit: (4, 3, ""),
      command: "edit 4 3", caretAfter: 4),
    Case(
      name: "Alt-Backspace deleting one character is 'backspace'", text: "foo b", key: .backwardKillWord,
      edit: (4, 1, ""), command: "backspace", caretAfter: 4),
    Case(
      name: "Alt-D deletes to the end of the next word", text: "fooX bar baz", caret: 8, key: .killWord,
      edit: (8, 4, ""), command: "edit 8 4", caretAfter: 8),
    Case(
      name: "Alt-D at the start", text: "foo bar", caret: 0, key: .killWord, edit: (0, 3, ""),
      command: "edit 0 3", caretAfter: 0),
    Case(name: "Alt-D at the end does nothing", text: "foo", key: .killWord),
    Case(name: "Left moves back one character", text: "foo bar", key: .left, caretAfter: 6),
    Case(name: "Left over an emoji moves two units", text: "a👍", key: .left, caretAfter: 1),
    Case(name: "Left at the start stays", text: "ab", caret: 0, key: .left, caretAfter: 0),
    Case(name: "Right over a flag moves four units", text: "🇫🇷x", caret: 0, key: .right, caretAfter: 4),
    Case(name: "Ctrl-A goes to the start", text: "foo", key: .lineStart, caretAfter: 0),
    Case(name: "Ctrl-E goes to the end", text: "漢字", caret: 0, key: .lineEnd, caretAfter: 2),
    Case(
      name: "Alt-F goes past the next word", text: "fooX bar baz", caret: 0, key: .wordRight, caretAfter: 4),
    Case(name: "Alt-F from a space", text: "fooX bar baz", caret: 4, key: .wordRight, caretAfter: 8),
    Case(
      name: "Alt-F in the last word goes to the end", text: "foo bar", caret: 5, key: .wordRight,
      caretAfter: 7),
    Case(name: "Alt-B goes to the word's start", text: "fooX bar baz", key: .wordLeft, caretAfter: 9),
    Case(name: "Alt-B from a word's start", text: "fooX bar baz", caret: 9, key: .wordLeft, caretAfter: 5),
    Case(
      name: "a caret inside a character counts from its start", text: "a👍", caret: 2, key: .backspace,
      edit: (0, 1, ""), command: "edit 0 1", caretAfter: 0),
  ]

  @Test(arguments: cases)
  func editsAtTheCaret(_ example: Case) {
    let context = LiveKeyMapperTests.context(text: example.text, caret: example.caret)
    let step = LiveKeyMapper.step(for: example.key, in: context)
    if let (location, length, replacement) = example.edit {
      let edit = TextEdit(location: location, length: length, replacement: replacement)
      #expect(step.actions == [.textChanged(edit)])
      #expect(step.command?.line == example.command)
      #expect(step.caret == example.caretAfter)
    } else {
      // A move (or nothing): no text change, no delegate callback, nothing recorded.
      #expect(step.actions == [])
      #expect(step.command == nil)
      #expect(step.caret == example.caretAfter)
    }
    #expect(step.effect == .none)
  }

  /// The example and fzf's own results for a run of keys (checked in fzf 0.38).
  @Test(arguments: [
    ("foo bar", [LiveKey.left, .character("X")], "foo baXr"),
    ("foo bar baz", [.lineStart, .wordRight, .character("X"), .wordRight, .killWord], "fooX bar"),
    ("fooX bar", [.wordLeft, .wordLeft, .character("Y"), .deleteLine], "fooX bar"),
    ("fooX bar", [.left, .deleteOrQuit, .backspace], "fooX b"),
    ("foo-bar baz ", [.backwardKillWord, .unixWordRubout], ""),
    ("fooX ", [.lineStart, .right, .delete], "foX "),
  ])
  func keysLeaveTheTextFzfLeaves(_ start: String, _ keys: [LiveKey], _ expected: String) {
    var context = LiveKeyMapperTests.context(text: start)
    for key in keys {
      let step = LiveKeyMapper.step(for: key, in: context)
      for case .textChanged(let edit) in step.actions { context.text = edit.applied(to: context.text) }
      if let caret = step.caret { context.caret = caret }
    }
    #expect(context.text == expected)
  }

  @Test func movingTheCaretWhileTheBarIsNotFirstResponderDoesNothing() {
    let context = LiveKeyMapperTests.context(text: "foo", focused: false, caret: 1)
    #expect(LiveKeyMapper.step(for: .left, in: context) == .init())
    // A key that edits taps into the bar first, and the tap puts the caret at the end.
    let step = LiveKeyMapper.step(for: .unixWordRubout, in: context)
    #expect(step.actions == [.editingBegan, .textChanged(TextEdit(location: 0, length: 3, replacement: ""))])
  }

  @Test func aPasteGoesInAtTheCaretAsOneChangeOfTheWholeText() {
    let step = LiveKeyMapper.step(
      for: .paste("XY"), in: LiveKeyMapperTests.context(text: "foo bar", caret: 3))
    #expect(step.actions == [.textChanged(TextEdit(location: 0, length: 7, replacement: "fooXY bar"))])
    #expect(step.command == .search("fooXY bar"))
    #expect(step.caret == 5)
  }
}
