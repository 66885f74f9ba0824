/// What the detail view shows of one row: its title, then every other field.
package struct RowDetail: Equatable, Sendable {
  /// One field of the row.
  package struct Field: Equatable, Sendable {
    /// The column's name.
    package var name: String
    /// The row's value in it, raw.
    package var value: String

    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The row's title, raw.
  package var title: String
  /// The title column's name (the field names are padded to the longest name, this one too).
  package var titleColumn: String
  /// The other fields, in column order.
  package var fields: [Field]

  package init(title: String, titleColumn: String, fields: [Field]) {
    self.title = title
    self.titleColumn = titleColumn
    self.fields = fields
  }
}
