import Backends
import Tables

#if !FUZZING
  import ShellCore
#endif

/// A backend that passes everything to another and counts the searches asked of it, so tests
/// can check that a keystroke or a command searches once (a test-support type, not in the product).
package final class CountingBackend: SearchBackend {
  /// The count, shared by the backends derived from this one (`set fields`, `set scopes`).
  package final class Tally {
    /// How many searches reached a backend.
    package fileprivate(set) var searches = 0
    /// How many of them the backend abandoned (answered nil: cancelled).
    package fileprivate(set) var abandoned = 0

    package init() {}
  }

  /// The backend that answers.
  package let inner: any SearchBackend
  /// The searches counted so far.
  package let tally: Tally

  /// Counts the searches `inner` is asked, into `tally` (a new one by default).
  package init(wrapping inner: any SearchBackend, tally: Tally = Tally()) {
    self.inner = inner
    self.tally = tally
  }

  /// How many searches reached the backend.
  package var searches: Int { tally.searches }

  /// How many searches the backend abandoned.
  package var abandoned: Int { tally.abandoned }

  package var searchedColumns: [Int] { inner.searchedColumns }

  package func allRows(order: SortOrder?) -> any SearchRows { inner.allRows(order: order) }

  package func search(_ request: SearchRequest, cancellation: SearchCancellation?) throws(BackendError)
    -> (any SearchRows)?
  {
    tally.searches += 1
    let rows = try inner.search(request, cancellation: cancellation)
    if rows == nil { tally.abandoned += 1 }
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
    CountingBackend(wrapping: try inner.searching(columns: columns), tally: tally)
  }

  package func relabeled(as dataset: Dataset) -> any SearchBackend {
    CountingBackend(wrapping: inner.relabeled(as: dataset), tally: tally)
  }
}
