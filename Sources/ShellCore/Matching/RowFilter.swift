/// The checks a row must pass besides the scanned term: its scope and the query's other clauses.
///
/// A value rather than a closure so that the per-row loops inline it, and the common case (no
/// scope, no other clause) costs two predictable branches per row.
struct RowFilter {
  /// The selected scope (0 is "All").
  let scope: Int
  /// Each row's scope.
  let scopes: UnsafeBufferPointer<UInt16>
  /// The query's clauses besides the scanned term.
  let plan: QueryPlan
  /// The rows' texts, for `plan`.
  let texts: RowTexts

  /// Whether every row passes (no scope, no other clause): loops test this once, not per row.
  var acceptsAll: Bool { scope == 0 && plan.clauseCount == 0 }

  /// Whether `row` is in the scope and passes every other clause.
  @inline(__always)
  func accepts(_ row: Int) -> Bool {
    if scope != 0, row >= scopes.count || Int(scopes[row]) != scope { return false }
    return plan.clauseCount == 0 || plan.matches(row, texts)
  }
}
