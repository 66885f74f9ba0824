import Engine
import Tables

/// What the session searches through: the one seam between the shell and where the rows live.
///
/// The in-memory engine implements it (`InMemoryBackend`); a database backend would too. A
/// backend answers a `SearchRequest` with `SearchRows` (the count, exact or estimated, and
/// pages of rows in order), and gives the highlights of the rows in sight, a row's detail and a
/// sentence on how it answered the last search. Searches run on the session's thread; only the
/// `SearchCancellation` passed in may be cancelled from another.
package protocol SearchBackend: AnyObject {
  /// The dataset columns the search matches, by index (`set fields`).
  var searchedColumns: [Int] { get }

  /// Every row, in dataset order or in `order` (`sort`): the main table.
  func allRows(order: SortOrder?) -> any SearchRows

  /// The rows `request` selects, in table order (rank order for `fuzzy`, unless the request
  /// gives an order); nil when
  /// `cancellation` stopped the search first.
  func search(_ request: SearchRequest, cancellation: SearchCancellation?) throws(BackendError)
    -> (any SearchRows)?

  /// The values of `column` over the rows `request` selects (its text, scope and filter; a
  /// blank text selects every row), most frequent first, ties by value: those at positions
  /// `range` (`count COL`). Nil when `cancellation` stopped it first.
  func valueCounts(
    of column: Int, over request: SearchRequest, range: Range<Int>, cancellation: SearchCancellation?
  ) throws(BackendError) -> ValueCounts?

  /// Builds what searches under `rule` read beyond what the load built, so that the first
  /// keystroke under it does not pay for it (the session calls it on `load`, `set match` and
  /// `set fields`).
  func prepare(for rule: MatchRule)

  /// The character ranges of `row`'s title that `request` matched, for the rows in sight (a
  /// table showing columns passes each searched cell as the title).
  func highlights(of row: ResultRow, for request: SearchRequest) -> [Range<Int>]

  /// Row `id`'s cells in `columns`, raw, for a table that shows columns (`set columns`); a
  /// backend may cut a long cell as `Dataset.shownCell` does.
  func cells(of id: Int, columns: [Int]) -> [String]

  /// Why this backend cannot serve `feature`, for the error line; nil when it can.
  func lacks(_ feature: BackendFeature) -> String?

  /// How many rows the table has (the estimate's value while `totalRows` is an estimate).
  var rowCount: Int { get }
  /// How many rows the table has, exact or (a big database table until counted) estimated.
  var totalRows: RowCount { get }

  /// The title of row `id` (one the backend handed out).
  func title(of id: Int) -> String

  /// The rows `ids` as a dataset a writer reads, with their positions in it (`export`, `list`).
  func exportable(_ ids: [Int]) throws(BackendError) -> (dataset: Dataset, rows: [Int])

  /// The detail view of dataset row `id`.
  func detail(of id: Int) -> RowDetail

  /// How the last search was answered, as the end of a sentence starting "The last search"
  /// (`explain`); nil before the first.
  var lastAnswer: String? { get }

  /// A backend over the same rows that matches `columns` instead (`set fields`), or an error
  /// that leaves this one as it is.
  func searching(columns: [Int]) throws(BackendError) -> any SearchBackend

  /// A backend over `dataset`: the same rows and text under new scope titles (`set scopes`).
  func relabeled(as dataset: Dataset) -> any SearchBackend
}

extension SearchBackend {
  /// Exact: a backend that holds its rows knows how many.
  package var totalRows: RowCount { .exact(rowCount) }
}
