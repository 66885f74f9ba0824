import BackendsTestSupport
import Foundation
import Testing

@testable import Backends

/// A `prepare` refused a privilege says which one and what to run, not only the server's
/// "permission denied for schema …" or "must be owner of table …".
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresPreparePrivilegeTests {
  /// A schema of the test's own, `role` a login without CREATE on it, and a table of `owner`'s.
  private static func setUp(schema: String, role: String, owner: String) throws -> String {
    let cluster = try TestCluster.started()
    let admin = try cluster.connect()
    // pg_trgm, which the roles cannot create; another test may create it at the same moment (a
    // duplicate key error then, and it is there).
    _ = try? admin.run(PostgresStatement("CREATE EXTENSION IF NOT EXISTS pg_trgm"), about: "setup")
    for sql in [
      "DROP SCHEMA IF EXISTS \(schema) CASCADE", "DROP ROLE IF EXISTS \(role)", "CREATE ROLE \(role) LOGIN",
      "CREATE SCHEMA \(schema)",
      "GRANT USAGE ON SCHEMA \(schema) TO \(role)",
      "CREATE TABLE \(schema).items (id int PRIMARY KEY, name text)",
      "INSERT INTO \(schema).items VALUES (1, 'Café'), (2, 'tea')",
      "GRANT SELECT ON \(schema).items TO \(role)",
      "ALTER TABLE \(schema).items OWNER TO \(owner)",
    ] {
      try admin.run(PostgresStatement(sql), about: "setup")
    }
    return cluster.url("table=\(schema).items").replacingOccurrences(
      of: "user=postgres", with: "user=\(role)")
  }

  @Test func aRoleWithoutCreateOnTheSchemaIsToldWhatToGrant() throws {
    let url = try Self.setUp(schema: "prep_nocreate", role: "prep_nocreate_role", owner: "prep_nocreate_role")
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    #expect(
      Self.refusal(backend)
        == "role prep_nocreate_role lacks CREATE on schema prep_nocreate (prepare's fold function): "
        + "GRANT CREATE ON SCHEMA prep_nocreate TO prep_nocreate_role, or prepare as a role with it")
    // Granted as it says, prepare goes through.
    try TestCluster.started().connect().run(
      PostgresStatement("GRANT CREATE ON SCHEMA prep_nocreate TO prep_nocreate_role"), about: "t")
    #expect(try backend.prepare().last == "analyzed prep_nocreate.items")
  }

  @Test func aRoleThatDoesNotOwnTheTableIsToldWhose() throws {
    let url = try Self.setUp(schema: "prep_notowner", role: "prep_notowner_role", owner: "postgres")
    try TestCluster.started().connect().run(
      PostgresStatement("GRANT CREATE ON SCHEMA prep_notowner TO prep_notowner_role"), about: "setup")
    let backend = try PostgresBackend(url: url, statementTimeout: 60_000)
    #expect(
      Self.refusal(backend)
        == "role prep_notowner_role does not own the table (prepare's index): prepare as its owner postgres")
  }

  /// The reason `prepare` on `backend` was refused with; nil (and an issue recorded) when it went
  /// through or failed otherwise.
  static func refusal(_ backend: PostgresBackend) -> String? {
    do {
      _ = try backend.prepare()
      Issue.record("prepare went through")
    } catch {
      guard case .databaseQueryFailed(_, _, let reason) = error else {
        Issue.record("\(error)")
        return nil
      }
      return reason
    }
    return nil
  }
}
