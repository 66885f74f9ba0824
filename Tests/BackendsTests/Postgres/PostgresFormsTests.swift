import BackendsTestSupport
import EngineTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine

/// The server's forms of a text (`PostgresForms`) agree with the engine's own `TextFolding`,
/// scalar by scalar, and the `prefix` pattern's word starts are the engine's.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresFormsTests {
  /// A connection with the forms' temporary functions created.
  static func connection() throws -> PostgresConnection {
    let connection = try TestCluster.started().connect(statementTimeout: 120_000)
    for form in PostgresForms.Form.allCases {
      for statement in PostgresForms.createFunction(form, named: PostgresForms.temporary(form)) {
        try connection.run(statement, about: "forms")
      }
    }
    return connection
  }

  /// `expression` (SQL over `c`) of each of `texts` on the server, in order (no NUL, no line feed).
  static func server(_ expression: String, _ texts: [String], _ connection: PostgresConnection) throws
    -> [String]
  {
    var result: [String] = []
    for start in stride(from: 0, to: texts.count, by: 20_000) {
      let chunk = texts[start..<min(texts.count, start + 20_000)]
      let joined =
        try connection.run(
          PostgresStatement(
            "SELECT string_agg(\(expression), E'\\n' ORDER BY i) FROM unnest(string_to_array($1, E'\\n')) "
              + "WITH ORDINALITY AS u(c, i)", [chunk.joined(separator: "\n")]),
          about: "forms"
        ).scalar ?? ""
      result += joined.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
        String(String.UnicodeScalarView($0))
      }
    }
    return result
  }

  /// The texts whose server form differs from the engine's, in hex.
  static func differences(
    _ variant: TextVariant, _ texts: [String], _ connection: PostgresConnection
  ) throws -> [String] {
    let expression = PostgresForms.expression(variant, title: "c", folded: "c")
    let forms = try server(expression, texts, connection)
    #expect(forms.count == texts.count)
    return zip(texts, forms).compactMap { text, server in
      let engine = TextFolding.form(text, variant)
      guard !engine.unicodeScalars.elementsEqual(server.unicodeScalars) else { return nil }
      return "\(PostgresFoldTests.hex(text)): engine \(PostgresFoldTests.hex(engine)), "
        + "server \(PostgresFoldTests.hex(server))"
    }
  }

  @Test(arguments: [TextVariant.exact, .ci, .strip]) func everyAssignedScalarHasTheEnginesForm(
    _ variant: TextVariant
  ) throws {
    let connection = try Self.connection()
    let differing = try Self.differences(variant, PostgresFoldTests.assignedScalars, connection)
    #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(20).joined(separator: "; "))")
  }

  @Test(arguments: [TextVariant.exact, .ci, .strip]) func mixedAndRandomTextsHaveTheEnginesForm(
    _ variant: TextVariant
  ) throws {
    let connection = try Self.connection()
    var pool: [UInt32] =
      Array(0x20...0x7E) + [
        0x301, 0x307, 0x308, 0x323, 0x345, 0x130, 0x3A3, 0x3C2, 0x1E9E, 0xDF, 0xFB01, 0xFF26,
      ]
    let map = PostgresForms.mapping(variant == .strip ? .strip : .lower)
    pool += map.groups.flatMap { $0.map(\.source) }.prefix(200) + map.expansions.map(\.source)
    var generator = SeededGenerator(seed: 43)
    let random = (0..<3000).map { _ -> String in
      let scalars = (0..<Int(generator.next() % 12) + 1).compactMap { _ in
        Unicode.Scalar(pool[Int(generator.next() % UInt64(pool.count))])
      }
      return String(String.UnicodeScalarView(scalars))
    }
    let texts = PostgresFoldTests.mixedTexts.map { $0.replacingOccurrences(of: "\n", with: " ") } + random
    let differing = try Self.differences(variant, texts, connection)
    #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(20).joined(separator: "; "))")
  }

  /// After each assigned scalar, `ab` starts a word on the server exactly when the engine says so.
  @Test func wordStartsAreTheEngines() throws {
    let connection = try Self.connection()
    let texts = PostgresFoldTests.assignedScalars.filter { $0 != "\r" }
    // The pattern travels as a setting: `server` binds the texts as its only parameter.
    try connection.run(
      PostgresStatement(
        "SELECT set_config('searchshell.pattern', $1, false)",
        [PostgresForms.wordStartPattern("ab", anchoredStart: false, anchoredEnd: false)]),
      about: "forms")
    let answers = try Self.server(
      "CASE WHEN (c || 'ab') COLLATE \"C\" ~ current_setting('searchshell.pattern') THEN 't' ELSE 'f' END",
      texts, connection)
    let differing = zip(texts, answers).filter { text, answer in
      let scalar = text.unicodeScalars.first?.value ?? 0
      return (answer == "t") == TextFolding.isWordScalar(scalar)
    }.map { PostgresFoldTests.hex($0.0) }
    #expect(answers.count == texts.count)
    #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(20).joined(separator: ", "))")
  }

  /// The forms name no collation (postgres_fdw sends no expression with one), so they run under
  /// the title column's: every collation gives the engine's forms, Turkish's too (whose `lower()`
  /// maps I to dotless ı) and ICU's (whose `lower()` maps a final Σ to ς).
  @Test(arguments: ["C", "tr-x-icu", "tr-TR-x-icu", "en-x-icu", "el-x-icu", "default"])
  func everyCollationGivesTheEnginesForms(_ collation: String) throws {
    let connection = try Self.connection()
    let present = try connection.run(
      PostgresStatement("SELECT count(*) FROM pg_collation WHERE collname = $1", [collation]), about: "forms")
    guard collation == "default" || present.scalar == "1" else { return }
    let texts = [
      "IKEA Istanbul", "ikea", "DIŞ İŞLERİ", "Iñtërnâtiônàlizætiøn", "ΣΊΣΥΦΟΣ ΟΔΟΣ", "ЁЛКА Й", "Straße İI",
      "ẞ Æ Ø Þ", "W\u{30A}", "E\u{301}COLE",
    ]
    for (variant, form) in [(TextVariant.ci, PostgresForms.Form.lower), (.strip, .strip)] {
      for text in texts {
        let server = try connection.run(
          PostgresStatement(
            "SELECT \(PostgresForms.temporary(form))($1::text COLLATE \"\(collation)\")", [text]),
          about: "forms")
        #expect(
          server.scalar.map { Array($0.unicodeScalars) }
            == Array(TextFolding.form(text, variant).unicodeScalars),
          "\(text) in \(form) under \(collation)")
      }
    }
  }

  @Test func theFunctionsAreASCIIAndVersioned() {
    for form in PostgresForms.Form.allCases {
      #expect(PostgresForms.body(form).utf8.allSatisfy { $0 < 0x80 })
      let statements = PostgresForms.createFunction(form, named: PostgresForms.temporary(form))
      #expect(statements.allSatisfy { $0.parameters.isEmpty })
      #expect(statements[1].sql.contains(PostgresForms.comment(form)))
    }
    #expect(PostgresForms.comment(.lower) != PostgresForms.comment(.strip))
    for form in PostgresForms.Form.allCases {
      let create = PostgresForms.createFunction(form, named: "s.f")[0].sql
      // What keeps them inlinable: plain SQL, no SET clause, not STRICT, one SELECT of one
      // expression; and sendable by postgres_fdw: no explicit collation anywhere.
      #expect(create.contains("LANGUAGE sql IMMUTABLE PARALLEL SAFE AS"))
      #expect(!create.contains(" SET ") && !create.contains("STRICT") && !create.contains("COLLATE"))
      #expect(
        PostgresForms.body(form).hasPrefix("SELECT CASE ") && PostgresForms.body(form).hasSuffix(" END"))
    }
  }

  /// The planner inlines the forms: the plan names only built-ins, never the function.
  @Test func theFormsAreInlined() throws {
    let connection = try Self.connection()
    for form in PostgresForms.Form.allCases {
      let plan = try connection.run(
        PostgresStatement(
          "EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM (VALUES ('Ab'), ('Ç')) AS v(c) "
            + "WHERE \(PostgresForms.temporary(form))(c) LIKE '%b%'"),
        about: "forms"
      ).rows.compactMap { $0[0] }.joined(separator: "\n")
      #expect(!plan.contains(form.functionName), "\(plan.prefix(400))")
      #expect(plan.contains("translate(") && plan.contains("\"normalize\"("), "\(plan.prefix(400))")
    }
  }
}
