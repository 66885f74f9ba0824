import Tables

#if !FUZZING
  import ShellCore
#endif

/// A backend that passes everything to another and counts the searches asked of it, so tests
/// can check that a keystroke or a command searches once (a test-support type, not in the product).
public final class CountingBackend: SearchBackend {
  /// The count, shared by the backends derived from this one (`set fields`, `set scopes`).
  public final class Tally {
    /// How many searches reached a backend.
    public fileprivate(set) var searches = 0
    /// How many of them the backend abandoned (answered nil: cancelled).
    public fileprivate(set) var abandoned = 0

    public init() {}
  }

  /// The backend that answers.
  public let inner: any SearchBackend
  /// The searches counted so far.
  public let tally: Tally

  /// Counts the searches `inner` is asked, into `tally` (a new one by default).
  public init(wrapping inner: any SearchBackend, tally: Tally = Tally()) {
    self.inner = inner
    self.tally = tally
  }

  /// How many searches reached the backend.
  public var searches: Int { tally.searches }

  /// How many searches the backend abandoned.
  public var abandoned: Int { tally.abandoned }

  public var searchedColumns: [Int] { inner.searchedColumns }

  public func allRows(order: SortOrder?) -> any SearchRows { inner.allRows(order: order) }

  public func search(_ request: SearchRequest, cancellation: SearchCancellation?) throws(ShellError)
    -> (any SearchRows)?
  {
    tally.searches += 1
    let rows = try inner.search(request, cancellation: cancellation)
    if rows == nil { tally.abandoned += 1 }
    return rows
  }

  public func prepare(for rule: MatchRule) { inner.prepare(for: rule) }

  public func highlights(of row: ResultRow, for request: SearchRequest) -> [Range<Int>] {
    inner.highlights(of: row, for: request)
  }

  public func cells(of id: Int, columns: [Int]) -> [String] { inner.cells(of: id, columns: columns) }

  public func lacks(_ feature: BackendFeature) -> String? { inner.lacks(feature) }

  public var rowCount: Int { inner.rowCount }

  public func title(of id: Int) -> String { inner.title(of: id) }

  public func exportable(_ ids: [Int]) throws(ShellError) -> (dataset: Dataset, rows: [Int]) {
    try inner.exportable(ids)
  }

  public func detail(of id: Int) -> RowDetail { inner.detail(of: id) }

  public var lastAnswer: String? { inner.lastAnswer }

  public func searching(columns: [Int]) throws(ShellError) -> any SearchBackend {
    CountingBackend(wrapping: try inner.searching(columns: columns), tally: tally)
  }

  public func relabeled(as dataset: Dataset) -> any SearchBackend {
    CountingBackend(wrapping: inner.relabeled(as: dataset), tally: tally)
  }
}
