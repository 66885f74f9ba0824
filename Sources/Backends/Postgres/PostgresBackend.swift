import Engine
import Foundation
import Tables

/// A table in PostgreSQL searched where it lives: counts, estimates and pages pushed down as SQL.
///
/// One connection per backend (see `PostgresConnection`); not thread-safe but for
/// `cancelHandle`. The string methods answer queries PostgreSQL answers exactly (the fold form);
/// the filter methods take `PostgresCandidates`' filter for any rule.
package final class PostgresBackend {
  /// One row of a page.
  struct Row: Equatable, Sendable {
    /// The row's key (`PostgresRowKey`: its order value as text): where the next page starts.
    var order: String
    /// The title, as text (empty for NULL).
    var title: String
    /// The scope column's value, as text, if the table has one.
    var scope: String?
    /// Under a `sort`, the row's sort values (`PostgresSortSQL`): with `order`, where the next
    /// page starts.
    var sortValues: [String] = []
  }

  /// The connection.
  package let connection: PostgresConnection
  /// The table and its columns' roles.
  private(set) var table: PostgresTable
  /// The URL it was opened with.
  let url: PostgresURL
  /// Whether the `ci` and `strip` forms' temporary functions exist (nil: not tried yet).
  var formFunctions: Bool?
  /// The quoted schema of `pg_trgm`, empty without it (nil: not read yet).
  var trigram: String?
  /// The last regex translations sent to the server, and why it rejected each (nil: it did not).
  var regexChecks: [(pattern: String, rejection: String?)] = []

  /// Connects to the table `text` names (a `postgres://` URL with `table=`) and describes it.
  convenience init(url text: String, statementTimeout: Int? = nil) throws(BackendError) {
    try self.init(url: try PostgresURL(parsing: text), statementTimeout: statementTimeout)
  }

  /// Connects to the table `url` names and describes it; `statementTimeout`, when given, times
  /// every kind of work, else `timeouts` does; `interruption` (Ctrl-C) stops any wait, and
  /// `onStatement` sees each statement the description sends (tests).
  init(
    url: PostgresURL, statementTimeout: Int? = nil, timeouts: PostgresTimeouts = PostgresTimeouts(),
    interruption: SearchCancellation? = nil, onStatement: ((String) -> Void)? = nil
  ) throws(BackendError) {
    self.url = url
    connection = try PostgresConnection(
      url: url, statementTimeout: statementTimeout, timeouts: timeouts, interruption: interruption)
    connection.onStatement = onStatement
    let name = url.parameters[.table] ?? ""
    try PostgresPreparation.checkEncoding(connection, table: name)
    do throws(BackendError) {
      table = try Self.describe(url, connection)
      // A new backend lacks the temporary functions (the fold's, the rules' forms'), and the
      // table may have changed; a statement run again after the reconnect may call the forms.
      connection.onReconnect = { [weak self] () throws(BackendError) in
        guard let self else { return }
        table = try Self.describe(self.url, connection)
        let hadForms = formFunctions == true
        formFunctions = nil
        if hadForms { _ = try formFunctionsReady() }
      }
    } catch {
      // A column the table lacks names the table and the server, as every database error does.
      guard case .table(.unknownColumn(let column, let columns)) = error else { throw error }
      throw .databaseTableUnsuitable(
        name, server: connection.place,
        reason: "it has no column \(Sanitizer.quoted(column)) (columns: "
          + columns.joined(separator: ", ") + ")")
    }
  }

  /// Stops the running statement from any thread (the next keystroke's query, Ctrl-C).
  var cancelHandle: PostgresCancelHandle { connection.cancelHandle }

  /// A line to show after opening when searches will scan every row, else nil.
  var warning: String? {
    if let shards = table.shards { return shards.warning(table: table.name) }
    guard !table.isPrepared else { return nil }
    if table.indexIsStale {
      return "\(table.name) has a trigram index built by another version of the shell or on another title "
        + "column: every search scans the whole table until prepare builds it again"
    }
    return "\(table.name) has no trigram index of the shell's: every search scans the whole table "
      + "(prepare builds one, without blocking readers or writers)"
  }

  /// How many rows match `query` under `rule` in `scope` (nil: all scopes), counted exactly.
  func count(_ query: String, rule: MatchRule, scope: String?) throws(BackendError) -> Int {
    let pushed = try pushed(query, rule: rule)
    return try count(pushed.filter, scope: scope, pattern: pushed.pattern)
  }

  /// The planner's estimate of `count` (a few milliseconds at any size; statistics permitting).
  func estimate(_ query: String, rule: MatchRule, scope: String?) throws(BackendError) -> Int {
    let pushed = try pushed(query, rule: rule)
    return try estimate(pushed.filter, scope: scope, pattern: pushed.pattern)
  }

  /// Up to `limit` matching rows in order, after the row whose order value is `after` (keyset).
  ///
  /// The plan follows the estimate: a frequent term walks the order column, a rare one sorts its
  /// matches (each plan takes seconds where the other takes milliseconds).
  func page(
    _ query: String, rule: MatchRule, scope: String?, after: String? = nil, limit: Int
  ) throws(BackendError) -> [Row] {
    let pushed = try pushed(query, rule: rule)
    let plan = Self.pagePlan(
      estimate: try estimate(pushed.filter, scope: scope, pattern: pushed.pattern), rows: table.estimatedRows,
      limit: limit)
    return try page(
      pushed.filter, scope: scope, after: after, limit: limit, plan: plan, pattern: pushed.pattern)
  }

  /// How many rows pass `filter` (fold-form terms) and `pattern` (a regex's ARE) in `scope`,
  /// counted exactly.
  func count(
    _ filter: ParsedQuery, scope: String?, equality: PostgresSearchSQL.Equality? = nil,
    pattern: String? = nil, cancellation: SearchCancellation? = nil
  ) throws(BackendError) -> Int {
    connection.doing(.count)
    let rows = try connection.run(
      try countStatement(filter, scope: scope, equality: equality, pattern: pattern), about: table.name,
      cancellation: cancellation)
    return rows.scalar.flatMap { Int($0) } ?? 0
  }

  /// Sends the exact count of `filter` in `scope` without waiting for it.
  func startCount(
    _ filter: ParsedQuery, scope: String?, equality: PostgresSearchSQL.Equality? = nil, pattern: String? = nil
  )
    throws(BackendError) -> PostgresInFlight
  {
    connection.doing(.count)
    return try connection.start(
      try countStatement(filter, scope: scope, equality: equality, pattern: pattern), about: table.name)
  }

  /// The planner's estimate of how many rows pass `filter` in `scope`.
  func estimate(
    _ filter: ParsedQuery, scope: String?, equality: PostgresSearchSQL.Equality? = nil,
    pattern: String? = nil, cancellation: SearchCancellation? = nil
  ) throws(BackendError) -> Int {
    connection.doing(.page)
    let statement = try built(
      PostgresSearchSQL.estimate(
        filter, scope: scope, names: table.names, equality: equality, pattern: pattern))
    let plan = try connection.run(statement, about: table.name, cancellation: cancellation).scalar ?? ""
    return Self.planRows(plan) ?? 0
  }

  /// Up to `limit` rows passing `filter` in order after `after`, found by `plan` (a walk bounded
  /// to `walkLimit` rows, if given: a statement of its own reads the order value ending them, so
  /// the page has no `LIMIT` subquery); under `sort`, in its order after the row whose sort
  /// values are `values` (the plan then does not apply: the database sorts the matches).
  func page(
    _ filter: ParsedQuery, scope: String?, after: String?, limit: Int, plan: PostgresSearchSQL.PagePlan,
    walkLimit: Int? = nil, equality: PostgresSearchSQL.Equality? = nil, pattern: String? = nil,
    sort: SortOrder? = nil, values: [String] = [], cancellation: SearchCancellation? = nil
  ) throws(BackendError) -> [Row] {
    connection.doing(.page)
    let statement: PostgresStatement
    if let sort {
      statement = try built(
        PostgresSortSQL.page(
          filter, scope: scope, names: table.names, keys: try sortKeys(sort), after: after, values: values,
          limit: limit, equality: equality, pattern: pattern))
    } else {
      var walkEnd: String?
      if plan == .walkOrder, let walkLimit, table.names.tiebreak == nil {
        let end = PostgresSearchSQL.walkEnd(names: table.names, after: after, walkLimit: walkLimit)
        walkEnd = try connection.run(end, about: table.name, cancellation: cancellation).scalar
      }
      statement = try built(
        PostgresSearchSQL.page(
          filter, scope: scope, names: table.names, after: after, limit: limit, plan: plan,
          walkEnd: walkEnd, equality: equality, pattern: pattern
        )
      )
    }
    let coversAll = table.names.tiebreak?.coversAll == true
    return try connection.run(statement, about: table.name, cancellation: cancellation).rows.map { values in
      Row(
        order: PostgresRowKey.key(order: values[0], tiebreak: values[3], coversAll: coversAll),
        title: values[1] ?? "",
        scope: values[2], sortValues: values.dropFirst(4).map { $0 ?? "" })
    }
  }

  /// `order`'s keys with their columns quoted.
  private func sortKeys(_ order: SortOrder) throws(BackendError) -> [PostgresSortSQL.Key] {
    var keys: [PostgresSortSQL.Key] = []
    for key in order.keys {
      guard table.columns.indices.contains(key.column) else {
        throw .databaseQueryFailed(
          table: table.name, server: connection.place, reason: "no column to sort by")
      }
      keys.append(
        PostgresSortSQL.Key(
          column: try connection.quotedIdentifier(table.columns[key.column]), descending: key.descending))
    }
    return keys
  }

  /// The count statement for `filter` in `scope`.
  private func countStatement(
    _ filter: ParsedQuery, scope: String?, equality: PostgresSearchSQL.Equality?, pattern: String?
  ) throws(BackendError) -> PostgresStatement {
    try built(
      PostgresSearchSQL.count(filter, scope: scope, names: table.names, equality: equality, pattern: pattern))
  }

  /// A statement the SQL builder made; nil means a term it cannot translate (none reaches it from
  /// `PostgresCandidates`).
  func built(_ statement: PostgresStatement?) throws(BackendError) -> PostgresStatement {
    guard let statement else {
      throw .databaseQueryFailed(
        table: table.name, server: connection.place, reason: "a term has no SQL translation")
    }
    return statement
  }

  /// Installs the fold function and builds its trigram index concurrently; returns what it did.
  ///
  /// See `PostgresPreparation`. Progress goes to `progress`, lines to keep to `note`;
  /// `cancellation` (Ctrl-C) stops it where the next `prepare` resumes.
  package func prepare(
    progress: @escaping (String) -> Void = { _ in }, note: @escaping (String) -> Void = { _ in },
    cancellation: SearchCancellation? = nil
  ) throws(BackendError) -> [String] {
    let monitor = PostgresPreparation.Monitor(progress: progress, note: note, cancellation: cancellation)
    do {
      return try preparing { (table, shards) throws(BackendError) in
        guard let shards else { return try PostgresPreparation.prepare(table, connection, monitor: monitor) }
        return try PostgresShardPreparation.prepare(table, shards, connection)
      }
    } catch {
      throw PostgresPrepareRefusal.explained(error, table: table, connection)
    }
  }

  /// Removes what `prepare` added, in this design or the earlier one; returns what it did.
  package func unprepare(
    progress: @escaping (String) -> Void = { _ in }, note: @escaping (String) -> Void = { _ in },
    cancellation: SearchCancellation? = nil
  ) throws(BackendError) -> [String] {
    let monitor = PostgresPreparation.Monitor(progress: progress, note: note, cancellation: cancellation)
    return try preparing { (table, shards) throws(BackendError) in
      guard let shards else { return try PostgresPreparation.unprepare(table, connection, monitor: monitor) }
      return try PostgresShardPreparation.unprepare(table, shards, connection)
    }
  }

  /// Runs `work` (on one server, or on the table's shards) under prepare's timeout, then
  /// describes the table again, whatever `work` left (the forms' functions too: the schema's
  /// may now be there, or gone).
  private func preparing(
    _ work: (PostgresTable, PostgresShards?) throws(BackendError) -> [String]
  ) throws(BackendError) -> [String] {
    connection.doing(.prepare)
    defer {
      table = (try? Self.describe(url, connection)) ?? table
      formFunctions = nil
    }
    return try work(table, table.shards)
  }

  /// How much more a match costs the sorting plan (bitmap heap fetch, recheck, sort) than a row
  /// costs the walk of the order column (docs/performance-history.md, issue 24's bench).
  static let sortCostRatio = 25.0

  /// The first page by walking the order column, at most `walkLimit` rows of it; when they hold
  /// fewer than `limit` matches the estimate was too high, and the rest are found by sorting the
  /// matches after them (`sorted`), so a rare term never walks the whole table.
  func walkedPage(
    _ filter: ParsedQuery, scope: String?, limit: Int, walkLimit: Int,
    equality: PostgresSearchSQL.Equality? = nil, pattern: String? = nil,
    cancellation: SearchCancellation?
  ) throws(BackendError) -> (rows: [Row], sorted: Bool) {
    let walked = try page(
      filter, scope: scope, after: nil, limit: limit, plan: .walkOrder, walkLimit: walkLimit,
      equality: equality, pattern: pattern,
      cancellation: cancellation)
    guard walked.count < limit else { return (walked, false) }
    let rest = try page(
      filter, scope: scope, after: walked.last?.order, limit: limit - walked.count, plan: .sortMatches,
      equality: equality, pattern: pattern, cancellation: cancellation)
    return (walked + rest, true)
  }

  /// How many rows the first page's walk may pass: `walkMargin` times what the estimate
  /// predicts (`limit · rows / estimate`); nil when that covers the table (no bound needed).
  static func walkLimit(estimate: Int, rows: Int, limit: Int) -> Int? {
    let expected = Double(max(1, limit)) * Double(max(0, rows)) / Double(max(1, estimate))
    let bound = max(Double(max(1, limit)) * walkMargin, expected * walkMargin)
    return bound < Double(rows) ? Int(bound) : nil
  }

  /// How many times the predicted walk the first page walks before it sorts instead.
  static let walkMargin = 4.0

  /// The page plan for a term expected to match `estimate` of `rows` rows.
  ///
  /// Walking the order column finds `limit` matches after about `limit · rows / estimate` rows;
  /// sorting costs about `estimate` matches, each `sortCostRatio` times a walked row. They cross
  /// near √(limit · rows / sortCostRatio).
  static func pagePlan(estimate: Int, rows: Int, limit: Int) -> PostgresSearchSQL.PagePlan {
    guard rows > 0 else { return .walkOrder }
    let crossover = (Double(max(1, limit)) * Double(rows) / sortCostRatio).squareRoot()
    return Double(estimate) >= crossover ? .walkOrder : .sortMatches
  }

  /// The top plan node's "Plan Rows" in `EXPLAIN (FORMAT JSON)` output.
  static func planRows(_ json: String) -> Int? {
    guard let data = json.data(using: .utf8),
      let plans = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
      let plan = plans.first?["Plan"] as? [String: Any],
      let rows = plan["Plan Rows"] as? NSNumber
    else { return nil }
    return rows.intValue
  }

  /// The filter for `query` under `rule` when PostgreSQL answers it exactly, or `notAvailable`.
  private func pushed(_ query: String, rule: MatchRule) throws(BackendError) -> PostgresCandidates {
    let candidates = try candidates(for: SearchRequest(text: query, rule: rule, scope: 0))
    guard candidates.isExact, !candidates.isRanked else {
      throw .notAvailable(
        command: query, reason: "the \(rule.rawValue) rule needs the rows checked on the client")
    }
    return candidates
  }

  /// The table `url` names, with the fold function its rows are folded by when not prepared.
  private static func describe(_ url: PostgresURL, _ connection: PostgresConnection) throws(BackendError)
    -> PostgresTable
  {
    try PostgresTable.describe(url, connection: connection) { (schema, oid) throws(BackendError) -> String in
      try PostgresPreparation.foldFunction(
        in: schema, tableOID: oid, table: url.parameters[.table] ?? schema, connection)
    }
  }
}

extension PostgresBackend {
  /// Every column of the rows whose keys are `orders` (`PostgresRowKey`), as text (nil for
  /// NULL), in that order.
  ///
  /// The order column's own type reads the values (`= ANY($1)`), so its index finds them.
  func cells(orders: [String]) throws(BackendError) -> [[String?]] {
    guard !orders.isEmpty else { return [] }
    connection.doing(.page)
    let names = table.names
    var columns: [String] = []
    for column in table.columns {
      columns.append(try connection.quotedIdentifier(column) + "::pg_catalog.text")
    }
    let nullRows = orders.compactMap(PostgresRowKey.tiebreak(of:))
    let shared = orders.compactMap(PostgresRowKey.parts(of:))
    var statement = PostgresStatement("")
    let valued = orders.filter { !$0.unicodeScalars.starts(with: ["\u{0}"]) }
    var condition = "\(names.order) \(names.equal) ANY(\(statement.bind(Self.arrayLiteral(valued))))"
    if let tiebreak = names.tiebreak, !shared.isEmpty {
      // Rows sharing an order value are found by both columns; any extra pair is left out below.
      condition +=
        " OR (\(names.order) \(names.equal) ANY(\(statement.bind(Self.arrayLiteral(shared.map(\.order))))) "
        + "AND \(tiebreak.column) \(tiebreak.equal) ANY(\(statement.bind(Self.arrayLiteral(shared.map(\.tiebreak))))))"
    }
    if let tiebreak = names.tiebreak, !nullRows.isEmpty {
      condition +=
        " OR (\(names.order) IS NULL AND \(tiebreak.column) \(tiebreak.equal) "
        + "ANY(\(statement.bind(Self.arrayLiteral(nullRows)))))"
    }
    let tiebreak = names.tiebreak.map { "\($0.column)::pg_catalog.text" } ?? "NULL::pg_catalog.text"
    statement.sql =
      "SELECT \(names.order)::pg_catalog.text, \(tiebreak), \(columns.joined(separator: ", ")) "
      + "FROM \(names.table) WHERE \(condition)"
    let coversAll = names.tiebreak?.coversAll == true
    var found: [String: [String?]] = [:]
    for row in try connection.run(statement, about: table.name).rows {
      found[PostgresRowKey.key(order: row[0], tiebreak: row[1], coversAll: coversAll)] = Array(
        row.dropFirst(2))
    }
    return orders.compactMap { found[$0] }
  }

  /// A PostgreSQL array literal of `values`, each quoted (sent as a parameter, never in SQL text).
  package static func arrayLiteral(_ values: [String]) -> String {
    var literal = String.UnicodeScalarView(["{"])
    for (index, value) in values.enumerated() {
      if index > 0 { literal.append(",") }
      literal.append("\"")
      for scalar in value.unicodeScalars {
        if scalar == "\"" || scalar == "\\" { literal.append("\\") }
        literal.append(scalar)
      }
      literal.append("\"")
    }
    literal.append("}")
    return String(literal)
  }
}
