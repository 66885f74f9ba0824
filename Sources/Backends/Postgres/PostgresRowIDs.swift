/// The session's row ids for a table's rows: each order value seen gets the next id, kept for
/// the session (a selection, `detail` and exports name rows by id), with the title it came with.
///
/// Ids are handed out as rows are read, so memory grows with the rows the session has read,
/// never with the table.
final class PostgresRowIDs {
  /// The order value of each id.
  private(set) var orders: [String] = []
  /// The title of each id, as last read.
  private(set) var titles: [String] = []
  private var ids: [String: Int] = [:]

  /// The id of the row with `order`, noting its `title`.
  func id(order: String, title: String) -> Int {
    if let id = ids[order] {
      titles[id] = title
      return id
    }
    let id = orders.count
    ids[order] = id
    orders.append(order)
    titles.append(title)
    return id
  }

  /// The result row of a page row.
  func row(_ row: PostgresBackend.Row) -> ResultRow {
    ResultRow(id: id(order: row.order, title: row.title), title: row.title)
  }

  /// The order value of `id`, if it was handed out.
  func order(of id: Int) -> String? {
    orders.indices.contains(id) ? orders[id] : nil
  }

  /// The title read with `id` (empty for an id never handed out).
  func title(of id: Int) -> String {
    titles.indices.contains(id) ? titles[id] : ""
  }

  /// Traps unless every id maps to its order value and back.
  func checkInvariants() {
    precondition(orders.count == titles.count && ids.count == orders.count, "one entry per id")
    for (id, order) in orders.enumerated() { precondition(ids[order] == id, "ids and orders agree") }
  }
}
