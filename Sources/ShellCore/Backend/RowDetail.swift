/// What the detail view shows of one row: its title, then every other field.
public struct RowDetail: Equatable, Sendable {
  /// One field of the row.
  public struct Field: Equatable, Sendable {
    /// The column's name.
    public var name: String
    /// The row's value in it, raw.
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The row's title, raw.
  public var title: String
  /// The title column's name (the field names are padded to the longest name, this one too).
  public var titleColumn: String
  /// The other fields, in column order.
  public var fields: [Field]

  public init(title: String, titleColumn: String, fields: [Field]) {
    self.title = title
    self.titleColumn = titleColumn
    self.fields = fields
  }
}
