/// How a piped row becomes what the picker shows, searches and prints (fzf's `--with-nth`,
/// `--nth`, `-d` and `--ansi`), for `PipedRowReader`.
package protocol PipedRowShape: Sendable {
  /// Whether the row is searched in a text of its own (`--nth`) rather than in what is shown.
  var searchesApart: Bool { get }
  /// The row as shown, as searched when not `searchesApart`, and as printed when picked.
  func shape(_ row: UnsafeBufferPointer<UInt8>) -> PipedShapedRow
}

/// One piped row through a `PipedRowShape`.
package struct PipedShapedRow: Equatable, Sendable {
  /// The text shown (and searched, unless `searched` is set).
  package var shown: [UInt8]
  /// The text searched, when it is not the shown text.
  package var searched: [UInt8]?
  /// The bytes printed when the row is picked.
  package var printed: [UInt8]

  package init(shown: [UInt8], searched: [UInt8]?, printed: [UInt8]) {
    self.shown = shown
    self.searched = searched
    self.printed = printed
  }
}
