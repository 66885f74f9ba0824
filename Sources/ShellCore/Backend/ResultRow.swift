/// One row of a result page: the dataset row and its title, as the table shows it.
public struct ResultRow: Equatable, Sendable {
  /// The row's position in the dataset (what `select`, `detail` and exports name).
  public var id: Int
  /// The row's title, raw (the renderers make it printable).
  public var title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}
