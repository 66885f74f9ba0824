/// The `ci` and `strip` forms' functions (`PostgresForms`) in a database: `prepare` installs them
/// in the table's schema beside the fold function, so a prepared table's search SQL names no
/// temporary function; an unprepared table's session creates them in `pg_temp`; `prepare undo`
/// drops them when it drops the fold function.
///
/// Each is one inlinable SQL expression: postgres_fdw sends the built-ins it is made of to the
/// shards, so a sharded table needs them on its coordinator only.
enum PostgresFormFunctions {
  /// The forms' functions in `schema` (quoted, schema-qualified: `lower`, `strip`) when both are
  /// this version's and the owner's of the table `tableOID`, else nil
  /// (`PostgresPreparation.ownedComment`, as the fold's).
  static func installed(
    in schema: String, tableOID: String, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> (lower: String, strip: String)? {
    var names: [String] = []
    for form in PostgresForms.Form.allCases {
      let name = try connection.quotedIdentifier(schema) + "." + form.functionName
      let owned = try PostgresPreparation.ownedComment(of: name, tableOID: tableOID, connection, table: table)
      guard owned == PostgresForms.comment(form) else { return nil }
      names.append(name)
    }
    return (names[0], names[1])
  }

  /// Creates (or replaces) the forms' functions under `schema` (quoted, or `pg_temp`) that are
  /// missing or of another version; returns the names of those it created.
  static func install(in schema: String, _ connection: PostgresConnection, table: String) throws(BackendError)
    -> [String]
  {
    var created: [String] = []
    for form in PostgresForms.Form.allCases {
      let name = schema + "." + form.functionName
      guard try PostgresPreparation.comment(of: name, connection, table: table) != PostgresForms.comment(form)
      else { continue }
      for statement in PostgresForms.createFunction(form, named: name) {
        try connection.run(statement, about: table)
      }
      created.append(form.functionName)
    }
    return created
  }

  /// `install` in the table's schema for `prepare`, in a transaction of its own; one line saying
  /// what it installed, or none.
  static func prepare(_ table: PostgresTable, _ connection: PostgresConnection, here: String = "")
    throws(BackendError) -> [String]
  {
    let schema = try connection.quotedIdentifier(table.schema)
    let created = try PostgresPreparation.inTransaction(connection, table: table.name) {
      () throws(BackendError) -> [String] in
      try install(in: schema, connection, table: table.name)
    }
    guard !created.isEmpty else { return [] }
    let names = created.map { "\(table.schema).\($0)(text)" }.joined(separator: " and ")
    return ["installed the ci and smart form functions \(names)\(here)"]
  }

  /// Drops the shell's forms' functions (any version) of `table`'s schema, in the caller's
  /// transaction; one line saying what it dropped, or none.
  ///
  /// `keep` (the fold function is kept: another table searches with it, so with these too)
  /// leaves them.
  static func drop(_ table: PostgresTable, keep: Bool, _ connection: PostgresConnection, here: String = "")
    throws(BackendError) -> [String]
  {
    guard !keep else { return [] }
    var dropped: [String] = []
    for form in PostgresForms.Form.allCases {
      let name = try connection.quotedIdentifier(table.schema) + "." + form.functionName + "(pg_catalog.text)"
      let comment = try connection.run(
        PostgresStatement(
          "SELECT pg_catalog.obj_description(pg_catalog.to_regprocedure($1), 'pg_proc')", [name]),
        about: table.name
      ).scalar
      guard PostgresForms.isOurs(comment, form) else { continue }
      try connection.run(PostgresStatement("DROP FUNCTION \(name)"), about: table.name)
      dropped.append("\(table.schema).\(form.functionName)(text)")
    }
    guard !dropped.isEmpty else { return [] }
    return ["dropped the ci and smart form functions \(dropped.joined(separator: " and "))\(here)"]
  }

  /// Whether the column `column` of the relation `oid` has a nondeterministic collation (then
  /// its text is read under "C", `PostgresForms.Context.underC`); false for a type without one.
  static func isNondeterministic(
    column: String, oid: String, _ connection: PostgresConnection, table: String
  ) throws(BackendError) -> Bool {
    try connection.run(
      PostgresStatement(
        "SELECT NOT c.collisdeterministic FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_collation c "
          + "ON c.oid OPERATOR(pg_catalog.=) a.attcollation WHERE a.attrelid OPERATOR(pg_catalog.=) "
          + "$1::pg_catalog.oid AND a.attname OPERATOR(pg_catalog.=) $2",
        [oid, column]),
      about: table
    ).scalar == "t"
  }
}
