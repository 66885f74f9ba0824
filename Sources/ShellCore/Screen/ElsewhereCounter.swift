import Backends
import Tables

/// For a search of a loaded file that found nothing, the rows each column it did not search
/// would have given, as one line under the table: `0 rows in 'codename, series'; 'release'
/// has 1: set fields * to search every column`.
///
/// A backend per skipped column is built on the first such search and kept until the screen's
/// backend changes; files of more than `rowLimit` rows get no line (the work stays bounded).
final class ElsewhereCounter {
  /// Rows past which no line is given.
  static let rowLimit = 200_000
  /// Columns named at most in the line.
  static let shownColumns = 3

  /// The backend the kept ones were built beside (weak: an identifier could be reused by the
  /// next dataset's backend once this one is freed).
  private weak var owner: AnyObject?
  /// A backend over each skipped column alone.
  private var backends: [Int: any SearchBackend] = [:]

  /// The line for `request`, which found no row in `backend`'s columns of `dataset`; nil when
  /// no other column has a match, or none is to be searched.
  func line(for request: SearchRequest, backend: any SearchBackend, dataset: Dataset) -> String? {
    guard dataset.rowCount <= Self.rowLimit, backend.lacks(.searchingOtherColumns) == nil else { return nil }
    switch dataset.source {
    case .file, .standardInput: break
    case .bundled, .database: return nil
    }
    if owner !== backend { (owner, backends) = (backend, [:]) }
    let skipped = dataset.columns.indices.filter { !backend.searchedColumns.contains($0) }
    var found: [(column: Int, rows: Int)] = []
    for column in skipped {
      guard let rows = count(request, in: column, beside: backend), rows > 0 else { continue }
      found.append((column, rows))
    }
    guard !found.isEmpty else { return nil }
    let names = backend.searchedColumns.map { dataset.columns[$0] }.joined(separator: ", ")
    var parts = found.prefix(Self.shownColumns).map {
      "\(Sanitizer.quoted(dataset.columns[$0.column])) has \($0.rows)"
    }
    if found.count > Self.shownColumns { parts.append("\(found.count - Self.shownColumns) more columns too") }
    return "0 rows in \(Sanitizer.quoted(names)); " + parts.joined(separator: ", ")
      + ": set fields * to search every column"
  }

  /// The rows `request` finds in `column` alone; nil when that search fails.
  private func count(_ request: SearchRequest, in column: Int, beside backend: any SearchBackend) -> Int? {
    if backends[column] == nil { backends[column] = try? backend.searching(columns: [column]) }
    guard let other = backends[column] else { return nil }
    return (try? other.search(request, cancellation: nil))??.settledCount
  }
}
