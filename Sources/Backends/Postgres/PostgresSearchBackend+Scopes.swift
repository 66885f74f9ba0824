import Engine
import Tables

/// A scope value the bar may lack: a big table's bar without an index on the scope column holds
/// ANALYZE's sample, so `scope VALUE` asks the server whether a row has it rather than refusing.
extension PostgresSearchBackend {
  /// Whether a row holds `value` in the scope column (as text, as the bar shows it): one
  /// `EXISTS`, under the count timeout, stopped by Ctrl-C.
  package func hasScopeValue(_ value: String) throws(BackendError) -> Bool {
    guard let scope = backend.table.names.scope, !value.isEmpty else { return false }
    var statement = PostgresStatement("")
    let parameter = statement.bind(value)
    statement.sql =
      "SELECT EXISTS (SELECT 1 FROM \(backend.table.names.table) "
      + "WHERE \(scope)::pg_catalog.text OPERATOR(pg_catalog.=) \(parameter))::pg_catalog.text"
    backend.connection.doing(.count)
    return try backend.connection.run(statement, about: backend.table.name).scalar == "true"
  }
}
