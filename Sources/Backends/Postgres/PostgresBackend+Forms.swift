import Engine

extension PostgresBackend {
  /// What PostgreSQL filters for `request`: every rule's own test, when the server has the forms'
  /// functions it needs (the schema's, or temporary ones created now); else the candidates the
  /// client checks.
  func candidates(for request: SearchRequest) throws(BackendError) -> PostgresCandidates {
    if request.rule == .regex {
      var candidates = PostgresCandidates(request)
      if let pattern = candidates.pattern, let rejection = try regexRejection(pattern) {
        candidates.checkOnClient(because: "a translation PostgreSQL rejects (\(rejection))")
      }
      return candidates
    }
    guard PostgresCandidates.needsFunctions(request) else { return PostgresCandidates(request) }
    return PostgresCandidates(request, functions: try formFunctionsReady())
  }

  /// Whether the `ci` and `strip` forms' functions are there: the table schema's when `prepare`
  /// installed them (current, the owner's), else created in `pg_temp` once per connection (each
  /// carries its version in its comment); false when the session is read-only and cannot.
  func formFunctionsReady() throws(BackendError) -> Bool {
    if let formFunctions { return formFunctions }
    if !table.names.forms.lower.hasPrefix("pg_temp.") {
      formFunctions = true
      return true
    }
    do throws(BackendError) {
      _ = try PostgresFormFunctions.install(in: "pg_temp", connection, table: table.name)
      formFunctions = true
    } catch {
      guard try connection.isReadOnly(about: table.name) else { throw error }
      formFunctions = false
    }
    return formFunctions ?? false
  }
}

extension PostgresBackend {
  /// Why the server rejects the ARE `pattern` (too complex, say), or nil when it compiles it;
  /// asked once per pattern and connection (the last few are kept).
  func regexRejection(_ pattern: String) throws(BackendError) -> String? {
    if let known = regexChecks.first(where: { $0.pattern == pattern }) { return known.rejection }
    var statement = PostgresStatement("")
    statement.sql =
      "SELECT ''::pg_catalog.text COLLATE pg_catalog.\"C\" OPERATOR(pg_catalog.~) \(statement.bind(pattern))"
    connection.doing(.page)
    var rejection: String?
    do throws(BackendError) {
      _ = try connection.run(statement, about: table.name)
    } catch {
      // Only the regex's own error (SQLSTATE 2201B, "invalid regular expression: …") is a
      // rejection; a timeout or a lost connection stays the search's error.
      guard case .databaseQueryFailed(_, _, let reason) = error, reason.contains("regular expression") else {
        throw error
      }
      rejection = reason
    }
    regexChecks = Array(regexChecks.suffix(7)) + [(pattern, rejection)]
    return rejection
  }
}
