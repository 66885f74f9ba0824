import Engine
import Tables

/// A table the shell searches in PostgreSQL: where it is, its columns and the role each plays.
///
/// The title and scope columns are detected or named as for files (`ColumnRoles`: `name`/`title`,
/// `category`/`type`/`kind`/`group`; `title=` and `scope=` in the URL choose others, `scope=none`
/// drops the bar). The order is a contract: the `order=` column, else the single-column primary
/// key (else, in a table without one, a uniquely indexed or the first column), made unique for
/// keyset paging by a tiebreak where it is not (`PostgresKeyOrdering`).
struct PostgresTable: Equatable, Sendable {
  /// The name of the fold function `prepare` installs in the table's schema.
  static let foldFunction = "searchshell_fold"

  /// The folded title every search filters and `prepare`'s trigram index is built on: the fold
  /// function `function` (quoted, schema-qualified) of the title as text (NULL for a NULL title:
  /// the search SQL handles it, `PostgresSearchSQL.condition`).
  ///
  /// The one place this expression is spelled: the planner uses the index only for the same
  /// expression, and the function being inlined (`PostgresFold.body`) keeps it so on both sides.
  /// Applied to the bare column, with no `COALESCE`, so postgres_fdw can send it to a shard; a
  /// title whose collation is nondeterministic is read under "C" (`underC`), where the fold's
  /// regular expressions and `strpos()` work (they fail under a nondeterministic collation).
  static func foldedExpression(function: String, title: String, underC: Bool = false) -> String {
    "\(function)(\(PostgresForms.Context(underC: underC).text(title)))"
  }

  /// The table as the user named it (`schema.table` or `table`).
  var name: String
  /// The table's schema.
  var schema: String
  /// The relation's own name in its schema (`pg_class.relname`).
  var relation = ""
  /// The table's object id (names the index `prepare` creates).
  var oid: String
  /// Its columns in order (the shell's own folded column left out).
  var columns: [String]
  /// The title column.
  var title: String
  /// The scope column, if any.
  var scope: String?
  /// The order column.
  var order: String
  /// Whether the trigram index `prepare` builds is there, valid and current: built on this title
  /// column by this fold, so searches through the installed fold function use it.
  var isPrepared: Bool
  /// Whether the table has a trigram index of the shell's that this version cannot use (another
  /// fold version or title column): `prepare` builds it again.
  var indexIsStale = false
  /// Whether the table folds with the installed fold function but its schema lacks this
  /// version's `ci` and `strip` functions (prepared by an older version): searches create
  /// temporary ones, and `prepare` installs them.
  var formsAreTemporary = false
  /// A line on the order column (not unique, or unique on trust), shown after opening.
  var orderWarning: String?
  /// The planner's row count (`PostgresStatistics.rows`: `reltuples` summed over partitions and
  /// children, the planner's guess where a relation was never analyzed).
  var estimatedRows: Int
  /// The foreign partitions on other servers, when the table is sharded with `postgres_fdw`.
  var shards: PostgresShards?
  /// The names the SQL uses, quoted by libpq.
  var names: PostgresSearchSQL.Names

  /// Reads the table `url` names through `connection` and decides the columns' roles.
  ///
  /// `foldFunction` gives the quoted, schema-qualified fold function rows are folded by when the
  /// table has no current trigram index of its own, from the table's schema and object id.
  static func describe(
    _ url: PostgresURL, connection: PostgresConnection,
    foldFunction: (_ schema: String, _ oid: String) throws(BackendError) -> String
  ) throws(BackendError) -> PostgresTable {
    guard let name = url.parameters[.table] else {
      throw .invalidDatabaseURL(url.display, reason: "it names no table: add ?table=NAME")
    }
    let parts = split(name)
    var quotedTable = try connection.quotedIdentifier(parts.table)
    if let schema = parts.schema { quotedTable = try connection.quotedIdentifier(schema) + "." + quotedTable }
    let found = try connection.run(
      PostgresStatement(
        "SELECT n.nspname, NULL, c.oid::pg_catalog.text, c.relname, "
          + "c.relkind::pg_catalog.text "
          + "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace "
          + "WHERE c.oid OPERATOR(pg_catalog.=) pg_catalog.to_regclass($1)", [quotedTable]),
      about: name)
    guard let row = found.rows.first, let schema = row[0], let relation = row[3] else {
      throw .databaseTableMissing(name, database: connection.database, server: connection.server)
    }
    // Found on the session's search path once; named with its schema from then on.
    quotedTable = try connection.quotedIdentifier(schema) + "." + connection.quotedIdentifier(relation)
    let all = try connection.run(
      PostgresStatement(
        "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid "
          + "AND attnum OPERATOR(pg_catalog.>) 0 AND NOT attisdropped ORDER BY attnum", [row[2] ?? "0"]),
      about: name
    ).rows.compactMap { $0[0] }
    // The generated column of the shell's earlier `prepare` is its own, never the user's.
    let columns = all.filter { $0 != PostgresLegacyPreparation.column }
    let primaryKey = try primaryKey(row[2] ?? "0", connection, name)
    var profiled: Int?
    if url.parameters[.title] == nil, ColumnRoles.namedTitle(in: columns) == nil, columns.count > 1 {
      profiled = profiledTitle(columns, table: quotedTable, url: url, connection, name)
    }
    var defaultOrder = primaryKey
    if defaultOrder == nil, ["r", "m"].contains(row[4] ?? "r") {
      defaultOrder =
        try PostgresKeyOrdering.uniqueColumns(row[2] ?? "0", connection, table: name).first ?? columns.first
    }
    let roles = try Roles(
      url, columns: columns, table: name, server: connection.place, defaultOrder: defaultOrder,
      profiled: profiled)
    let title = try connection.quotedIdentifier(roles.title)
    let underC = try PostgresFormFunctions.isNondeterministic(
      column: roles.title, oid: row[2] ?? "0", connection, table: name)
    let index = try PostgresPreparation.indexState(
      schema: schema, oid: row[2] ?? "0", title: roles.title, quotedTable: quotedTable, connection,
      table: name)
    // Only a current index's table folds with the installed function: a stale index (another
    // fold, another title) must never answer, and an unprepared table must not depend on a
    // function another session's `prepare undo` may drop; the temporary function's expression
    // is no index's, so the planner cannot pick one. A partitioned table has no index of its own
    // (its shards hold them): it folds with the installed function once `prepare` made it, so no
    // temporary function is in its search SQL (a Citus worker has none).
    let folded = foldedExpression(
      function: index == .current || row[4] == "p"
        ? try foldFunction(schema, row[2] ?? "0")
        : try PostgresPreparation.temporaryFoldFunction(connection, table: name),
      title: title, underC: underC)
    let installed = try connection.quotedIdentifier(schema) + "." + Self.foldFunction + "("
    let isPrepared = index == .current && folded.hasPrefix(installed)
    // The forms' functions follow the fold's: the schema's where the table folds with the
    // installed fold and they are current, else the session's temporary ones.
    var forms = PostgresForms.Context(underC: underC)
    if folded.hasPrefix(installed) {
      if let functions = try PostgresFormFunctions.installed(
        in: schema, tableOID: row[2] ?? "0", connection, table: name)
      {
        (forms.lower, forms.strip) = functions
      }
    }
    var names = PostgresSearchSQL.Names(
      table: quotedTable, title: title, order: try connection.quotedIdentifier(roles.order),
      scope: try roles.scope.map { (name) throws(BackendError) -> String in
        try connection.quotedIdentifier(name)
      },
      folded: folded, forms: forms)
    let key = try PostgresKeyColumn.describe(roles.order, oid: row[2] ?? "0", connection, table: name)
    (names.greater, names.equal) = (key.greater, key.equal)
    let ordering = try PostgresKeyOrdering.of(
      roles.order, key: key, primaryKey: primaryKey, relationKind: row[4] ?? "r", oid: row[2] ?? "0",
      names: names, connection, table: name)
    names.tiebreak = ordering.tiebreak
    var table = PostgresTable(
      name: name, schema: schema, oid: row[2] ?? "0", columns: columns, title: roles.title,
      scope: roles.scope, order: roles.order,
      isPrepared: isPrepared, estimatedRows: 0, names: names)
    table.relation = relation
    table.indexIsStale = index == .stale
    table.formsAreTemporary = folded.hasPrefix(installed) && forms.lower.hasPrefix("pg_temp.")
    table.orderWarning = ordering.warning
    // Summed over partitions and children: a partitioned parent's own reltuples is -1 or 0.
    table.estimatedRows = try PostgresStatistics.rows(oid: table.oid, table: table, connection)
    if row[4] == "p" { table = try PostgresShards.described(table, connection) }
    return table
  }

  /// `schema.table` split at its first dot; a name without one is looked up on the search path.
  static func split(_ name: String) -> (schema: String?, table: String) {
    guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) else { return (nil, name) }
    let table = name[name.utf8.index(after: dot)...]
    return table.isEmpty ? (nil, name) : (String(name[..<dot]), String(table))
  }

  /// The single column of the table's primary key, if it has one.
  private static func primaryKey(
    _ oid: String, _ connection: PostgresConnection, _ name: String
  ) throws(BackendError) -> String? {
    let rows = try connection.run(
      PostgresStatement(
        "SELECT a.attname FROM pg_catalog.pg_index i JOIN pg_catalog.pg_attribute a "
          + "ON a.attrelid OPERATOR(pg_catalog.=) i.indrelid AND a.attnum OPERATOR(pg_catalog.=) ANY(i.indkey) "
          + "WHERE i.indrelid OPERATOR(pg_catalog.=) $1::pg_catalog.oid AND i.indisprimary",
        [oid]),
      about: name
    ).rows
    return rows.count == 1 ? rows[0][0] : nil
  }

  /// The column that names the rows best, judged as a file's are (`ColumnProfile`: not an id,
  /// a number or a date) from the first rows' cells (2,000 rows, 256 characters each at most);
  /// nil when none is text or the sample cannot be read (the first column is then the title).
  private static func profiledTitle(
    _ columns: [String], table: String, url: PostgresURL, _ connection: PostgresConnection, _ name: String
  ) -> Int? {
    do throws(BackendError) {
      var cells: [String] = []
      for column in columns {
        cells.append("pg_catalog.left(\(try connection.quotedIdentifier(column))::pg_catalog.text, 256)")
      }
      let sample = try connection.run(
        PostgresStatement(
          "SELECT \(cells.joined(separator: ", ")) FROM \(table) LIMIT \(ColumnProfile.sampleRows)"),
        about: name
      ).rows
      let profile = ColumnProfile(names: columns) { column in sample.map { $0[column] ?? "" } }
      // The scope bar's column filters; it does not name rows.
      let scope = try? ColumnRoles.scope(Roles.choice(url.parameters[.scope]), columns: columns, title: -1)
      return profile.bestTitle(excluding: scope ?? nil)
    } catch {
      return nil
    }
  }

  /// The columns chosen for each role.
  private struct Roles {
    var title: String
    var scope: String?
    var order: String

    /// The roles `url` names, else detected; `profiled` is the title a sample chose when no
    /// column is named like one; `defaultOrder` orders the rows when `url` names no column (the
    /// primary key; on a table without one, a uniquely indexed column, else the first).
    init(
      _ url: PostgresURL, columns: [String], table: String, server: String, defaultOrder: String?,
      profiled: Int?
    ) throws(BackendError) {
      guard !columns.isEmpty else {
        throw .databaseTableUnsuitable(table, server: server, reason: "it has no columns")
      }
      var titleIndex = try tables { () throws(TableError) in
        try ColumnRoles.title(Self.choice(url.parameters[.title]), columns: columns)
      }
      if let profiled, columns.indices.contains(profiled) { titleIndex = profiled }
      title = columns[titleIndex]
      scope = try tables { () throws(TableError) in
        try ColumnRoles.scope(Self.choice(url.parameters[.scope]), columns: columns, title: titleIndex)
      }
      .map { columns[$0] }
      if let named = url.parameters[.order] {
        guard let index = ColumnRoles.index(of: named, in: columns) else {
          throw .table(.unknownColumn(named, columns: columns))
        }
        order = columns[index]
      } else if let defaultOrder {
        order = defaultOrder
      } else {
        throw .databaseTableUnsuitable(
          table, server: server,
          reason: "it has no single-column primary key: name a unique column with order=COLUMN")
      }
    }

    /// A URL parameter as a column choice (`none` only means something for the scope).
    static func choice(_ value: String?) -> ColumnChoice {
      guard let value else { return .automatic }
      return value == "none" ? .none : .named(value)
    }
  }
}
