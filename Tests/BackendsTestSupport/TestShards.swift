import Backends
import Foundation

/// A table sharded over two other servers, as `postgres_fdw` does it: on the shared cluster (the
/// coordinator), a table hash-partitioned by `id` whose partitions are foreign tables on the two
/// shard clusters (`TestCluster.startedShards()`), one each.
///
/// The coordinator gets `postgres_fdw`, one foreign server per shard (`searchshell_shard_N`,
/// `async_capable` and `use_remote_estimate` on, inserts batched) and a user mapping for the
/// superuser. Each shard holds the rows of its partition in `public.TABLE` (the coordinator's
/// partitions are `TABLE_pN`, so the remote names differ from the local ones, as they may).
package enum TestShards {
  /// The foreign server of shard `index` on the coordinator.
  package static func server(_ index: Int) -> String { "searchshell_shard_\(index)" }

  /// The coordinator's foreign partition on shard `index` of `table`.
  package static func partition(_ table: String, _ index: Int) -> String { "\(table)_p\(index)" }

  /// Creates `table` sharded over the shards with `fixture`'s rows (replacing an earlier one), and
  /// analyzes it on every server; returns the coordinator's URL of it (title `name`, order `id`).
  package static func load(_ fixture: PostgresFixture, into table: String) throws -> String {
    let coordinator = try TestCluster.started()
    let shards = try TestCluster.startedShards()
    let connection = try coordinator.connect(statementTimeout: 120_000)
    try servers.get()
    let quoted = try connection.quotedIdentifier(table)
    try run(connection, "DROP TABLE IF EXISTS \(quoted)")
    try run(
      connection, "CREATE TABLE \(quoted) (id int NOT NULL, name text, category text) PARTITION BY HASH (id)")
    for (index, shard) in shards.enumerated() {
      let remote = try shard.connect(statementTimeout: 120_000)
      try run(remote, "DROP TABLE IF EXISTS public.\(quoted)")
      try run(remote, "CREATE TABLE public.\(quoted) (id int PRIMARY KEY, name text, category text)")
      try run(
        connection,
        "CREATE FOREIGN TABLE \(try connection.quotedIdentifier(partition(table, index))) PARTITION OF \(quoted) "
          + "FOR VALUES WITH (MODULUS \(shards.count), REMAINDER \(index)) SERVER \(server(index)) "
          + "OPTIONS (schema_name 'public', table_name '\(table)')")
    }
    try connection.run(
      PostgresStatement(
        "INSERT INTO \(quoted) SELECT i - 1, n, c FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(n, c, i)",
        [PostgresBackend.arrayLiteral(fixture.titles), PostgresBackend.arrayLiteral(fixture.rowCategories)]),
      about: table)
    for shard in shards { try run(try shard.connect(statementTimeout: 120_000), "ANALYZE public.\(quoted)") }
    try run(connection, "ANALYZE \(quoted)")
    return coordinator.url("table=\(table)&title=name&order=id")
  }

  /// The extension, the servers and the mappings, created once per process (two suites creating
  /// them at once collide in the catalog).
  static let servers: Result<Void, any Error> = Result {
    try createServers(try TestCluster.startedShards(), try TestCluster.started().connect())
  }

  /// The extension, one server per shard and the superuser's mappings.
  private static func createServers(_ shards: [TestCluster], _ connection: PostgresConnection) throws {
    try run(connection, "CREATE EXTENSION IF NOT EXISTS postgres_fdw")
    for (index, shard) in shards.enumerated() {
      // The folder is the shard's socket folder: a path of the tests' own, no quote in it.
      try run(
        connection,
        "CREATE SERVER IF NOT EXISTS \(server(index)) FOREIGN DATA WRAPPER postgres_fdw OPTIONS "
          + "(host '\(shard.folder)', dbname 'postgres', async_capable 'true', "
          + "use_remote_estimate 'true', batch_size '1000')")
      try run(
        connection,
        "CREATE USER MAPPING IF NOT EXISTS FOR postgres SERVER \(server(index)) OPTIONS (user 'postgres')")
    }
  }

  /// Runs `sql` (no parameters) on `connection`.
  private static func run(_ connection: PostgresConnection, _ sql: String) throws {
    try connection.run(PostgresStatement(sql), about: "sharded test table")
  }
}
