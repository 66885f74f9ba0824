import Engine

extension PostgresBackend {
  /// What PostgreSQL filters for `request`: every rule's own test, when the server has (or now
  /// gets) the forms' temporary functions it needs; else the candidates the client checks.
  func candidates(for request: SearchRequest) throws(BackendError) -> PostgresCandidates {
    guard PostgresCandidates.needsFunctions(request) else { return PostgresCandidates(request) }
    return PostgresCandidates(request, functions: try formFunctionsReady())
  }

  /// Creates the `ci` and `strip` forms' functions in `pg_temp` once per connection (each
  /// carries its version in its comment); false when the session is read-only and cannot.
  func formFunctionsReady() throws(BackendError) -> Bool {
    if let formFunctions { return formFunctions }
    do throws(BackendError) {
      for form in PostgresForms.Form.allCases {
        let name = PostgresForms.function(form)
        let current = try PostgresPreparation.comment(of: name, connection, table: table.name)
        guard current != PostgresForms.comment(form) else { continue }
        for statement in PostgresForms.createFunction(form) {
          try connection.run(statement, about: table.name)
        }
      }
      formFunctions = true
    } catch {
      guard try connection.isReadOnly(about: table.name) else { throw error }
      formFunctions = false
    }
    return formFunctions ?? false
  }
}
