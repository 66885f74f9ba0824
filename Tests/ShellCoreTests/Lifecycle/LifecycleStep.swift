@testable import ShellCore

/// One action's step through the lifecycle as the global-rule tests check it: the options, the
/// state before and after, and the callbacks sent in between.
struct LifecycleStep {
  let options: LifecycleOptions
  let before: SearchState
  let action: SearchAction
  let callbacks: [Callback]
  let after: SearchState
  /// The callbacks' names, in order.
  let names: [CallbackName]

  init(
    options: LifecycleOptions, before: SearchState, action: SearchAction, callbacks: [Callback],
    after: SearchState
  ) {
    self.options = options
    self.before = before
    self.action = action
    self.callbacks = callbacks
    self.after = after
    names = callbacks.map(\.name)
  }

  /// Where the first callback named `name` was sent.
  func first(_ name: CallbackName) -> Int? { names.firstIndex(of: name) }

  /// Whether `name` is a search bar's callback.
  static func isBar(_ name: CallbackName) -> Bool { name.receiver == "UISearchBarDelegate" }

  /// The violation when `b` was sent without `a` before it (just before, when `adjacent`).
  func ordered(_ a: CallbackName, _ b: CallbackName, adjacent: Bool = false) -> [String] {
    guard let j = first(b) else { return [] }
    guard let i = first(a), i < j, !adjacent || i + 1 == j else {
      return ["\(b.selector) without \(a.selector) \(adjacent ? "just " : "")before it"]
    }
    return []
  }
}
