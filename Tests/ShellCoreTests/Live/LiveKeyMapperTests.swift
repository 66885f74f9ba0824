import Testing

@testable import ShellCore
@testable import UIKitModel

/// Each key's actions, equivalent command and screen effect, table-driven over the context.
struct LiveKeyMapperTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let key: LiveKey
    var context = LiveKeyMapper.Context()
    let step: LiveKeyMapper.Step
    var testDescription: String { name }
  }

  static func context(
    text: String = "", focused: Bool = true, searching: Bool = true, scope: Int = 0, scopes: Int = 0,
    highlight: Int? = nil, item: Int? = nil, rows: Int = 0, detail: Bool = false, barOut: Bool = false,
    showsCancel: Bool = false, caret: Int? = nil
  ) -> LiveKeyMapper.Context {
    var context = LiveKeyMapper.Context()
    context.caret = caret
    context.showsCancelButton = showsCancel
    context.text = text
    context.isFirstResponder = focused
    context.isSearching = searching
    context.scopeIndex = scope
    context.scopeCount = scopes
    context.highlight = highlight
    context.highlightedItem = item
    context.rowCount = rows
    context.isDetailOpen = detail
    context.isBarScrolledOut = barOut
    return context
  }

  static let cases: [Case] = [
    Case(
      name: "typing appends at the end, in UTF-16", key: .character("r"), context: context(text: "gé"),
      step: .init(
        actions: [.textChanged(TextEdit(location: 2, length: 0, replacement: "r"))], command: .type("r"),
        caret: 3)),
    Case(
      name: "an emoji's range counts UTF-16 units", key: .backspace, context: context(text: "a👍"),
      step: .init(
        actions: [.textChanged(TextEdit(location: 1, length: 2, replacement: ""))], command: .backspace(1),
        caret: 1)),
    Case(
      name: "typing after Search taps into the bar first", key: .character("x"),
      context: context(text: "ab", focused: false),
      step: .init(
        actions: [.editingBegan, .textChanged(TextEdit(location: 2, length: 0, replacement: "x"))],
        command: .type("x"), caret: 3)),
    Case(name: "backspace on empty text does nothing", key: .backspace, step: .init()),
    Case(
      name: "a paste is one change over the whole text", key: .paste("many"), context: context(text: "Ger"),
      step: .init(
        actions: [.textChanged(TextEdit(location: 0, length: 3, replacement: "Germany"))],
        command: .search("Germany"), caret: 7)),
    Case(
      name: "a paste's line breaks become spaces", key: .paste("a\nb\tc"),
      step: .init(
        actions: [.textChanged(TextEdit(location: 0, length: 0, replacement: "a b c"))],
        command: .search("a b c"), caret: 5)),
    Case(
      name: "Ctrl-U is one change to empty", key: .deleteLine, context: context(text: "ger"),
      step: .init(
        actions: [.textChanged(TextEdit(location: 0, length: 3, replacement: ""))], command: .search(""),
        caret: 0)),
    Case(name: "Ctrl-U on empty text does nothing", key: .deleteLine, step: .init()),
    Case(
      name: "Enter is the Search key", key: .enter, context: context(text: "ger"),
      step: .init(actions: [.searchButtonTapped], command: .submit)),
    Case(name: "Enter is disabled on empty text", key: .enter, step: .init()),
    Case(
      name: "Esc is Cancel, then leaves", key: .escape,
      step: .init(actions: [.cancelButtonTapped], command: .cancel, effect: .leave)),
    Case(
      name: "Esc without Cancel only leaves", key: .escape, context: context(searching: false),
      step: .init(effect: .leave)),
    Case(
      name: "Esc taps an always-shown Cancel, then leaves", key: .escape,
      context: context(searching: false, showsCancel: true),
      step: .init(actions: [.cancelButtonTapped], command: .cancel, effect: .leave)),
    Case(
      name: "Tab selects the next scope", key: .tab, context: context(scope: 1, scopes: 4),
      step: .init(actions: [.scopeButtonTapped(2)], command: .scope(2))),
    Case(
      name: "Shift-Tab wraps to the last scope", key: .backTab, context: context(scopes: 4),
      step: .init(actions: [.scopeButtonTapped(3)], command: .scope(3))),
    Case(
      name: "Tab while inactive taps into the bar first", key: .tab,
      context: context(focused: false, searching: false, scopes: 3),
      step: .init(actions: [.editingBegan, .scopeButtonTapped(1)], command: .scope(1))),
    Case(name: "Tab without a scope bar does nothing", key: .tab, step: .init()),
    Case(
      name: "Down highlights the first row", key: .down, context: context(rows: 5),
      step: .init(effect: .highlight(0))),
    Case(
      name: "Down stops at the last row", key: .down, context: context(highlight: 4, rows: 5),
      step: .init(effect: .highlight(4))),
    Case(name: "Down on an empty table does nothing", key: .down, step: .init()),
    Case(
      name: "Up moves the highlight up", key: .up, context: context(highlight: 2, rows: 5),
      step: .init(effect: .highlight(1))),
    Case(
      name: "Up from the first row goes back to the bar", key: .up, context: context(highlight: 0, rows: 5),
      step: .init(effect: .highlight(nil))),
    Case(
      name: "A character does nothing while the bar is out of sight", key: .character("a"),
      context: context(barOut: true), step: .init()),
    Case(
      name: "Enter does nothing while the bar is out of sight", key: .enter,
      context: context(barOut: true), step: .init()),
    Case(
      name: "Escape leaves while the bar is out of sight", key: .escape, context: context(barOut: true),
      step: .init(effect: .leave)),
    Case(
      name: "Up at the top pulls a hidden bar into sight", key: .up,
      context: context(highlight: 0, rows: 5, barOut: true),
      step: .init(command: .pull, effect: .revealBar)),
    Case(
      name: "Ctrl-O opens the highlighted row", key: .open, context: context(highlight: 2, item: 40, rows: 5),
      step: .init(command: .detail(3), effect: .openRow(row: 2, item: 40))),
    Case(
      name: "Ctrl-O without a highlight does nothing", key: .open, context: context(rows: 5), step: .init()),
    Case(
      name: "any key in the detail view goes back", key: .character("x"), context: context(detail: true),
      step: .init(command: .back, effect: .closeDetail)),
    Case(
      name: "Ctrl-C in the detail view leaves", key: .interrupt, context: context(detail: true),
      step: .init(effect: .leave)),
    Case(
      name: "Ctrl-C leaves keeping the state", key: .interrupt, context: context(text: "ger"),
      step: .init(effect: .leave)),
  ]

  @Test(arguments: cases)
  func maps(_ example: Case) {
    #expect(LiveKeyMapper.step(for: example.key, in: example.context) == example.step)
  }

  @Test(arguments: [
    (LiveCommand.type("ger"), "type ger"), (.type(" "), "type \" \""), (.type("a\"b"), "type a\"b"),
    (.type("\"x\\"), "type \"\\\"x\\\\\""), (.search(""), "search \"\""), (.backspace(3), "backspace 3"),
    (.scope(2), "scope 2"), (.detail(4), "detail 4"),
  ])
  func commandLinesReadBackToTheSameText(_ command: LiveCommand, _ line: String) throws {
    #expect(command.line == line)
    if case .type(let text) = command {
      #expect(try CommandTokenizer.restOfLine(Substring(line.dropFirst("type ".count))) == text)
    }
  }
}
