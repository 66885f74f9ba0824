import Engine
import Foundation

/// The foreign partitions of a partitioned table sharded over other servers with `postgres_fdw`,
/// as the coordinator's catalog describes them: where each shard's rows live and how to reach it.
///
/// Read at `load` (one query for the leaves, one per foreign leaf for the options); `prepare`
/// connects to each shard with the foreign server's libpq options and the user mapping's
/// `user`/`password` (visible to the mapped user and superusers only).
struct PostgresShards: Equatable, Sendable {
  /// One foreign partition.
  struct Shard: Equatable, Sendable {
    /// The coordinator's foreign table (`schema.name`, as shown).
    var partition: String
    /// The foreign server's name.
    var server: String
    /// The remote table's schema (`schema_name`, else the foreign table's schema).
    var remoteSchema: String
    /// The remote table's name (`table_name`, else the foreign table's name).
    var remoteTable: String
    /// The remote title column (`column_name` of the title, else the title's own name).
    var remoteTitle: String
    /// The libpq options the server and the user mapping give (`postgres_fdw`'s own left out).
    var connection: [String: String]
    /// Whether the user mapping's options were readable (nil options: another role's mapping).
    var hasCredentials: Bool
    /// Whether the server lets its scans run at the same time as the other shards' (`async_capable`).
    var isAsync: Bool
    /// Whether the coordinator asks the shard for its estimates (`use_remote_estimate`).
    var usesRemoteEstimate: Bool
  }

  /// The foreign partitions, in the order of their names.
  var shards: [Shard]
  /// How many leaf partitions are not `postgres_fdw` foreign tables (local tables, other wrappers).
  var otherPartitions: Int
  /// Whether `postgres_fdw` sends the search filter to the shards (`filterIsShipped`), so each
  /// shard sends only its matches; false when the coordinator reads every row and filters here.
  var filterRunsOnShards = false

  /// Whether the plan of a fold `LIKE` on `folded` sends it to every shard: each foreign scan's
  /// remote SQL holds the `LIKE` (postgres_fdw ships only built-in functions and operators, so a
  /// PL/pgSQL fold, `COALESCE` or an explicit collation keep the filter here).
  static func filterIsShipped(
    _ names: PostgresSearchSQL.Names, _ connection: PostgresConnection, table: String
  )
    throws(BackendError) -> Bool
  {
    let plan = try connection.run(
      PostgresStatement(
        "EXPLAIN (VERBOSE, FORMAT JSON) SELECT 1 FROM \(names.table) WHERE \(names.folded) \(PostgresSearchSQL.like) $1",
        ["%a%"]),
      about: table
    ).scalar
    guard let data = plan?.data(using: .utf8),
      let top = (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first?["Plan"]
        as? [String: Any]
    else { return false }
    var scans: [String] = []
    var pending = [top]
    while let node = pending.popLast() {
      if node["Node Type"] as? String == "Foreign Scan" { scans.append(node["Remote SQL"] as? String ?? "") }
      pending += node["Plans"] as? [[String: Any]] ?? []
    }
    return !scans.isEmpty && scans.allSatisfy { $0.contains("~~") }
  }

  /// `postgres_fdw`'s options on servers and user mappings that are not libpq's.
  static let fdwOptions: Set<String> = [
    "use_remote_estimate", "updatable", "truncatable", "fdw_startup_cost", "fdw_tuple_cost", "extensions",
    "fetch_size", "batch_size", "async_capable", "parallel_commit", "parallel_abort", "keep_connections",
    "analyze_sampling", "password_required",
  ]

  /// The shards of the partitioned table with object id `oid` (title column `title`), or nil when
  /// none of its leaf partitions is a `postgres_fdw` foreign table.
  static func read(oid: String, title: String, _ connection: PostgresConnection, table: String)
    throws(BackendError) -> PostgresShards?
  {
    let leaves = try connection.run(
      PostgresStatement(
        "SELECT c.oid::pg_catalog.text, n.nspname, c.relname, s.srvname FROM "
          + "pg_catalog.pg_partition_tree($1::pg_catalog.oid::pg_catalog.regclass) t "
          + "JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) t.relid "
          + "JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace "
          + "LEFT JOIN pg_catalog.pg_foreign_table f ON f.ftrelid OPERATOR(pg_catalog.=) c.oid "
          + "LEFT JOIN (pg_catalog.pg_foreign_server s JOIN pg_catalog.pg_foreign_data_wrapper w "
          + "ON w.oid OPERATOR(pg_catalog.=) s.srvfdw AND w.fdwname OPERATOR(pg_catalog.=) 'postgres_fdw') "
          + "ON s.oid OPERATOR(pg_catalog.=) f.ftserver "
          + "WHERE t.isleaf ORDER BY n.nspname, c.relname",
        [oid]),
      about: table
    ).rows
    var shards: [Shard] = []
    var local = 0
    for leaf in leaves {
      guard let partition = leaf[0], let schema = leaf[1], let name = leaf[2], let server = leaf[3] else {
        local += 1
        continue
      }
      let options = try self.options(of: partition, title: title, connection, table: table)
      let user = try mapping(of: partition, connection, table: table)
      var libpq = options.server.filter { !fdwOptions.contains($0.key) }
      for (key, value) in user ?? [:] where !fdwOptions.contains(key) { libpq[key] = value }
      shards.append(
        Shard(
          partition: schema + "." + name, server: server,
          remoteSchema: options.table["schema_name"] ?? schema,
          remoteTable: options.table["table_name"] ?? name, remoteTitle: options.title ?? title,
          connection: libpq, hasCredentials: user != nil,
          isAsync: options.server["async_capable"] == "true",
          usesRemoteEstimate: options.server["use_remote_estimate"] == "true"))
    }
    return shards.isEmpty ? nil : PostgresShards(shards: shards, otherPartitions: local)
  }

  /// A foreign partition's options: its server's, its own and its title column's `column_name`.
  private static func options(
    of partition: String, title: String, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> (server: [String: String], table: [String: String], title: String?) {
    let rows = try connection.run(
      PostgresStatement(
        "SELECT 's', o.option_name, o.option_value FROM pg_catalog.pg_foreign_table f "
          + "JOIN pg_catalog.pg_foreign_server s ON s.oid OPERATOR(pg_catalog.=) f.ftserver, "
          + "pg_catalog.pg_options_to_table(s.srvoptions) o WHERE f.ftrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid "
          + "UNION ALL SELECT 't', o.option_name, o.option_value FROM pg_catalog.pg_foreign_table f, "
          + "pg_catalog.pg_options_to_table(f.ftoptions) o WHERE f.ftrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid "
          + "UNION ALL SELECT 'c', o.option_name, o.option_value FROM pg_catalog.pg_attribute a, "
          + "pg_catalog.pg_options_to_table(a.attfdwoptions) o WHERE a.attrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid "
          + "AND a.attname OPERATOR(pg_catalog.=) $2",
        [partition, title]),
      about: table
    ).rows
    var server: [String: String] = [:]
    var own: [String: String] = [:]
    var titleName: String?
    for row in rows {
      guard let kind = row[0], let key = row[1], let value = row[2] else { continue }
      switch kind {
      case "s": server[key] = value
      case "t": own[key] = value
      default: if key == "column_name" { titleName = value }
      }
    }
    return (server, own, titleName)
  }

  /// The options of the user mapping `postgres_fdw` uses for `partition`'s server: the current
  /// user's, else PUBLIC's; nil when there is none or its options are hidden from this role.
  private static func mapping(of partition: String, _ connection: PostgresConnection, table: String)
    throws(BackendError) -> [String: String]?
  {
    let rows = try connection.run(
      PostgresStatement(
        "SELECT (m.usename OPERATOR(pg_catalog.=) 'public')::pg_catalog.text, "
          + "(m.umoptions IS NOT NULL)::pg_catalog.text, o.option_name, o.option_value "
          + "FROM pg_catalog.pg_foreign_table f JOIN pg_catalog.pg_user_mappings m "
          + "ON m.srvid OPERATOR(pg_catalog.=) f.ftserver "
          + "AND m.usename OPERATOR(pg_catalog.=) ANY(ARRAY[CURRENT_USER, 'public'::pg_catalog.name]) "
          + "LEFT JOIN LATERAL pg_catalog.pg_options_to_table(m.umoptions) o ON true "
          + "WHERE f.ftrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid",
        [partition]),
      about: table
    ).rows
    let own = rows.filter { $0[0] == "false" }
    let chosen = own.isEmpty ? rows : own
    guard let first = chosen.first, first[1] == "true" else { return nil }
    var options: [String: String] = [:]
    for row in chosen {
      if let key = row[2], let value = row[3] { options[key] = value }
    }
    return options
  }
}

extension PostgresShards {
  /// The partitioned `table` with its shards, and whether its search filter runs on them.
  static func described(_ table: PostgresTable, _ connection: PostgresConnection) throws(BackendError)
    -> PostgresTable
  {
    var table = table
    table.shards = try read(oid: table.oid, title: table.title, connection, table: table.name)
    if var shards = table.shards {
      shards.filterRunsOnShards = try filterIsShipped(table.names, connection, table: table.name)
      table.shards = shards
    }
    return table
  }

  /// The line shown after opening a sharded table whose filter cannot run on its shards, else nil.
  func warning(table: String) -> String? {
    guard !filterRunsOnShards else { return nil }
    let servers = shards.map(\.server).joined(separator: ", ")
    return "\(table) is sharded over \(shards.count) servers (\(servers)) but its search filter runs here: "
      + "every search reads every row from them (postgres_fdw sends only built-in functions, "
      + "and the fold function is not one)"
  }
}
