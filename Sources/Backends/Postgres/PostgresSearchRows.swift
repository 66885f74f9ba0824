import Engine
import Foundation
import Tables

/// One search's rows in a PostgreSQL table, read a page at a time as the screen asks for them.
///
/// The first page and the planner's estimate come with the search; the exact count runs behind
/// them on the connection and replaces the estimate when it is read (`count`), or is waited for
/// (`exactCount`); a newer search cancels it. Three shapes (see `PostgresCandidates`):
/// - exact: PostgreSQL's rows are the matches; later pages by keyset (`order > last`).
/// - checked: candidates are read in batches and each checked on the client; the count scans
///   them all when asked.
/// - ranked (`fuzzy`): up to `rankLimit` matches are ranked on the client (past that many, pg_trgm's
///   shortlist of the most similar); the other rows follow in table order (`explain` says so).
final class PostgresSearchRows: SearchRows {
  /// The table.
  let backend: PostgresBackend
  /// The session's ids for the rows.
  let ids: PostgresRowIDs
  /// How many `fuzzy` matches are ranked.
  let rankLimit: Int
  /// Where a failure reading a later page is reported (weak: the rows must not keep the
  /// backend, and its connection, alive after a new `load`).
  private weak var source: PostgresSearchBackend?
  /// What was asked.
  let request: SearchRequest
  /// What PostgreSQL filters.
  let candidates: PostgresCandidates
  /// The scope column's value, nil for every scope.
  let scope: String?
  /// The column filter, nil for none.
  let equality: PostgresSearchSQL.Equality?
  /// The planner's estimate of the candidates.
  let estimate: Int
  /// The page plan the estimate chose (sorting, when the first page's bounded walk fell short).
  private(set) var plan: PostgresSearchSQL.PagePlan
  /// The rows at table positions `0..<loaded.count`.
  private(set) var loaded: [ResultRow] = []
  /// The last candidate's order value read, where the next batch starts.
  private var cursor: String?
  /// Under a `sort`, the last candidate's sort values (with `cursor`, where the next batch starts).
  private var sortCursor: [String] = []
  /// Whether every candidate was read.
  private var exhausted = false
  /// How many candidates the next batch reads: the first page's size, doubling per batch up to
  /// `PostgresSearchBackend.batchLimit` (a long `list all` or a rare recheck takes few round trips).
  private var batch = PostgresSearchBackend.batchSize
  /// The exact count, once known.
  private var exact: Int?
  /// Whether a ranking covered every match (false: only the first `rankLimit`).
  private(set) var rankedAll = true
  /// Whether the ranked rows were pg_trgm's shortlist (not the first in table order).
  private(set) var isShortlist = false
  /// The shortlist's rows, which later batches (read in table order) skip.
  private var shortlisted: Set<String> = []
  /// The count running behind the first page.
  private var counting: PostgresInFlight?
  /// When the search began (`DispatchTime` nanoseconds), and how long its parts took (ms).
  private let started = DispatchTime.now().uptimeNanoseconds
  /// Milliseconds from the search's start to the estimate, the first page and the exact count.
  private(set) var timings: (estimate: Double, page: Double, count: Double?) = (0, 0, nil)

  /// Searches `request` in `scope`: the estimate, then the first batch; then starts the count.
  ///
  /// `knownCount` is the exact count when the caller knows it (the whole table's, at open).
  init(
    source: PostgresSearchBackend, request: SearchRequest, scope: String?, cancellation: SearchCancellation?,
    knownCount: Int? = nil
  ) throws(BackendError) {
    self.source = source
    backend = source.backend
    ids = source.ids
    rankLimit = source.rankLimit
    self.request = request
    self.scope = scope
    equality = try source.equality(request.filter)
    candidates = try backend.candidates(for: request)
    estimate = try backend.estimate(
      candidates.filter, scope: scope, equality: equality, pattern: candidates.pattern,
      cancellation: cancellation)
    let estimated = Self.elapsed(since: started)
    plan = PostgresBackend.pagePlan(
      estimate: estimate, rows: backend.table.estimatedRows, limit: PostgresSearchBackend.batchSize)
    // Under a sort the sort decides the order, as in memory: nothing is ranked.
    if candidates.isRanked, request.order == nil {
      try rank(cancellation: cancellation)
    } else {
      try readBatch(cancellation: cancellation)
    }
    timings = (estimated, Self.elapsed(since: started), nil)
    if exhausted {
      settle(loaded.count)
    } else if let knownCount {
      settle(knownCount)
    } else if candidates.isExact {
      // The gram count table's number is never taken as exact: writers can skip its trigger.
      counting = try backend.startCount(
        candidates.filter, scope: scope, equality: equality, pattern: candidates.pattern)
    }
  }

  var count: RowCount {
    if let exact { return .exact(exact) }
    if let counting, backend.connection.poll(counting) {
      if case .success(let rows)? = counting.outcome, let value = rows.scalar.flatMap({ Int($0) }) {
        self.counting = nil
        settle(value)
        return .exact(value)
      }
      // Cancelled by a newer statement: counted again while the connection is idle.
      if counting.wasAbandoned, backend.connection.inFlight == nil {
        self.counting = try? backend.startCount(
          candidates.filter, scope: scope, equality: equality, pattern: candidates.pattern)
      }
    }
    return .estimate(max(estimate, loaded.count))
  }

  /// Waits for the exact count; Ctrl-C (the connection's interruption) stops the wait on the
  /// server and throws `databaseQueryCancelled`, and the count is sent again when next asked.
  func exactCount() throws(BackendError) -> Int {
    if let exact { return exact }
    if let counting, !counting.wasAbandoned {
      try backend.connection.finish(counting, cancellation: nil)
      self.counting = nil
      guard let outcome = counting.outcome else { throw .databaseQueryCancelled(table: backend.table.name) }
      let value = try outcome.get().scalar.flatMap { Int($0) } ?? 0
      settle(value)
      return value
    }
    counting = nil
    let value: Int
    if candidates.isExact {
      value = try backend.count(
        candidates.filter, scope: scope, equality: equality, pattern: candidates.pattern)
    } else {
      value = try checkedCount()
    }
    settle(value)
    return value
  }

  /// The dataset rows at positions `range`, every one of them or an error (a later page that
  /// failed, Ctrl-C): an export never holds fewer rows than it says.
  func readIDs(in range: Range<Int>) throws(BackendError) -> [Int] {
    while loaded.count < range.upperBound, !exhausted {
      try readBatch(cancellation: nil)
    }
    return loaded[range.clamped(to: 0..<loaded.count)].map(\.id)
  }

  /// Records the exact count and when it became known.
  private func settle(_ value: Int) {
    exact = value
    timings.count = Self.elapsed(since: started)
  }

  /// Milliseconds since `start` (`DispatchTime` nanoseconds).
  private static func elapsed(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }

  func rows(in range: Range<Int>) -> [ResultRow] {
    guard !range.isEmpty else { return [] }
    while loaded.count < range.upperBound, !exhausted {
      do throws(BackendError) {
        try readBatch(cancellation: nil)
      } catch {
        source?.failed(error)
        break
      }
    }
    return Array(loaded[range.clamped(to: 0..<loaded.count)])
  }

  /// Reads the next batch of candidates into `loaded`, checking each when the filter is not exact.
  private func readBatch(cancellation: SearchCancellation?) throws(BackendError) {
    let limit = batch
    batch = min(batch * 2, PostgresSearchBackend.batchLimit)
    let page: [PostgresBackend.Row]
    if cursor == nil, plan == .walkOrder, request.order == nil,
      let walk = PostgresBackend.walkLimit(
        estimate: estimate, rows: backend.table.estimatedRows, limit: limit)
    {
      let first = try backend.walkedPage(
        candidates.filter, scope: scope, limit: limit, walkLimit: walk, equality: equality,
        pattern: candidates.pattern, cancellation: cancellation)
      page = first.rows
      if first.sorted { plan = .sortMatches }
    } else {
      page = try backend.page(
        candidates.filter, scope: scope, after: cursor, limit: limit, plan: plan, equality: equality,
        pattern: candidates.pattern, sort: request.order, values: sortCursor, cancellation: cancellation)
    }
    if page.count < limit { exhausted = true }
    cursor = page.last?.order ?? cursor
    sortCursor = page.last?.sortValues ?? sortCursor
    for row in page
    where !shortlisted.contains(row.order)
      && (candidates.isExact || PostgresCandidates.matches(row.title, request: request))
    {
      loaded.append(ids.row(row))
    }
  }

  /// Counts the checked matches: the rows read so far and every candidate after them.
  private func checkedCount() throws(BackendError) -> Int {
    // Sorted rows are counted afresh in the table's order (a sorted cursor bounds another order).
    let sorted = request.order != nil
    var total = sorted ? 0 : loaded.count
    var after = sorted ? nil : cursor
    var done = sorted ? false : exhausted
    let limit = PostgresSearchBackend.batchLimit
    while !done {
      let page = try backend.page(
        candidates.filter, scope: scope, after: after, limit: limit, plan: plan, equality: equality,
        cancellation: source?.interruption)
      done = page.count < limit
      after = page.last?.order ?? after
      total += page.count { PostgresCandidates.matches($0.title, request: request) }
    }
    return total
  }

  /// Ranks up to `rankLimit` matches best first (score, shorter title, table order).
  ///
  /// The in-memory engine ranks them all. When there are more, the ranked ones are a shortlist: the
  /// most like the query by pg_trgm's `word_similarity` (the first in table order without
  /// pg_trgm); every other match follows in table order (`explain` says so).
  private func rank(cancellation: SearchCancellation?) throws(BackendError) {
    let limit = rankLimit
    var page = try backend.page(
      candidates.filter, scope: scope, after: nil, limit: limit, plan: plan, equality: equality,
      cancellation: cancellation)
    cursor = page.last?.order
    exhausted = page.count < limit
    rankedAll = exhausted
    let parsed = ParsedQuery(request.text, rule: request.rule, syntax: request.syntax)
    if !exhausted,
      let shortlist = try backend.shortlist(
        candidates.filter, text: Self.similarityText(parsed), scope: scope, limit: limit, equality: equality,
        cancellation: cancellation)
    {
      // The rest are read again from the start in table order, skipping the shortlist.
      page = shortlist
      shortlisted = Set(shortlist.map { $0.order })
      cursor = nil
      isShortlist = true
    }
    let matching = page.filter {
      candidates.isExact || PostgresCandidates.matches($0.title, request: request)
    }
    let scored = matching.enumerated().map { index, row in
      (
        index: index, score: ReferenceMatcher.score(row.title, parsed),
        length: ReferenceMatcher.titleLength(row.title)
      )
    }
    let ranked = scored.sorted { a, b in
      if a.score != b.score { return a.score > b.score }
      if a.length != b.length { return a.length < b.length }
      return a.index < b.index
    }
    loaded = ranked.map { ids.row(matching[$0.index]) }
  }

  /// The text the shortlist is ordered by: the positive terms' folded needles.
  private static func similarityText(_ parsed: ParsedQuery) -> String {
    parsed.clauses.joined().filter { !$0.negated }.map { TextFolding.foldForm($0.needle) }.joined(
      separator: " ")
  }
}
