import BackendsTestSupport
import EngineTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine

/// The translated AREs on the server against ICU itself: seeded random patterns over texts full
/// of line terminators and Unicode, and each set's bracket over every scalar.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresRegexFuzzTests {
  /// The scalars the texts and the patterns' literals are drawn from: where ICU and ARE part
  /// (every line terminator, CR LF, other scripts' digits and letters, a combining mark, astral
  /// scalars) and LIKE's and the regexes' own metacharacters.
  static let textPool: [String] = [
    "a", "b", "e", "n", "d", "A", "E", "é", "e\u{301}", "ß", "한", "😀", "𝔘", "0", "7", "٣", "Ⅻ", "_", " ",
    "\n", "\r", "\r\n", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", ".", "%",
    "\\", "-", "$", "^", "(", "[", "]", "*", "\u{AD}", "\u{200D}", "\u{0308}",
  ]

  /// Short random texts, the empty one and a few fixed ends.
  static let texts: [String] = {
    var generator = SeededGenerator(seed: 4_301)
    var texts = [
      "", "a", "ab", "a\n", "a\r\n", "a\r", "\r\n", "\n", "\n\n", "a\r\n\n", "a\u{2028}", "e\u{301}",
    ]
    for _ in 0..<500 {
      let count = Int(generator.next() % 9)
      texts.append((0..<count).map { _ in textPool[Int(generator.next() % UInt64(textPool.count))] }.joined())
    }
    return texts
  }()

  /// Atoms of ICU's syntax: literals (escaped where they are metacharacters), sets, escapes.
  static let atoms: [String] = [
    "a", "b", "e", "n", "d", "A", "é", "\u{301}", "ß", "한", "😀", "𝔘", "٣", "_", " ", "%", "-", "\\.", "\\\\",
    "\\$", "\\^", "\\(", "\\[", "\\*", "\\n", "\\r", "\\t", "\\u2028", "\\x{85}", "\\x0B", "\\f", ".", "\\d",
    "\\D", "\\w", "\\W", "\\s", "\\S", "\\h", "\\v", "\\H", "\\V", "[a-e]", "[^a-e]", "[^\\n]", "[\\r\\n]",
    "[\\p{L}&&[^a-z]]", "\\p{Lu}", "\\P{L}", "\\p{Nd}", "[[:digit:]]", "[\\s\\S]", "[-.]", "[%_]",
    "\\N{DIGIT ZERO}",
    "\\Qa.\\E", "\\0141",
  ]

  /// How many random patterns are compared (`SEARCHSHELL_REGEX_FUZZ` sets more).
  static let patternCount =
    ProcessInfo.processInfo.environment["SEARCHSHELL_REGEX_FUZZ"].flatMap { Int($0) } ?? 300

  static let anchors = ["^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B"]
  static let quantifiers = ["*", "+", "?", "*?", "+?", "??", "{2}", "{1,3}", "{0,}", "{2,}?"]

  /// A random pattern `depth` groups deep at most.
  static func pattern(_ generator: inout SeededGenerator, depth: Int = 0) -> String {
    var result = ""
    for _ in 0..<(1 + Int(generator.next() % 4)) {
      var piece: String
      switch generator.next() % 12 {
      case 0, 1: piece = anchors[Int(generator.next() % UInt64(anchors.count))]
      case 2 where depth < 2:
        let opening = ["(", "(?:", "(?=", "(?!", "(?<name>"][Int(generator.next() % 5)]
        piece = opening + pattern(&generator, depth: depth + 1) + ")"
      case 3 where depth < 2:
        // A lookbehind of fixed length, as ICU requires.
        let opening = ["(?<=", "(?<!"][Int(generator.next() % 2)]
        piece = opening + atoms[Int(generator.next() % UInt64(atoms.count))] + ")"
      case 4 where depth < 2:
        piece =
          "(?:" + pattern(&generator, depth: depth + 1) + "|" + pattern(&generator, depth: depth + 1) + ")"
      default: piece = atoms[Int(generator.next() % UInt64(atoms.count))]
      }
      if !anchors.contains(piece), !piece.hasPrefix("(?="), !piece.hasPrefix("(?!"), !piece.hasPrefix("(?<="),
        !piece.hasPrefix("(?<!"), generator.next() % 3 == 0
      {
        piece += quantifiers[Int(generator.next() % UInt64(quantifiers.count))]
      }
      result += piece
    }
    return generator.next() % 8 == 0 ? result + "|" + pattern(&generator, depth: depth + 1) : result
  }

  /// The indices of `texts` the ARE matches on the server (as the search tests the title).
  static func serverMatches(_ are: String, _ connection: PostgresConnection) throws -> Set<Int> {
    let rows = try connection.run(
      PostgresStatement(
        "SELECT i - 1 FROM unnest($1::text[]) WITH ORDINALITY AS u(t, i) WHERE "
          + "COALESCE(t, '') COLLATE pg_catalog.\"C\" OPERATOR(pg_catalog.~) $2",
        [PostgresBackend.arrayLiteral(texts), are]),
      about: "regex")
    return Set(rows.rows.compactMap { $0.first.flatMap { $0 }.flatMap { Int($0) } })
  }

  @Test func randomPatternsMatchTheSameTextsOnTheServer() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 120_000)
    var generator = SeededGenerator(seed: 4_302)
    var translated = 0
    var differing: [String] = []
    for _ in 0..<Self.patternCount {
      let pattern = Self.pattern(&generator)
      guard case .translated(let are) = PostgresRegexTranslation.translate(pattern) else { continue }
      translated += 1
      // The engine's own matcher (ICU, as `ReferenceMatcher` applies it), compiled once.
      let matcher = try RegexMatcher(pattern: pattern)
      // Watched as the engine's search watches it: a pattern ICU backtracks on for minutes
      // (`(?:%|[^\n]|(?:😀?))*?\p{Nd}`, pattern 348) is an error there, not an answer to compare.
      let watch = RegexWatch(cancellation: nil)
      let engine = Set(Self.texts.indices.filter { matcher.matches(Self.texts[$0], watch: watch) })
      if watch.exceeded { continue }
      let server = try Self.serverMatches(are, connection)
      if engine != server {
        let extra = server.subtracting(engine).sorted().prefix(3).map { Self.texts[$0].debugDescription }
        let missing = engine.subtracting(server).sorted().prefix(3).map { Self.texts[$0].debugDescription }
        differing.append("\(pattern.debugDescription): server also \(extra), server lacks \(missing)")
      }
    }
    #expect(differing.isEmpty, "\(differing.count) differ:\n\(differing.prefix(20).joined(separator: "\n"))")
    // Most random patterns are in the translated subset: the test compares, not refuses.
    #expect(translated * 4 > Self.patternCount * 3, "only \(translated) of \(Self.patternCount) translated")
  }

  /// The scalars (runs of code points, the surrogates excluded) `bracket` matches on the server.
  static func serverMembers(_ bracket: String, _ connection: PostgresConnection) throws -> [ClosedRange<
    UInt32
  >] {
    let rows = try connection.run(
      PostgresStatement(
        "SELECT min(g), max(g) FROM (SELECT g, g - row_number() OVER (ORDER BY g) AS run "
          + "FROM pg_catalog.generate_series(1, 1114111) AS g WHERE (g < 55296 OR g > 57343) "
          + "AND pg_catalog.chr(g) COLLATE pg_catalog.\"C\" OPERATOR(pg_catalog.~) $1) AS s "
          + "GROUP BY run ORDER BY 1",
        ["^" + bracket + "$"]),
      about: "regex")
    return rows.rows.compactMap { row in
      guard row.count == 2, let low = row[0].flatMap({ UInt32($0) }),
        let high = row[1].flatMap({ UInt32($0) })
      else { return nil }
      return low...high
    }
  }

  @Test(arguments: [
    ".", "\\w", "\\W", "\\d", "\\s", "\\p{L}", "[^a]", "\\v", "[\\s\\S]", "[[:punct:]]", "\\x{10FFFF}",
  ])
  func aSetsBracketHoldsICUsScalarsOnTheServer(_ token: String) throws {
    let connection = try TestCluster.started().connect(statementTimeout: 120_000)
    guard case .translated(let are) = PostgresRegexTranslation.translate(token) else {
      Issue.record("\(token) was refused")
      return
    }
    let members = try #require(PostgresRegexSets.members(token))
    let server = try Self.serverMembers(are, connection)
    // The surrogates split a run of ICU's that spans them; the server's runs are split the same way.
    #expect(server == members, "\(token): \(server.count) runs on the server, \(members.count) in ICU")
  }
}
