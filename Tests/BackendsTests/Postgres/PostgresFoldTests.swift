import BackendsTestSupport
import EngineTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine

/// The SQL fold function the shell installs agrees with the shell's own fold.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresFoldTests {
  /// The function installed once per test process, in a schema of its own.
  static let installed: Result<String, any Error> = Result {
    let connection = try TestCluster.started().connect()
    try connection.run(PostgresStatement("CREATE SCHEMA IF NOT EXISTS fold_tests"), about: "fold")
    for statement in PostgresFold.createFunction(named: "fold_tests.searchshell_fold") {
      try connection.run(statement, about: "fold")
    }
    return "fold_tests.searchshell_fold"
  }

  /// `texts` folded by the server, in order (none may hold NUL or a line feed).
  static func serverFolds(_ texts: [String], connection: PostgresConnection) throws -> [String] {
    let function = try installed.get()
    var result: [String] = []
    var start = 0
    while start < texts.count {
      let chunk = texts[start..<min(texts.count, start + 20_000)]
      let rows = try connection.run(
        PostgresStatement(
          "SELECT string_agg(\(function)(c), E'\\n' ORDER BY i) FROM unnest(string_to_array($1, E'\\n')) "
            + "WITH ORDINALITY AS u(c, i)", [chunk.joined(separator: "\n")]),
        about: "fold")
      let joined = rows.scalar ?? ""
      result += joined.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
        String(String.UnicodeScalarView($0))
      }
      start += chunk.count
    }
    return result
  }

  /// The texts whose server fold differs from `TextFolding.foldForm`, described in hex.
  static func differences(_ texts: [String], connection: PostgresConnection) throws -> [String] {
    let folds = try serverFolds(texts, connection: connection)
    #expect(folds.count == texts.count)
    var differing: [String] = []
    for (text, server) in zip(texts, folds) {
      let shell = TextFolding.foldForm(text)
      if !shell.unicodeScalars.elementsEqual(server.unicodeScalars) {
        differing.append("\(hex(text)): shell \(hex(shell)), server \(hex(server))")
      }
    }
    return differing
  }

  static func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }

  /// Every assigned scalar (private use included) but NUL, which PostgreSQL text cannot hold.
  static let assignedScalars: [String] = (1...0x10FFFF).compactMap { value -> String? in
    guard let scalar = Unicode.Scalar(value), value != 0x0A else { return nil }
    switch scalar.properties.generalCategory {
    case .unassigned, .surrogate: return nil
    default: return String(String.UnicodeScalarView([scalar]))
    }
  }

  @Test func everyAssignedScalarFoldsAsTheShellFoldsIt() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 60_000)
    let differing = try Self.differences(Self.assignedScalars, connection: connection)
    #expect(Self.assignedScalars.count > 280_000)
    // The line feed separates the values above, so it goes alone.
    let lineFeed = try connection.run(
      PostgresStatement("SELECT \(try Self.installed.get())($1)", ["\n"]), about: "fold")
    #expect(lineFeed.scalar == "\n")
    #expect(
      differing.isEmpty, "\(differing.count) scalars differ: \(differing.prefix(20).joined(separator: "; "))")
  }

  /// Texts that mix scripts, NFD spellings and marks in every order.
  static let mixedTexts: [String] = [
    "Ångström", "A\u{30A}ngstro\u{308}m", "Straße STRASSE ẞ", "Øresund Ærø łódź œuvre", "İstanbul ΣΑΣ ёлка",
    "Йошкар-Ола й", "한국어 한글", "がぎぐ ガギグ ﾊﾟ", "ǣ ǿ ﬁ ﬀ ĳ", "ｆｕｌｌ ½ Ⅻ ⒜ ㍱ ℂ K Å Ω",
    "e\u{301}\u{323}\u{302}", "q\u{363}\u{5B0}\u{93C}", "\u{1D16D}\u{1D165}\u{1D16E}", "café\tCAFÉ\r\n",
    "ꝃ ɨ Ƀ 𐐀𐐨 𞤀", "豈 更 車", "ǅungla ǈ ǋ", "",
  ]

  @Test func mixedTextsFoldAsTheShellFoldsThem() throws {
    let connection = try TestCluster.started().connect()
    let texts = Self.mixedTexts.map { $0.replacingOccurrences(of: "\n", with: " ") }
    let differing = try Self.differences(texts, connection: connection)
    #expect(differing.isEmpty, "\(differing.joined(separator: "; "))")
  }

  /// Random texts of up to 12 scalars drawn from those the fold changes, ASCII, marks and Hangul.
  @Test func randomTextsFoldAsTheShellFoldsThem() throws {
    let connection = try TestCluster.started().connect()
    let map = PostgresFold.mapping
    var pool: [UInt32] =
      Array(0x20...0x7E) + [0x301, 0x308, 0x323, 0x345, 0x5B0, 0x1D165, 0x1D16D, 0xAC00, 0xD55C]
    pool += map.groups.flatMap { $0.map(\.source) } + map.expansions.map(\.source)
    pool += map.deletions.prefix(40).map(\.lowerBound)
    var generator = SeededGenerator(seed: 24)
    let texts = (0..<4000).map { _ -> String in
      let length = Int(generator.next() % 12) + 1
      let scalars = (0..<length).compactMap { _ in
        Unicode.Scalar(pool[Int(generator.next() % UInt64(pool.count))])
      }
      return String(String.UnicodeScalarView(scalars))
    }
    let differing = try Self.differences(texts, connection: connection)
    #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(20).joined(separator: "; "))")
  }

  /// The planner inlines the function (a `LANGUAGE sql` expression without `SET` or `STRICT`):
  /// the plan shows only built-ins, so postgres_fdw can ship them, and an index on the function
  /// still serves a filter written with it.
  @Test func thePlannerInlinesTheFunctionAndStillUsesTheIndex() throws {
    let connection = try TestCluster.started().connect()
    let function = try Self.installed.get()
    let folded = PostgresTable.foldedExpression(function: function, title: "title")
    for sql in [
      "DROP TABLE IF EXISTS fold_tests.inlined",
      "CREATE TABLE fold_tests.inlined (id int PRIMARY KEY, title text)",
      "INSERT INTO fold_tests.inlined SELECT g, 'Café ' || g FROM generate_series(1, 2000) g",
      "CREATE EXTENSION IF NOT EXISTS pg_trgm",
      "CREATE INDEX inlined_trgm ON fold_tests.inlined USING gin ((\(folded)) gin_trgm_ops)",
      "ANALYZE fold_tests.inlined",
    ] {
      try connection.run(PostgresStatement(sql), about: "fold")
    }
    try connection.run(PostgresStatement("SET enable_seqscan = off"), about: "fold")
    defer { _ = try? connection.run(PostgresStatement("RESET enable_seqscan"), about: "fold") }
    let plan = try connection.run(
      PostgresStatement("EXPLAIN VERBOSE SELECT id FROM fold_tests.inlined WHERE \(folded) LIKE '%cafe 12%'"),
      about: "fold"
    ).rows.compactMap { $0[0] }.joined(separator: "\n")
    #expect(plan.contains("Index Scan on inlined_trgm"), "\(plan.prefix(400))")
    #expect(!plan.contains("searchshell_fold"), "the function was not inlined: \(plan.prefix(400))")
    #expect(plan.contains("regexp_replace(") && plan.contains("translate("))
    let count = try connection.run(
      PostgresStatement("SELECT count(*) FROM fold_tests.inlined WHERE \(folded) LIKE '%cafe 12%'"),
      about: "fold")
    #expect(count.scalar == "111")
  }

  /// The fold no longer names a collation (postgres_fdw sends no expression with one), so it
  /// runs under the column's: ASCII text folds the same under every collation, Turkish's too
  /// (whose `lower()` maps I to dotless ı), and so does accented text.
  @Test(arguments: ["C", "tr-x-icu", "tr-TR-x-icu", "en-x-icu", "default"])
  func everyCollationFoldsAlike(_ collation: String) throws {
    let connection = try TestCluster.started().connect()
    let present = try connection.run(
      PostgresStatement("SELECT count(*) FROM pg_collation WHERE collname = $1", [collation]), about: "fold")
    guard collation == "default" || present.scalar == "1" else { return }
    let function = try Self.installed.get()
    let texts = [
      "IKEA Istanbul", "ikea", "DIŞ İŞLERİ", "Iñtërnâtiônàlizætiøn", "ΣΊΣΥΦΟΣ", "ЁЛКА Й", "Straße İI",
    ]
    for text in texts {
      let folded = try connection.run(
        PostgresStatement("SELECT \(function)($1::text COLLATE \"\(collation)\")", [text]), about: "fold")
      #expect(folded.scalar == TextFolding.foldForm(text), "\(text) under \(collation)")
    }
  }

  @Test func theFunctionIsASCIIAndVersioned() {
    #expect(PostgresFold.body.utf8.allSatisfy { $0 < 0x80 })
    #expect(PostgresFold.digest.count == 16)
    let statements = PostgresFold.createFunction(named: "s.f")
    #expect(statements.count == 2)
    #expect(statements.allSatisfy { $0.parameters.isEmpty })
    #expect(statements[1].sql.contains(PostgresFold.digest))
    // What keeps it inlinable: plain SQL, no SET clause, not STRICT, one SELECT of one expression.
    #expect(statements[0].sql.contains("LANGUAGE sql IMMUTABLE PARALLEL SAFE AS"))
    #expect(!statements[0].sql.contains(" SET ") && !statements[0].sql.contains("STRICT"))
    #expect(PostgresFold.body.hasPrefix("SELECT CASE ") && PostgresFold.body.hasSuffix(" END"))
    // What keeps it sendable by postgres_fdw: no explicit collation anywhere.
    #expect(!PostgresFold.body.contains("COLLATE"))
  }
}
