import Backends
import Tables

/// `scope VALUE` on a PostgreSQL table whose bar lacks VALUE (a big table's bar holds ANALYZE's
/// sample when no index leads with the scope column): the server says whether a row holds it.
extension Session {
  /// The index of `token` once appended to the bar, when the table holds it; nil when no row
  /// does (or the dataset is not a PostgreSQL table).
  ///
  /// The bar gains the title as an app sets `scopeButtonTitles` on a bar in sight: the search
  /// text and the state stay, and the tap that follows filters by it.
  func scopeFoundOnServer(_ token: String) throws(ShellError) -> Int? {
    guard let database = screen.backend as? PostgresSearchBackend else { return nil }
    let titles = screen.dataset.scopeTitles
    guard titles.count < Int(UInt16.max),
      try inBackend({ () throws(BackendError) in try database.hasScopeValue(token) })
    else { return nil }
    screen.extendScopes(titles + [token])
    console.printError(
      "note: "
        + Sanitizer.printable("'\(token)' is not in the scope bar's sample but the table holds it: added"))
    return titles.count
  }
}
