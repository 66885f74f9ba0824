import Engine
import Tables

/// The backend over a dataset loaded into memory: `SearchEngine` and its folded index.
///
/// Counts are exact at once, and pages are read from the engine's result as they are asked for
/// (a `fuzzy` ranking is ordered only as far as it is read).
package final class InMemoryBackend: SearchBackend {
  /// The rows searched.
  let dataset: Dataset
  /// The engine that answers each search.
  package private(set) var engine: SearchEngine
  /// A persisted index still being checked: every use of the index waits for it first.
  private var pendingCheck: IndexCacheCheck?
  /// The rule to prepare for once the check passes.
  private var pendingRule: MatchRule?

  /// Folds `dataset`'s `columns` (the title's by default) for searching, keeping `cacheEntries`
  /// recent results; `isCancelled` (called from any thread) may stop the build, after which
  /// `wasCancelled` is true.
  package init(
    dataset: Dataset, columns: [Int]? = nil, cacheEntries: Int = SearchTuning.standard.cacheEntries,
    indexBytes: Int = .max, isCancelled: (() -> Bool)? = nil
  ) {
    var tuning = SearchTuning.standard
    tuning.cacheEntries = cacheEntries
    tuning.indexBytes = indexBytes
    self.dataset = dataset
    engine = SearchEngine(dataset: dataset, columns: columns, tuning: tuning, isCancelled: isCancelled)
  }

  /// Searches `dataset` with `index`, built before (a persisted index): nothing is folded.
  ///
  /// With a `check`, the index is read only once the check finds it sound; a damaged one is
  /// built again from `dataset` (already verified) by the first search.
  package init(
    dataset: Dataset, index: FoldedIndex, check: IndexCacheCheck? = nil,
    cacheEntries: Int = SearchTuning.standard.cacheEntries
  ) {
    var tuning = SearchTuning.standard
    tuning.cacheEntries = cacheEntries
    self.dataset = dataset
    engine = SearchEngine(dataset: dataset, index: index, tuning: tuning)
    pendingCheck = check
  }

  /// The last order sorted (the same rows keep it: `set fields`, `set scopes`).
  private var rowOrder: RowOrder?

  private init(engine: SearchEngine, rowOrder: RowOrder?, pendingCheck: IndexCacheCheck? = nil) {
    dataset = engine.dataset
    self.engine = engine
    self.rowOrder = rowOrder
    self.pendingCheck = pendingCheck
  }

  /// The engine once its persisted index is known sound, or built again from the dataset when
  /// the check found it damaged; nil when `cancellation` stopped the wait or the build.
  private func checkedEngine(cancellation: SearchCancellation?) throws(BackendError) -> SearchEngine? {
    guard let check = pendingCheck else { return engine }
    guard let outcome = check.wait(isCancelled: { cancellation?.isCancelled == true }) else { return nil }
    if case .damaged(let reason) = outcome {
      let rebuilt = SearchEngine(
        dataset: dataset, columns: engine.columns, tuning: engine.tuning,
        isCancelled: { cancellation?.isCancelled == true })
      if rebuilt.wasCancelled { return nil }
      if let refused = rebuilt.refusedBytes { throw .search(.searchOutOfMemory(requested: refused)) }
      engine = rebuilt
      check.replaced(by: rebuilt.index, reason: reason)
    }
    pendingCheck = nil
    if let rule = pendingRule {
      pendingRule = nil
      engine.prepare(for: rule)
    }
    return engine
  }

  /// Whether the index build was cancelled (the backend is then to be thrown away).
  package var wasCancelled: Bool { engine.wasCancelled }

  /// The bytes the system refused the index build, if it refused some (see `SearchEngine`).
  package var refusedBytes: Int? { engine.refusedBytes }

  /// Whether the index would have taken more than `indexBytes` and was not built (the backend
  /// is then to be thrown away).
  package var exceededLimit: Bool { engine.exceededLimit }

  package var searchedColumns: [Int] { engine.columns }

  package func allRows(order: SortOrder?) -> any SearchRows {
    InMemoryRows(rows: ordered(.all(count: dataset.rowCount), by: order), dataset: dataset)
  }

  package func search(_ request: SearchRequest, cancellation: SearchCancellation?) throws(BackendError)
    -> (any SearchRows)?
  {
    guard let engine = try checkedEngine(cancellation: cancellation) else { return nil }
    let result = try inEngine { () throws(SearchError) in
      try engine.results(
        request.text, rule: request.rule, syntax: request.syntax, scope: request.scope,
        cancellation: cancellation)
    }
    return result.map {
      var rows = TableRows($0)
      if request.keepsRowOrder, case .ranked(let ranked) = rows { rows = .subset(ranked.ascending) }
      return InMemoryRows(
        rows: ordered(rows.kept(by: request.filter, in: dataset), by: request.order), dataset: dataset)
    }
  }

  package func valueCounts(
    of column: Int, over request: SearchRequest, range: Range<Int>, cancellation: SearchCancellation?
  ) throws(BackendError) -> ValueCounts? {
    // Unordered: a count needs the rows, not their order (nor a ranking).
    var unordered = request
    unordered.order = nil
    guard column < dataset.columns.count,
      let rows = try search(unordered, cancellation: cancellation) as? InMemoryRows
    else { return nil }
    return ValueCounter(dataset: dataset, column: column).counts(
      of: rows.rows, range: range, cancellation: cancellation)
  }

  package func prepare(for rule: MatchRule) {
    // The index is not read before its check: the preparation waits for the first search.
    guard pendingCheck == nil else {
      pendingRule = rule
      return
    }
    engine.prepare(for: rule)
  }

  /// `rows` in `order`, the whole order sorted once and kept until another is asked for.
  private func ordered(_ rows: TableRows, by order: SortOrder?) -> TableRows {
    guard let order else { return rows }
    if rowOrder?.order != order {
      rowOrder = RowOrder(dataset: dataset, order: order)
    }
    return rowOrder?.apply(rows) ?? rows
  }

  package func highlights(of row: ResultRow, for request: SearchRequest) -> [Range<Int>] {
    MatchHighlighter.ranges(
      in: row.title, query: request.text, rule: request.rule, syntax: request.syntax)
  }

  package func cells(of id: Int, columns: [Int]) -> [String] {
    columns.map { dataset.shownCell(row: id, column: $0) }
  }

  package func lacks(_ feature: BackendFeature) -> String? { nil }

  package var rowCount: Int { dataset.rowCount }

  package func title(of id: Int) -> String { dataset.title(id) }

  package func exportable(_ ids: [Int]) throws(BackendError) -> (dataset: Dataset, rows: [Int]) {
    (dataset, ids)
  }

  package func detail(of id: Int) -> RowDetail {
    let fields = dataset.columns.enumerated().filter { $0.offset != dataset.titleColumn }.map {
      RowDetail.Field(name: $0.element, value: dataset.cell(row: id, column: $0.offset))
    }
    return RowDetail(
      title: dataset.title(id), titleColumn: dataset.columns[dataset.titleColumn], fields: fields)
  }

  package var lastAnswer: String? { engine.lastAnswer?.sentence(rowCount: dataset.rowCount) }

  package func searching(columns: [Int]) throws(BackendError) -> any SearchBackend {
    // Built while this index stays in force: refused, the fields stay as they were.
    let searching = SearchEngine(dataset: dataset, columns: columns, tuning: engine.tuning)
    if let refused = searching.refusedBytes { throw .fieldsOutOfMemory(requested: refused) }
    return InMemoryBackend(engine: searching, rowOrder: rowOrder)
  }

  package func relabeled(as dataset: Dataset) -> any SearchBackend {
    InMemoryBackend(
      engine: SearchEngine(reusingIndexOf: engine, for: dataset), rowOrder: rowOrder,
      pendingCheck: pendingCheck)
  }
}

/// A search's rows in memory: every count exact, every page read from the result directly.
struct InMemoryRows: SearchRows {
  /// The row ids, in table order.
  let rows: TableRows
  /// Where the titles come from.
  let dataset: Dataset

  var count: RowCount { .exact(rows.count) }

  func exactCount() throws(BackendError) -> Int { rows.count }

  func rows(in range: Range<Int>) -> [ResultRow] {
    range.clamped(to: 0..<rows.count).map { index in
      let id = rows[index]
      return ResultRow(id: id, title: dataset.title(id))
    }
  }

  func shownRows(in range: Range<Int>) -> [ResultRow] {
    range.clamped(to: 0..<rows.count).map { index in
      let id = rows[index]
      return ResultRow(id: id, title: dataset.shownCell(row: id, column: dataset.titleColumn))
    }
  }

  func ids(in range: Range<Int>) -> [Int] {
    range.clamped(to: 0..<rows.count).map { rows[$0] }
  }
}
