import Testing

@testable import ShellCore
@testable import UIKitModel

/// `SharedText` edits give exactly what `TextEdit.applied(to:)` gives on Strings, and earlier
/// values never change when a later one appends in place.
struct SharedTextTests {
  static let texts = ["", "abc", "é😀x", "a\u{301}", "😀😀"]

  /// Edits at and around the end (the fast paths) and in the middle (the copy).
  static func edits(of text: String) -> [TextEdit] {
    let count = text.utf16.count
    var edits: [TextEdit] = []
    for location in [0, 1, count - 1, count, count + 3] where location >= 0 {
      for length in [0, 1, 2, count] {
        for replacement in ["", "z", "😀", "\u{301}"] {
          edits.append(TextEdit(location: location, length: length, replacement: replacement))
        }
      }
    }
    return edits
  }

  @Test(arguments: texts)
  func editsMatchTheStringEdit(_ text: String) {
    for edit in Self.edits(of: text) {
      let shared = SharedText(text).applying(edit)
      shared.checkInvariants()
      let expected = edit.applied(to: text)
      #expect(shared.string == expected, "\(edit) on \(text.debugDescription)")
      #expect(shared.utf16Count == expected.utf16.count)
      #expect(shared == SharedText(expected))
    }
  }

  @Test func earlierValuesKeepTheirTextWhenALaterOneAppends() {
    let start = SharedText("ab")
    let typed = start.appending("c")
    let branch = start.appending("x")
    let deleted = typed.applying(TextEdit(location: 2, length: 1, replacement: ""))
    let retyped = deleted.appending("y")
    #expect(start.string == "ab")
    #expect(typed.string == "abc")
    #expect(branch.string == "abx")
    #expect(deleted.string == "ab")
    #expect(retyped.string == "aby")
    #expect(typed.string == "abc")
    for value in [start, typed, branch, deleted, retyped] { value.checkInvariants() }
  }

  @Test func aLongTypeFiresEveryStepWithItsOwnText() throws {
    let fixture = try SessionFixture()
    let text = String(repeating: "é😀a", count: 300)
    let printed = fixture.run("type \(text)")
    #expect(printed.errors == [])
    let changes = fixture.session.screen.lastCallbacks.filter { $0.name == .searchBarTextDidChange }
    #expect(changes.count == text.count)
    var prefix = ""
    for (character, callback) in zip(text, changes) {
      prefix.append(character)
      #expect(callback.state.text == prefix)
    }
    #expect(fixture.session.screen.state.text == text)
  }

  @Test func typeAndBackspaceRefuseMoreThanTheKeystrokeLimit() throws {
    let fixture = try SessionFixture()
    let long = String(repeating: "a", count: Session.keystrokeLimit + 1)
    let printed = fixture.run("type " + long, "search " + long, "backspace 99999999999999999999", "status")
    #expect(
      printed.errors == [
        "error: Cannot run 'type': the text has 100001 characters and 'type' types at most 100000, one change"
          + " each; 'search' sets any text in one change",
        "error: Cannot run 'backspace': it would delete 100001 characters and deletes at most 100000, one change"
          + " each; 'clear' empties the text in one change",
      ])
    #expect(fixture.session.screen.state.text == long)
  }
}
