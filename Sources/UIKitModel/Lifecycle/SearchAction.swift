/// A user action (or a line of app code) on the imaginary search screen, named for what happened.
public enum SearchAction: Equatable, Sendable {
  /// App code set `isActive` (UISearchController) or called `setActive(_:animated:)`.
  case activeSetByCode(Bool)
  /// The Cancel button was tapped.
  case cancelButtonTapped
  /// The clear (x) button inside the search field was tapped.
  case clearButtonTapped
  /// A new dataset was loaded: the screen starts over.
  case datasetLoaded
  /// The detail view was popped (Back).
  case detailClosed
  /// The detail view of the selected item was pushed.
  case detailOpened
  /// The user tapped into the search bar.
  case editingBegan
  /// A row of the table on screen was tapped: `row` in that table, `item` the dataset row behind it.
  case rowTapped(row: Int, item: Int)
  /// A scope-bar button was tapped.
  case scopeButtonTapped(Int)
  /// The keyboard's Search key was tapped.
  case searchButtonTapped
  /// The user edited the text: typed, deleted or pasted.
  case textChanged(TextEdit)
  /// App code assigned `searchBar.text`.
  case textSetByCode(String)
  /// The table was scrolled so the search bar went out of sight (`set bar-hidden on`).
  case tableScrolledPastBar
  /// The table was pulled back to the top, bringing the search bar into sight (`pull`, Up).
  case tablePulledToTop
}

extension SearchAction {
  /// Whether the action only scrolls the screen: UIKit calls no delegate for it, so it is no
  /// command's callbacks and no step of a diagram.
  package var isScrollOnly: Bool {
    switch self {
    case .tableScrolledPastBar, .tablePulledToTop: true
    default: false
    }
  }
}

/// One edit of the search field, as `shouldChangeTextIn` reports it (UTF-16 offsets, like NSRange).
public struct TextEdit: Equatable, Sendable {
  /// Start of the replaced range.
  public var location: Int
  /// Length of the replaced range.
  public var length: Int
  /// The text that replaces the range.
  public var replacement: String

  public init(location: Int, length: Int, replacement: String) {
    self.location = location
    self.length = length
    self.replacement = replacement
  }

  /// Typing `character` at the end of `text`.
  package static func append(_ character: String, to text: String) -> TextEdit {
    TextEdit(location: text.utf16.count, length: 0, replacement: character)
  }

  /// Deleting the last character of `text` (backspace).
  package static func deleteLast(of text: String) -> TextEdit? {
    guard let last = text.last else { return nil }
    let length = String(last).utf16.count
    return TextEdit(location: text.utf16.count - length, length: length, replacement: "")
  }

  /// Replacing the whole of `text` at once (a paste over a selection).
  package static func replaceAll(of text: String, with replacement: String) -> TextEdit {
    TextEdit(location: 0, length: text.utf16.count, replacement: replacement)
  }

  /// The text after applying this edit to `text`.
  package func applied(to text: String) -> String {
    var units = Array(text.utf16)
    let start = min(max(location, 0), units.count)
    let end = start + min(max(length, 0), units.count - start)
    units.replaceSubrange(start..<end, with: Array(replacement.utf16))
    return String(decoding: units, as: UTF16.self)
  }
}
