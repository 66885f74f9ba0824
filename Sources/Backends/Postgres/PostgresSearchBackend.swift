import Engine
import Foundation
import Tables

/// The session's backend over a PostgreSQL table: the `SearchBackend` seam's adapter of
/// `PostgresBackend`.
///
/// The session reads the `dataset` it was opened with for the name, columns and scope titles;
/// it holds no rows. Rows get session ids as they are read (`PostgresRowIDs`); titles, details
/// and exported rows are read back by their order values. Highlights are computed on the client
/// for the rows in sight.
package final class PostgresSearchBackend: SearchBackend {
  /// Rows read per page query (the first one comes with the search).
  static let batchSize = 100
  /// The most rows one later page query reads.
  static let batchLimit = 10_000
  /// How many `fuzzy` matches are ranked (the first in table order), by default.
  static let defaultRankLimit = 10_000

  /// The table.
  package let backend: PostgresBackend
  /// The columns and scope titles the session shows.
  let dataset: Dataset
  /// Every row's session id.
  let ids: PostgresRowIDs
  /// How many rows the table had when opened: counted, or the catalog's estimate for a big one.
  package let rowCount: Int
  /// Whether `rowCount` was counted (else the main table's count behind its first page tells).
  let rowCountIsExact: Bool
  /// The main table's exact count, once read.
  private var countedRows: Int?
  /// How many `fuzzy` matches are ranked.
  let rankLimit: Int
  /// Stops any wait on the server (Ctrl-C) where the seam passes no cancellation: the
  /// connection's, so every copy of this backend follows the one the session sets.
  package var interruption: SearchCancellation? {
    get { backend.connection.interruption }
    set { backend.connection.interruption = newValue }
  }
  /// The main table's rows, read once.
  private var mainRows: PostgresSearchRows?
  /// The last search's rows, for `explain`.
  private var lastRows: PostgresSearchRows?
  /// The last failure reading a later page (a dropped connection), reported by the next search.
  private var failure: BackendError?
  /// The last search that succeeded, answered again as it is when asked again: after a newer
  /// search failed or was cancelled the screen redraws it, and its count, rows and paging must
  /// be what they were (a query now could time out behind the same lock and show nothing).
  private var succeeded: PostgresSearchRows?

  init(
    backend: PostgresBackend, dataset: Dataset, rowCount: Int, rowCountIsExact: Bool = true,
    rankLimit: Int = defaultRankLimit
  ) {
    self.backend = backend
    self.dataset = dataset
    self.rowCount = rowCount
    self.rowCountIsExact = rowCountIsExact
    self.rankLimit = rankLimit
    ids = PostgresRowIDs()
  }

  private init(_ other: PostgresSearchBackend, dataset: Dataset) {
    backend = other.backend
    self.dataset = dataset
    ids = other.ids
    rowCount = other.rowCount
    rowCountIsExact = other.rowCountIsExact
    countedRows = other.countedRows
    rankLimit = other.rankLimit
  }

  package var searchedColumns: [Int] { [dataset.titleColumn] }

  package var totalRows: RowCount {
    if rowCountIsExact { return .exact(rowCount) }
    if countedRows == nil {
      // Any finished count of every row is the table's: the main table's, or a search of
      // nothing in no scope (the screen's first one), whichever came first.
      for rows in [mainRows, succeeded, lastRows] {
        guard let rows, rows.request.text.isEmpty, rows.request.scope == 0, rows.request.filter == nil,
          case .exact(let value) = rows.count
        else { continue }
        countedRows = value
        break
      }
    }
    return countedRows.map { .exact($0) } ?? .estimate(rowCount)
  }

  /// The main table in `order`, or its order column's order; a big table's count runs behind
  /// its first page.
  package func allRows(order: SortOrder?) -> any SearchRows {
    if let mainRows, mainRows.request.order == order { return mainRows }
    let request = SearchRequest(text: "", rule: .fold, scope: 0, order: order)
    guard
      let rows = try? PostgresSearchRows(
        source: self, request: request, scope: nil, cancellation: nil,
        knownCount: rowCountIsExact ? rowCount : countedRows)
    else { return NoRows() }
    mainRows = rows
    return rows
  }

  package func search(_ request: SearchRequest, cancellation: SearchCancellation?) throws(BackendError)
    -> (any SearchRows)?
  {
    if let failure {
      self.failure = nil
      throw failure
    }
    let scope =
      request.scope > 0 && request.scope < dataset.scopeTitles.count
      ? dataset.scopeTitles[request.scope] : nil
    if let succeeded, succeeded.request == request { return succeeded }
    do throws(BackendError) {
      let rows = try PostgresSearchRows(
        source: self, request: request, scope: scope, cancellation: cancellation)
      lastRows = rows
      succeeded = rows
      return rows
    } catch {
      if case .databaseQueryCancelled = error, cancellation?.isCancelled == true { return nil }
      throw error
    }
  }

  package func highlights(of row: ResultRow, for request: SearchRequest) -> [Range<Int>] {
    MatchHighlighter.ranges(in: row.title, query: request.text, rule: request.rule, syntax: request.syntax)
  }

  package func title(of id: Int) -> String { ids.title(of: id) }

  package func lacks(_ feature: BackendFeature) -> String? {
    switch feature {
    case .sorting: nil
    case .searchingOtherColumns: "a PostgreSQL table is searched in its title column only"
    }
  }

  /// Row `id`'s cells in `columns`, read back by its order value (a table that shows columns).
  package func cells(of id: Int, columns: [Int]) -> [String] {
    let row: [String?] = (try? backend.cells(orders: ids.order(of: id).map { [$0] } ?? []).first) ?? []
    return columns.map { column in row.indices.contains(column) ? row[column] ?? "" : "" }
  }

  package func detail(of id: Int) -> RowDetail {
    let cells = (try? backend.cells(orders: ids.order(of: id).map { [$0] } ?? []).first) ?? nil
    let fields = dataset.columns.enumerated().filter { $0.offset != dataset.titleColumn }.map {
      RowDetail.Field(name: $0.element, value: cells?[$0.offset] ?? "")
    }
    return RowDetail(
      title: ids.title(of: id), titleColumn: dataset.columns[dataset.titleColumn], fields: fields)
  }

  package func exportable(_ rows: [Int]) throws(BackendError) -> (dataset: Dataset, rows: [Int]) {
    var builder = DatasetBuilder(columns: dataset.columns)
    for start in stride(from: 0, to: rows.count, by: 1_000) {
      let chunk = rows[start..<min(start + 1_000, rows.count)]
      let cells = try backend.cells(orders: chunk.compactMap { ids.order(of: $0) })
      for row in cells { builder.appendRow(row.map { $0 ?? "" }) }
    }
    let built = builder.build(
      name: dataset.name, source: dataset.source, titleColumn: dataset.titleColumn,
      scopeColumn: dataset.scopeColumn, scopeTitles: dataset.scopeTitles, presets: dataset.presets)
    return (built, Array(0..<built.rowCount))
  }

  package var lastAnswer: String? {
    lastRows.map { Self.sentence($0, table: backend.table, rankLimit: rankLimit) }
  }

  /// Nothing to build: the database's own indexes serve every rule (`prepare` makes them).
  package func prepare(for rule: MatchRule) {}

  package func searching(columns: [Int]) throws(BackendError) -> any SearchBackend { self }

  package func relabeled(as dataset: Dataset) -> any SearchBackend {
    PostgresSearchBackend(self, dataset: dataset)
  }

  /// Forgets the main table's rows (read again from the table next time).
  package func forgetMainRows() {
    mainRows = nil
    succeeded = nil
  }

  /// Notes a failure reading a later page: the table ends there, and the next search reports it.
  func failed(_ error: BackendError) {
    failure = error
    succeeded = nil
  }

  /// `milliseconds` with one decimal.
  private static func format(_ milliseconds: Double) -> String {
    String(format: "%.1f", milliseconds)
  }

  /// Where the table's rows are filtered: its own trigram index, a scan, or its shards (a
  /// partitioned table has no index of its own: each shard has one once prepared).
  static func scanDescription(_ table: PostgresTable) -> String {
    guard let shards = table.shards else {
      return table.isPrepared ? "its trigram index" : "a sequential scan (the table is not prepared)"
    }
    let servers = "sharded over \(shards.shards.count) servers"
    return shards.filterRunsOnShards
      ? "\(servers), each filtering its rows (with its trigram index where prepare built one)"
      : "\(servers), every row read back and filtered here"
  }

  /// How a search was answered, as `explain` ends its sentence.
  private static func sentence(_ rows: PostgresSearchRows, table: PostgresTable, rankLimit: Int) -> String {
    var text =
      "was pushed down to PostgreSQL (\(table.name), \(scanDescription(table)), page plan "
      + (rows.request.order != nil
        ? "ORDER BY the sort keys, then \(table.order)"
        : rows.plan == .walkOrder ? "walking \(table.order)" : "sorting the matches") + ")"
    if rows.candidates.pattern != nil {
      text += "; the regex ran on the server, translated to PostgreSQL's ARE"
    }
    if table.formsAreTemporary, PostgresCandidates.needsFunctions(rows.request) {
      text +=
        "; the ci and strip forms were computed by this session's temporary functions "
        + "(the table was prepared by an older version: prepare installs them)"
    }
    if !rows.candidates.isExact {
      text += "; the candidates were checked on the client"
      if let refusal = rows.candidates.refusal {
        text += ": the regex has \(refusal), which is not translated to PostgreSQL's ARE"
      }
    }
    if rows.candidates.isRanked, !rows.rankedAll {
      text +=
        rows.isShortlist
        ? "; a shortlist was ranked: the \(rankLimit) matches most like the query by pg_trgm's word_similarity, "
          + "the rest follow in table order"
        : "; the first \(rankLimit) matches in table order were ranked, the rest follow in table order"
    }
    let timings = rows.timings
    text +=
      "; estimate \(rows.estimate) in \(format(timings.estimate)) ms, first page in \(format(timings.page)) ms, "
      + (timings.count.map { "exact count in \(format($0)) ms" } ?? "exact count not read yet")
    return text
  }
}
