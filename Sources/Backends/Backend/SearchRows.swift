/// The rows one search selected, in table order, read a page at a time.
///
/// The count may arrive after the first page: `count` says what is known now, `exactCount()`
/// waits for the exact number.
package protocol SearchRows {
  /// How many rows there are, exact or an estimate until the exact count arrives.
  var count: RowCount { get }

  /// The exact number of rows, waiting for it if it has not arrived yet.
  func exactCount() throws(BackendError) -> Int

  /// The rows at table positions `range` (from 0), in table order; positions past the end are
  /// left out.
  func rows(in range: Range<Int>) -> [ResultRow]

  /// The rows at table positions `range` as the screen shows them: a title may be cut short
  /// (at `Dataset.shownBytes`), as the table cuts it to its width anyway. By default `rows(in:)`.
  func shownRows(in range: Range<Int>) -> [ResultRow]

  /// The dataset rows at table positions `range`, without their titles (exports, `list` in a
  /// data format); by default read from `rows(in:)` a chunk at a time.
  func ids(in range: Range<Int>) -> [Int]

  /// The dataset rows at table positions `range`, all of them or an error (a read that failed
  /// or was cancelled): what an export writes. By default `ids(in:)`, which cannot fail.
  func readIDs(in range: Range<Int>) throws(BackendError) -> [Int]
}

/// No rows at all: an empty search, or an invalid query.
package struct NoRows: SearchRows {
  /// No rows.
  package init() {}
  package var count: RowCount { .exact(0) }
  package func exactCount() throws(BackendError) -> Int { 0 }
  package func rows(in range: Range<Int>) -> [ResultRow] { [] }
}

extension SearchRows {
  package func shownRows(in range: Range<Int>) -> [ResultRow] { rows(in: range) }

  /// The exact count, or the count known now if waiting for it failed.
  package var settledCount: Int { (try? exactCount()) ?? count.value }

  /// The count to show: the exact one when `waiting`, else what is known now.
  package func count(waiting: Bool) -> RowCount {
    guard waiting, let exact = try? exactCount() else { return count }
    return .exact(exact)
  }
}

extension SearchRows {
  package func readIDs(in range: Range<Int>) throws(BackendError) -> [Int] { ids(in: range) }

  package func ids(in range: Range<Int>) -> [Int] {
    // Titles read only to be dropped: a chunk at a time keeps them few.
    var ids: [Int] = []
    for start in stride(from: range.lowerBound, to: range.upperBound, by: 4_096) {
      let page = rows(in: start..<min(start + 4_096, range.upperBound))
      ids += page.map(\.id)
      if page.isEmpty { break }
    }
    return ids
  }
}
