/// What the user is about to do with the search bar, which decides whether they tap into it first.
package enum BarUse: Equatable, Sendable {
  /// Typing, deleting, clearing or the Search key: the keyboard must be up.
  case editing
  /// A scope button: the scope bar must be on screen, which it is while the bar is engaged.
  case scopeBar
}

extension SearchLifecycle {
  /// The tap into the bar a user makes before `use` when the bar is not ready for it (else none).
  ///
  /// The one rule the commands and live keys share, so a typed script and its keys leave the
  /// same state.
  package static func tapIntoBar(before use: BarUse, isFirstResponder: Bool, isSearching: Bool)
    -> [SearchAction]
  {
    let isReady =
      switch use {
      case .editing: isFirstResponder
      case .scopeBar: isSearching
      }
    return isReady ? [] : [.editingBegan]
  }

  /// `tapIntoBar(before:isFirstResponder:isSearching:)` for the screen in `state`.
  package func tapIntoBar(before use: BarUse, in state: SearchState) -> [SearchAction] {
    Self.tapIntoBar(
      before: use, isFirstResponder: state.isFirstResponder, isSearching: state.isSearching(options.flavor))
  }
}
