/// Decides which column is the title and which feeds the scope bar.
package enum ColumnRoles {
  /// Column names that make a title, checked in order.
  static let titleNames = ["name", "title"]
  /// Column names that make a scope, checked in order.
  static let scopeNames = ["category", "type", "kind", "group"]

  /// The index of the column `name` names: an exact match first, then one ignoring case, then
  /// one ignoring the spaces at the ends too (a header written `id, name, unit price` names its
  /// columns `" name"` and `" unit price"`, which no one types).
  package static func index(of name: String, in columns: [String]) -> Int? {
    if let exact = columns.firstIndex(of: name) { return exact }
    let folded = name.lowercased()
    if let index = columns.firstIndex(where: { $0.lowercased() == folded }) { return index }
    let trimmed = folded.trimmingCharacters(in: .whitespaces)
    return columns.firstIndex { $0.lowercased().trimmingCharacters(in: .whitespaces) == trimmed }
  }

  /// The title column: the chosen one, else the first named like a title, else the first.
  package static func title(_ choice: ColumnChoice, columns: [String]) throws(TableError) -> Int {
    switch choice {
    case .named(let name):
      guard let index = index(of: name, in: columns) else { throw .unknownColumn(name, columns: columns) }
      return index
    case .automatic, .none:
      return namedTitle(in: columns) ?? 0
    }
  }

  /// The first column named like a title (`name`, `title`), if any.
  package static func namedTitle(in columns: [String]) -> Int? {
    firstNamed(titleNames, in: columns)
  }

  /// The title column of a loaded table: `chosen` when the user named one or a column is named
  /// like a title, else the text column that names its rows best (not an id, a number or a
  /// date: most files start with an id), else the first; with the profile that chose it, if one
  /// did (`searchedColumns(in:profile:)` then reads it rather than sampling the rows again).
  package static func title(_ choice: ColumnChoice, in dataset: Dataset, chosen: Int) -> (
    title: Int, profile: ColumnProfile?
  ) {
    guard case .automatic = choice, namedTitle(in: dataset.columns) == nil, dataset.columns.count > 1 else {
      return (chosen, nil)
    }
    let profile = ColumnProfile(dataset)
    return (profile.bestTitle(excluding: dataset.scopeColumn) ?? chosen, profile)
  }

  /// The most categories a scope bar detected by a column's name holds; a column with more makes
  /// no bar unless named with `--scope`.
  package static let scopeBarLimit = 12

  /// The scope column: the chosen one, nil for `.none`, else the first named like a category
  /// that is not the title column.
  package static func scope(_ choice: ColumnChoice, columns: [String], title: Int) throws(TableError) -> Int?
  {
    switch choice {
    case .named(let name):
      guard let index = index(of: name, in: columns) else { throw .unknownColumn(name, columns: columns) }
      return index
    case .none:
      return nil
    case .automatic:
      return firstNamed(scopeNames, in: columns, excluding: title)
    }
  }

  /// The columns a loaded file's search looks in: the title, then every other text column but
  /// the scope bar's (a person expects a word in any of them to find its row, as grep would); a
  /// bundled dataset's presets keep the title alone.
  package static func searchedColumns(in dataset: Dataset) -> [Int] {
    searchedColumns(in: dataset, profile: nil)
  }

  /// `searchedColumns(in:)`, reading `profile` when the load made one of `dataset`'s cells (its
  /// title or scope may differ since: the profile holds neither).
  package static func searchedColumns(in dataset: Dataset, profile: ColumnProfile?) -> [Int] {
    let title = dataset.titleColumn
    if let column = dataset.presets.searchedColumn, dataset.columns.indices.contains(column) {
      return [column]
    }
    switch dataset.source {
    case .file, .standardInput:
      guard dataset.columns.count > 1 else { return [title] }
      // The scope bar already filters by its column.
      return [title]
        + (profile ?? ColumnProfile(dataset)).textColumns.filter { $0 != title && $0 != dataset.scopeColumn }
    case .bundled, .database:
      return [title]
    }
  }

  /// The first column whose trimmed, lowercased name is in `names`, trying the names in order.
  private static func firstNamed(_ names: [String], in columns: [String], excluding: Int? = nil) -> Int? {
    let normalized = columns.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    for name in names {
      if let index = normalized.indices.first(where: { normalized[$0] == name && $0 != excluding }) {
        return index
      }
    }
    return nil
  }
}
