import Engine

/// `sort` pushed down to PostgreSQL: each key's cells split into the in-memory order's parts
/// (`SortKeys`), so the database orders the rows as the shell would.
///
/// Per key, a `LATERAL` subquery computes three never-NULL values from the cell trimmed of
/// spaces and tabs: its group (numbers, then text, then empty; text before numbers when
/// descending, empty last either way), its number (`numeric`, 0 for a non-number) and its text
/// with ASCII letters folded, compared byte by byte (`COLLATE "C"`; '' for a non-text). Pages
/// follow `ORDER BY` those values, then the order column and its tiebreak (the table's order
/// breaks ties, as the dataset's order does in memory), with a keyset over all of them.
///
/// Differences from memory: a number is compared as its exact decimal (memory compares the
/// nearest `Double`, so two numbers closer than 17 digits can tie there and not here).
enum PostgresSortSQL {
  /// One key: the column, quoted by libpq, and its direction.
  struct Key: Equatable, Sendable {
    /// The quoted column.
    var column: String
    /// Whether the key is descending.
    var descending: Bool
  }

  /// The alias of the `LATERAL` subquery of sort values (a name a table's column hardly has).
  static let alias = "searchshell_sort"

  /// A cell a decimal number as the shell reads one (JSON's or a spreadsheet's); its exponent of
  /// at most four digits keeps the `numeric` cast from failing (larger ones are out of `Double`'s
  /// range, and text in memory too).
  static let numberPattern = "'^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,4})?$'"

  /// The largest finite `Double`: a number beyond it is text, as in memory.
  static let largest = "1.7976931348623157e308"

  /// `FROM`'s addition: `, LATERAL (…) AS searchshell_sort` computing every key's values.
  static func lateral(_ keys: [Key]) -> String {
    var trimmed: [String] = []
    var values: [String] = []
    for (index, key) in keys.enumerated() {
      let cell = "searchshell_cells.c\(index)"
      trimmed.append("pg_catalog.btrim(\(key.column)::pg_catalog.text, E' \\t') AS c\(index)")
      let (number, text) = key.descending ? (1, 0) : (0, 1)
      // Nested CASEs: the cast runs only on a cell the pattern accepted (AND has no set order).
      let group =
        "CASE WHEN \(cell) IS NULL OR \(cell) OPERATOR(pg_catalog.=) '' THEN 2 WHEN \(cell) "
        + "OPERATOR(pg_catalog.~) \(numberPattern) THEN CASE WHEN pg_catalog.abs(\(cell)::pg_catalog.numeric) "
        + "OPERATOR(pg_catalog.<=) \(largest) THEN \(number) ELSE \(text) END ELSE \(text) END"
      values.append("\(group) AS g\(index)")
      values.append(
        "CASE WHEN \(cell) OPERATOR(pg_catalog.~) \(numberPattern) THEN CASE WHEN pg_catalog.abs("
          + "\(cell)::pg_catalog.numeric) OPERATOR(pg_catalog.<=) \(largest) THEN \(cell)::pg_catalog.numeric "
          + "ELSE 0 END ELSE 0 END AS n\(index)")
      values.append(
        "CASE WHEN (\(group)) OPERATOR(pg_catalog.=) \(text) THEN pg_catalog.translate(\(cell), "
          + "'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') ELSE '' END COLLATE pg_catalog.\"C\" "
          + "AS t\(index)")
    }
    return
      ", LATERAL (SELECT \(values.joined(separator: ", ")) FROM (SELECT \(trimmed.joined(separator: ", "))) "
      + "AS searchshell_cells) AS \(alias)"
  }

  /// The sort values in order, each with its direction and type (for the keyset's parameters).
  static func parts(_ keys: [Key]) -> [(value: String, descending: Bool, type: String)] {
    keys.indices.flatMap { index in
      [
        ("\(alias).g\(index)", false, "pg_catalog.int4"),
        ("\(alias).n\(index)", keys[index].descending, "pg_catalog.numeric"),
        ("\(alias).t\(index)", keys[index].descending, "pg_catalog.text"),
      ]
    }
  }

  /// The `ORDER BY` list: the keys' values, then the table's own order.
  static func orderBy(_ keys: [Key], names: PostgresSearchSQL.Names) -> String {
    (parts(keys).map { $0.value + ($0.descending ? " DESC" : "") } + [PostgresSearchSQL.orderBy(names)])
      .joined(separator: ", ")
  }

  /// The page's extra columns: the sort values as text (where the next page starts).
  static func columns(_ keys: [Key]) -> String {
    parts(keys).map { "\($0.value)::pg_catalog.text" }.joined(separator: ", ")
  }

  /// The keyset bound: rows after the one whose sort values are `values` and key is `after`.
  ///
  /// Lexicographic over the values, each compared its own way (a row comparison cannot mix
  /// directions), then the table's order (`PostgresSearchSQL.keyset`) among rows equal on all.
  static func keyset(
    after: String, values: [String], keys: [Key], names: PostgresSearchSQL.Names,
    into statement: inout PostgresStatement
  ) -> String {
    let parts = parts(keys)
    guard values.count == parts.count else {
      return PostgresSearchSQL.keyset(after: after, names: names, into: &statement)
    }
    var equal: [String] = []
    var alternatives: [String] = []
    for (part, value) in zip(parts, values) {
      let bound = "\(statement.bind(value))::\(part.type)"
      let beyond = "\(part.value) OPERATOR(pg_catalog.\(part.descending ? "<" : ">")) \(bound)"
      alternatives.append("(" + (equal + [beyond]).joined(separator: " AND ") + ")")
      equal.append("\(part.value) OPERATOR(pg_catalog.=) \(bound)")
    }
    let tie = PostgresSearchSQL.keyset(after: after, names: names, into: &statement)
    alternatives.append("(" + (equal + [tie]).joined(separator: " AND ") + ")")
    return "(" + alternatives.joined(separator: " OR ") + ")"
  }

  /// Up to `limit` rows matching `query` in `scope` (and `equality`, a column filter) in the keys' order, after the row whose key
  /// is `after` and sort values `values`: the columns of `PostgresSearchSQL.page`, then the values.
  static func page(
    _ query: ParsedQuery, scope: String?, names: PostgresSearchSQL.Names, keys: [Key], after: String?,
    values: [String], limit: Int, equality: PostgresSearchSQL.Equality? = nil, pattern: String? = nil
  ) -> PostgresStatement? {
    var statement = PostgresStatement("")
    guard
      var condition = PostgresSearchSQL.whereClause(
        query, scope: scope, after: nil, names: names, equality: equality, pattern: pattern, into: &statement)
    else { return nil }
    if let after {
      condition += " AND " + keyset(after: after, values: values, keys: keys, names: names, into: &statement)
    }
    statement.sql =
      "SELECT \(PostgresSearchSQL.pageColumns(names)), \(columns(keys)) FROM \(names.table)\(lateral(keys)) "
      + "WHERE \(condition) ORDER BY \(orderBy(keys, names: names)) "
      + "LIMIT \(statement.bind(String(max(0, limit))))"
    return statement
  }
}
