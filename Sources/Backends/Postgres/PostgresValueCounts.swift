import Engine
import Tables

/// `count COL` on a PostgreSQL table, pushed down as one `GROUP BY` under the connection's
/// statement timeout: a count that cannot finish fails in one line, never with partial numbers.
///
/// The values are the column as text with NULL as empty (as the shell shows cells), ordered
/// by count, then by value in byte order (`COLLATE "C"`, the in-memory counter's order); the
/// window functions give the number of values and of rows before `LIMIT` cuts the page.
enum PostgresValueCounts {
  /// The statement for the values of `column` (quoted) at positions `range`, over the rows
  /// `filter` (fold-form terms), `scope` and `equality` select.
  static func statement(
    column: String, filter: ParsedQuery, scope: String?, equality: PostgresSearchSQL.Equality?,
    range: Range<Int>, names: PostgresSearchSQL.Names, pattern: String? = nil
  ) -> PostgresStatement? {
    var statement = PostgresStatement("")
    guard
      let condition = PostgresSearchSQL.whereClause(
        filter, scope: scope, after: nil, names: names, equality: equality, pattern: pattern, into: &statement
      )
    else { return nil }
    let limit = statement.bind(String(max(1, range.count)))
    let offset = statement.bind(String(max(0, range.lowerBound)))
    let cell = PostgresSearchSQL.Equality.cell(column)
    statement.sql =
      "SELECT \(cell) AS value, pg_catalog.count(*) AS rows, "
      + "pg_catalog.count(*) OVER () AS distinct_values, pg_catalog.sum(pg_catalog.count(*)) OVER () AS total "
      + "FROM \(names.table) WHERE \(condition) GROUP BY \(cell) "
      + "ORDER BY pg_catalog.count(*) DESC, \(cell) COLLATE pg_catalog.\"C\" LIMIT \(limit) OFFSET \(offset)"
    return statement
  }

  /// The counts a statement returned, as the values at positions from `first`; nil when the
  /// page is past the last value (the totals come with the rows, so none came back).
  static func counts(_ rows: PostgresRows, first: Int) -> ValueCounts? {
    guard let head = rows.rows.first else { return nil }
    let entries = rows.rows.map { row in
      ValueCounts.Entry(value: row[0] ?? "", count: row.count > 1 ? Int(row[1] ?? "") ?? 0 : 0)
    }
    let distinct = head.count > 2 ? Int(head[2] ?? "") ?? entries.count : entries.count
    let total = head.count > 3 ? Int(head[3] ?? "") ?? 0 : 0
    return ValueCounts(entries: entries, first: first, distinct: distinct, rows: total)
  }
}

extension PostgresSearchBackend {
  package func valueCounts(
    of column: Int, over request: SearchRequest, range: Range<Int>, cancellation: SearchCancellation?
  ) throws(BackendError) -> ValueCounts? {
    guard dataset.columns.indices.contains(column) else { return nil }
    let candidates = try backend.candidates(for: request)
    guard candidates.isExact else {
      throw .notAvailable(
        command: "count",
        reason: "the \(request.rule.rawValue) rule checks each row on the client, so PostgreSQL cannot"
          + " group them (count under 'set match fold' or 'fuzzy')")
    }
    let scope =
      request.scope > 0 && request.scope < dataset.scopeTitles.count
      ? dataset.scopeTitles[request.scope] : nil
    let quoted = try backend.connection.quotedIdentifier(dataset.columns[column])
    let equality = try self.equality(request.filter)
    do throws(BackendError) {
      func run(_ range: Range<Int>) throws(BackendError) -> PostgresRows {
        let statement = try backend.built(
          PostgresValueCounts.statement(
            column: quoted, filter: candidates.filter, scope: scope, equality: equality, range: range,
            names: backend.table.names, pattern: candidates.pattern))
        backend.connection.doing(.count)
        return try backend.connection.run(statement, about: backend.table.name, cancellation: cancellation)
      }
      if let counts = PostgresValueCounts.counts(try run(range), first: range.lowerBound) { return counts }
      // Past the last value (or no rows at all): the totals from the first value.
      let head = PostgresValueCounts.counts(try run(0..<1), first: 0)
      return ValueCounts(
        entries: [], first: min(range.lowerBound, head?.distinct ?? 0), distinct: head?.distinct ?? 0,
        rows: head?.rows ?? 0)
    } catch {
      if case .databaseQueryCancelled = error, cancellation?.isCancelled == true { return nil }
      throw error
    }
  }

  /// `filter` as SQL: its column quoted, its value a parameter.
  func equality(_ filter: ColumnFilter?) throws(BackendError) -> PostgresSearchSQL.Equality? {
    guard let filter, dataset.columns.indices.contains(filter.column) else { return nil }
    return PostgresSearchSQL.Equality(
      column: try backend.connection.quotedIdentifier(dataset.columns[filter.column]), value: filter.value)
  }
}
