import Backends
import Tables

#if !FUZZING
  import ShellCore
#endif

/// A backend whose counts arrive after the first page, as a database's do: each search first
/// reports an estimate, and the exact count only once someone waits for it or `deliverCounts()`
/// says it arrived (a test-support type, not in the product).
///
/// The rows, highlights and details are another backend's, so only the counting differs.
package final class LateCountBackend: SearchBackend {
  /// The rows of one search, counted late.
  final class Rows: SearchRows {
    let inner: any SearchRows
    let estimate: Int
    /// Told each time a caller waits for a count that has not arrived.
    let willWait: () -> Void
    var hasArrived = false

    init(_ inner: any SearchRows, estimate: Int, willWait: @escaping () -> Void) {
      self.inner = inner
      self.estimate = estimate
      self.willWait = willWait
    }

    var count: RowCount { hasArrived ? inner.count : .estimate(estimate) }

    /// Waiting brings the count.
    func exactCount() throws(BackendError) -> Int {
      if !hasArrived { willWait() }
      hasArrived = true
      return try inner.exactCount()
    }

    func rows(in range: Range<Int>) -> [ResultRow] { inner.rows(in: range) }
  }

  /// The backend whose rows are counted late.
  package let inner: any SearchBackend
  /// The estimate reported for a search of `exact` rows until its count arrives.
  package let estimate: @Sendable (_ exact: Int) -> Int
  /// Every search's rows whose count has not arrived, so `deliverCounts()` can bring them.
  private var pending: [Rows] = []
  /// How many times a caller waited for an exact count that had not arrived.
  package private(set) var waits = 0

  /// Counts `inner`'s searches late, reporting `estimate(exact)` first.
  package init(wrapping inner: any SearchBackend, estimate: @escaping @Sendable (_ exact: Int) -> Int) {
    self.inner = inner
    self.estimate = estimate
  }

  /// The exact counts of every search so far arrive.
  package func deliverCounts() {
    for rows in pending { rows.hasArrived = true }
    pending = []
  }

  package var searchedColumns: [Int] { inner.searchedColumns }

  package func allRows(order: SortOrder?) -> any SearchRows { inner.allRows(order: order) }

  /// The search, or nil when `cancellation` was cancelled before it ran (as a database query
  /// cancelled before it is sent).
  package func search(_ request: SearchRequest, cancellation: SearchCancellation?) throws(BackendError)
    -> (any SearchRows)?
  {
    if cancellation?.isCancelled == true { return nil }
    guard let found = try inner.search(request, cancellation: cancellation) else { return nil }
    let rows = Rows(found, estimate: estimate(try found.exactCount())) { [weak self] in self?.waits += 1 }
    pending.append(rows)
    return rows
  }

  package func valueCounts(
    of column: Int, over request: SearchRequest, range: Range<Int>, cancellation: SearchCancellation?
  ) throws(BackendError) -> ValueCounts? {
    try inner.valueCounts(of: column, over: request, range: range, cancellation: cancellation)
  }

  package func prepare(for rule: MatchRule) { inner.prepare(for: rule) }

  package func highlights(of row: ResultRow, for request: SearchRequest) -> [Range<Int>] {
    inner.highlights(of: row, for: request)
  }

  package func cells(of id: Int, columns: [Int]) -> [String] { inner.cells(of: id, columns: columns) }

  package func lacks(_ feature: BackendFeature) -> String? { inner.lacks(feature) }

  package var rowCount: Int { inner.rowCount }

  package func title(of id: Int) -> String { inner.title(of: id) }

  package func exportable(_ ids: [Int]) throws(BackendError) -> (dataset: Dataset, rows: [Int]) {
    try inner.exportable(ids)
  }

  package func detail(of id: Int) -> RowDetail { inner.detail(of: id) }

  package var lastAnswer: String? { inner.lastAnswer }

  package func searching(columns: [Int]) throws(BackendError) -> any SearchBackend {
    LateCountBackend(wrapping: try inner.searching(columns: columns), estimate: estimate)
  }

  package func relabeled(as dataset: Dataset) -> any SearchBackend {
    LateCountBackend(wrapping: inner.relabeled(as: dataset), estimate: estimate)
  }
}
