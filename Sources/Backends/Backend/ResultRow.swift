/// One row of a result page: the dataset row and its title, as the table shows it.
package struct ResultRow: Equatable, Sendable {
  /// The row's position in the dataset (what `select`, `detail` and exports name).
  package var id: Int
  /// The row's title, raw (the renderers make it printable).
  package var title: String

  package init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}
