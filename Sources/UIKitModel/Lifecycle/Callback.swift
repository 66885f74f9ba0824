/// One delegate callback, with its arguments, its return value and the state at that step.
public struct Callback: Equatable, Sendable {
  /// Which method is called.
  public var name: CallbackName
  /// The interesting arguments, in declaration order (the sender itself is left out).
  public var arguments: [CallbackArgument]
  /// What a `should…` method returns (the model's app always agrees unless live search is off).
  public var returns: Bool?
  /// The state when the method runs.
  public var state: CallbackSnapshot

  init(
    _ name: CallbackName, _ arguments: [CallbackArgument] = [], returns: Bool? = nil, state: CallbackSnapshot
  ) {
    self.name = name
    self.arguments = arguments
    self.returns = returns
    self.state = state
  }
}

/// A labelled argument of a callback.
public struct CallbackArgument: Equatable, Sendable {
  /// The argument label as the selector spells it, such as `textDidChange`.
  public var label: String
  /// The value passed.
  public var value: Value

  init(_ label: String, _ value: Value) {
    self.label = label
    self.value = value
  }

  /// A value passed to a delegate method.
  public enum Value: Equatable, Sendable {
    /// A string, such as the search text (shared with the state it came from).
    case text(SharedText)
    /// An integer, such as a scope index.
    case integer(Int)
    /// An `NSRange`.
    case range(location: Int, length: Int)
    /// An `IndexPath` (section, row).
    case indexPath(section: Int, row: Int)
    /// A named object, such as the table view that was tapped.
    case object(String)
  }
}

/// The state columns of a trace: what UIKit would report at one step.
public struct CallbackSnapshot: Equatable, Sendable {
  /// `searchController.isActive`.
  public var isActive: Bool
  /// `searchBar.text`, shared with the state it was taken from.
  var searchText: SharedText
  /// `searchBar.text`.
  public var text: String { searchText.string }
  /// `searchBar.isFirstResponder`.
  public var isFirstResponder: Bool
  /// The table the user sees.
  public var shown: ShownTable

  init(isActive: Bool, searchText: SharedText, isFirstResponder: Bool, shown: ShownTable) {
    self.isActive = isActive
    self.searchText = searchText
    self.isFirstResponder = isFirstResponder
    self.shown = shown
  }

  /// A snapshot with `text` in a buffer of its own.
  init(isActive: Bool, text: String, isFirstResponder: Bool, shown: ShownTable) {
    self.init(
      isActive: isActive, searchText: SharedText(text), isFirstResponder: isFirstResponder, shown: shown)
  }
}
