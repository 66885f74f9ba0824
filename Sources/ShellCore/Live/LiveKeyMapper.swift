import UIKitModel

/// Maps one key in live mode to the lifecycle actions it sends and the command that would send
/// the same actions, so a live session and its command script leave the same state.
///
/// Pure: everything it needs about the screen comes in a `Context`.
public enum LiveKeyMapper {
  /// What the mapper needs to know about the screen when the key arrives.
  public struct Context: Equatable, Sendable {
    /// `searchBar.text`.
    public var text = ""
    /// The caret in the bar (UTF-16 offset), or nil at the end of the text.
    public var caret: Int?
    /// Whether the bar is first responder (typing taps into it first otherwise).
    public var isFirstResponder = true
    /// Whether Cancel and the scope bar are on screen.
    public var isSearching = true
    /// Whether Cancel shows even while not searching (`showsCancelButton`).
    public var showsCancelButton = false
    /// `selectedScopeButtonIndex`.
    public var scopeIndex = 0
    /// How many scope buttons there are (0 without a scope bar).
    public var scopeCount = 0
    /// The highlighted row of the table on screen (from 0), if any.
    public var highlight: Int?
    /// The dataset row behind the highlighted row.
    public var highlightedItem: Int?
    /// How many rows the table on screen has.
    public var rowCount = 0
    /// Whether the detail view is open.
    public var isDetailOpen = false
    /// Whether the bar is scrolled out of sight.
    public var isBarScrolledOut = false

    public init() {}
  }

  /// What a key does: actions for the session, the equivalent command, and the screen's part.
  public struct Step: Equatable, Sendable {
    /// The lifecycle actions, in order (empty for keys that only move the highlight).
    public var actions: [SearchAction] = []
    /// The command line that sends the same actions, for `record`.
    public var command: LiveCommand?
    /// What changes on the live screen besides the lifecycle.
    public var effect: Effect = .none
    /// Where the caret goes (UTF-16 offset in the text after the actions); nil leaves it.
    public var caret: Int?

    public init(
      actions: [SearchAction] = [], command: LiveCommand? = nil, effect: Effect = .none, caret: Int? = nil
    ) {
      self.actions = actions
      self.command = command
      self.effect = effect
      self.caret = caret
    }
  }

  /// The live screen's own reaction to a key.
  public enum Effect: Equatable, Sendable {
    /// Nothing beyond the actions.
    case none
    /// Move the highlight to this row (nil: no highlight).
    case highlight(Int?)
    /// Tap the highlighted row, then open its detail when the tap selected it.
    case openRow(row: Int, item: Int)
    /// Close the detail view (Back).
    case closeDetail
    /// Scroll the table to the top so the hidden bar comes into sight.
    case revealBar
    /// Leave live mode (after the actions).
    case leave
  }

  /// The step for `key` on the screen `context` describes.
  public static func step(for key: LiveKey, in context: Context) -> Step {
    if context.isDetailOpen {
      // The detail view covers the search screen: a key goes Back first, Ctrl-C still leaves.
      if key == .redraw { return Step() }
      return key == .interrupt ? Step(effect: .leave) : Step(command: .back, effect: .closeDetail)
    }
    if context.isBarScrolledOut, key.usesTheBar {
      // The bar is out of sight: nothing to type into or tap until Up pulls it (as 'pull').
      return key == .escape ? Step(effect: .leave) : Step()
    }
    let focus = SearchLifecycle.tapIntoBar(
      before: .editing, isFirstResponder: context.isFirstResponder, isSearching: context.isSearching)
    switch key {
    case .character(let character):
      return edit(editor(context).insertion(character), focus: focus, in: context)
    case .paste(let pasted):
      return paste(pasted, focus: focus, in: context)
    case .backspace, .delete, .deleteOrQuit, .deleteLine, .unixWordRubout, .backwardKillWord, .killWord:
      guard let deletion = editor(context).deletion(for: key) else { return Step() }
      return edit(deletion, focus: focus, in: context)
    case .left, .right, .wordLeft, .wordRight, .lineStart, .lineEnd:
      // Moving the caret changes no text and UIKit tells the bar's delegate nothing. There is
      // no caret to move in a bar that is not first responder.
      guard context.isFirstResponder, let caret = editor(context).move(for: key) else { return Step() }
      return Step(caret: caret)
    case .enter:
      // The Search key is disabled while the text is empty.
      guard !context.text.isEmpty else { return Step() }
      return Step(actions: focus + [.searchButtonTapped], command: .submit)
    case .escape:
      guard context.isSearching || context.showsCancelButton else { return Step(effect: .leave) }
      return Step(actions: [.cancelButtonTapped], command: .cancel, effect: .leave)
    case .tab, .backTab:
      guard context.scopeCount > 1 else { return Step() }
      let delta = key == .tab ? 1 : context.scopeCount - 1
      let next = (context.scopeIndex + delta) % context.scopeCount
      let tapIntoBar = SearchLifecycle.tapIntoBar(
        before: .scopeBar, isFirstResponder: context.isFirstResponder, isSearching: context.isSearching)
      return Step(actions: tapIntoBar + [.scopeButtonTapped(next)], command: .scope(next))
    case .up:
      guard let highlight = context.highlight, highlight > 0 else {
        if context.isBarScrolledOut { return Step(command: .pull, effect: .revealBar) }
        return context.highlight == nil ? Step() : Step(effect: .highlight(nil))
      }
      return Step(effect: .highlight(highlight - 1))
    case .down:
      guard context.rowCount > 0 else { return Step() }
      let next = context.highlight.map { min($0 + 1, context.rowCount - 1) } ?? 0
      return Step(effect: .highlight(next))
    case .open:
      guard let row = context.highlight, let item = context.highlightedItem else { return Step() }
      return Step(command: .detail(row + 1), effect: .openRow(row: row, item: item))
    case .redraw:
      return Step()
    case .interrupt:
      return Step(effect: .leave)
    }
  }

  /// The editor on the context's text, with its caret.
  ///
  /// A bar that is not first responder has no caret: the tap into it that an editing key makes
  /// first puts the caret at the end (a model choice).
  static func editor(_ context: Context) -> QueryEditor {
    let end = context.text.utf16.count
    return QueryEditor(text: context.text, caret: context.isFirstResponder ? context.caret ?? end : end)
  }

  /// The step of one change at the caret: one shouldChangeTextIn with its real range.
  static func edit(_ change: QueryEditor.Edit, focus: [SearchAction], in context: Context) -> Step {
    Step(
      actions: focus + [.textChanged(change.edit)], command: .making(change.edit, on: context.text),
      caret: change.caret)
  }

  /// A paste: inserted at the caret, sent as one change of the whole text (the contract's
  /// paste), so `search TEXT` makes the same change.
  static func paste(_ pasted: String, focus: [SearchAction], in context: Context) -> Step {
    // The bar is one line: line breaks and tabs in a paste become spaces, as in UITextField.
    // Other control characters cannot be typed into the field and are dropped.
    let flat = String(
      pasted.map { $0.isNewline || $0 == "\t" ? " " : $0 }
        .filter { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    guard !flat.isEmpty else { return Step() }
    let editor = editor(context)
    let inserted = editor.insertion(flat)
    let newText = inserted.edit.applied(to: context.text)
    return Step(
      actions: focus + [.textChanged(.replaceAll(of: context.text, with: newText))],
      command: .search(newText), caret: inserted.caret)
  }
}

extension LiveKey {
  /// Whether the key acts on the search bar (its text, Search key, scope bar or Cancel).
  var usesTheBar: Bool {
    switch self {
    case .up, .down, .open, .redraw, .interrupt: false
    default: true
    }
  }
}
