import Foundation

/// A table in PostgreSQL searched where it lives: counts, estimates and pages pushed down as SQL.
///
/// One connection per backend (see `PostgresConnection`); not thread-safe but for
/// `cancelHandle`. Only the fold form is pushed down so far (`fold`, and `smart` terms without
/// uppercase or accents); other rules throw `notAvailable`.
final class PostgresBackend {
  /// One row of a page.
  struct Row: Equatable, Sendable {
    /// The order column's value, as text: where the next page starts.
    var order: String
    /// The title, as text (empty for NULL).
    var title: String
    /// The scope column's value, as text, if the table has one.
    var scope: String?
  }

  /// The connection.
  let connection: PostgresConnection
  /// The table and its columns' roles.
  private(set) var table: PostgresTable
  /// The URL it was opened with.
  let url: PostgresURL

  /// Connects to the table `text` names (a `postgres://` URL with `table=`) and describes it.
  init(url text: String, statementTimeout: Int = 5000) throws(ShellError) {
    url = try PostgresURL(parsing: text)
    connection = try PostgresConnection(url: url, statementTimeout: statementTimeout)
    let name = url.parameters[.table] ?? ""
    try PostgresPreparation.checkEncoding(connection, table: name)
    table = try Self.describe(url, connection)
  }

  /// Stops the running statement from any thread (the next keystroke's query, Ctrl-C).
  var cancelHandle: PostgresCancelHandle { connection.cancelHandle }

  /// A line to show after opening when searches will scan every row, else nil.
  var warning: String? {
    guard !table.isPrepared else { return nil }
    return "\(table.name) has no folded column: every search scans the whole table "
      + "(prepare adds one with a trigram index)"
  }

  /// How many rows match `query` under `rule` in `scope` (nil: all scopes), counted exactly.
  func count(_ query: String, rule: MatchRule, scope: String?) throws(ShellError) -> Int {
    let statement = try translated(query, rule: rule) { parsed in
      PostgresSearchSQL.count(parsed, scope: scope, names: table.names)
    }
    let rows = try connection.run(statement, about: table.name)
    return rows.scalar.flatMap { Int($0) } ?? 0
  }

  /// The planner's estimate of `count` (a few milliseconds at any size; statistics permitting).
  func estimate(_ query: String, rule: MatchRule, scope: String?) throws(ShellError) -> Int {
    let statement = try translated(query, rule: rule) { parsed in
      PostgresSearchSQL.estimate(parsed, scope: scope, names: table.names)
    }
    let plan = try connection.run(statement, about: table.name).scalar ?? ""
    return Self.planRows(plan) ?? 0
  }

  /// Up to `limit` matching rows in order, after the row whose order value is `after` (keyset).
  ///
  /// The plan follows the estimate: a frequent term walks the order column, a rare one sorts its
  /// matches (each plan takes seconds where the other takes milliseconds).
  func page(
    _ query: String, rule: MatchRule, scope: String?, after: String? = nil, limit: Int
  ) throws(ShellError) -> [Row] {
    let expected = try estimate(query, rule: rule, scope: scope)
    let plan = Self.pagePlan(estimate: expected, rows: table.estimatedRows, limit: limit)
    let statement = try translated(query, rule: rule) { parsed in
      PostgresSearchSQL.page(parsed, scope: scope, names: table.names, after: after, limit: limit, plan: plan)
    }
    return try connection.run(statement, about: table.name).rows.map { values in
      Row(order: values[0] ?? "", title: values[1] ?? "", scope: values[2])
    }
  }

  /// Installs the folded column and its index (see `PostgresPreparation`); returns what it did.
  func prepare() throws(ShellError) -> [String] {
    let done = try PostgresPreparation.prepare(table, connection)
    table = try Self.describe(url, connection)
    return done
  }

  /// Removes what `prepare` added; returns what it did.
  func unprepare() throws(ShellError) -> [String] {
    let done = try PostgresPreparation.unprepare(table, connection)
    table = try Self.describe(url, connection)
    return done
  }

  /// The page plan for a term expected to match `estimate` of `rows` rows.
  ///
  /// Walking the order column finds `limit` matches after about `limit · rows / estimate` rows;
  /// sorting costs about `estimate`. They cross near √(limit · rows).
  static func pagePlan(estimate: Int, rows: Int, limit: Int) -> PostgresSearchSQL.PagePlan {
    guard rows > 0 else { return .walkOrder }
    let crossover = (Double(max(1, limit)) * Double(rows)).squareRoot()
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

  /// The statement `build` makes of `query` parsed for `rule`, or `notAvailable` if none.
  private func translated(
    _ query: String, rule: MatchRule, _ build: (ParsedQuery) -> PostgresStatement?
  ) throws(ShellError) -> PostgresStatement {
    guard rule != .regex, let statement = build(ParsedQuery(query, rule: rule)) else {
      throw .notAvailable(
        command: query, reason: "the \(rule.rawValue) rule is not searched in PostgreSQL yet (use fold)")
    }
    return statement
  }

  /// The table `url` names, with the fold function its rows are folded by when not prepared.
  private static func describe(_ url: PostgresURL, _ connection: PostgresConnection) throws(ShellError)
    -> PostgresTable
  {
    try PostgresTable.describe(url, connection: connection) { (schema) throws(ShellError) -> String in
      try PostgresPreparation.foldFunction(in: schema, connection)
    }
  }
}
