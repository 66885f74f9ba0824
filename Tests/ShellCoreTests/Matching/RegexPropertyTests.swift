import EngineTestSupport
import Foundation
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The regex fast paths (literal prefilter, byte automaton) against a plain NSRegularExpression
/// loop over Strings, on random patterns from a small grammar over random rows.
struct RegexPropertyTests {
  /// Rows beyond `RandomRows.rows`: the texts the automaton must refuse (control
  /// characters, line terminators) and digits, punctuation, mixed scripts.
  static let awkward = [
    "tab\there", "line\nbreak", "ends with newline\n", "cr\rlf", "sep\u{2028}arator", "nel\u{85}x",
    "x\u{0B}y",
    "a1b22c333", "sta.nd", "(paren) [bracket]", "e\u{301}te\u{301}", "caf\u{E9} cafe",
    "\u{1F355}\u{1F355} sta",
    "東京 sta 🍕", "", " ", "-", "stand$up", "a\\b", "Ωmega ωmega",
  ]

  static let literals: [String] = [
    "a", "e", "s", "t", "n", "g", "i", "o", "S", "A", "1", "2", " ", "-", "'", "é", "ü", "東", "🍕", "x",
    "\u{301}", "ω",
  ]
  static let classes = [
    "[aeé]", "[^ae]", "[a-z]", "[A-Z]", "[0-9]", "[^a-z]", "[st]", "[東🍕]", "[ \\-]", "\\d", "\\w", "\\s",
    "\\D",
    "[^\\d]", "\\.", "\\$", "[.]",
  ]

  /// A random pattern: literals, `.`, classes, quantifiers, anchors, alternation and groups,
  /// with whole words of the rows mixed in so that some patterns match.
  static func pattern(_ rows: [String], _ random: inout SeededGenerator, depth: Int = 0) -> String {
    var branches: [String] = []
    let branchCount = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 2...3, using: &random) : 1
    for _ in 0..<branchCount {
      var branch = ""
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        var atom: String
        var quantifiable = true
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<6: atom = literals.randomElement(using: &random) ?? "a"
        case 6..<9:
          let row = Array(rows.randomElement(using: &random) ?? "a")
          guard !row.isEmpty else { continue }
          let start = Int.random(in: 0..<row.count, using: &random)
          let piece = String(row[start..<min(row.count, start + Int.random(in: 1...4, using: &random))])
          atom = NSRegularExpression.escapedPattern(for: piece)
          quantifiable = atom.count == 1
        case 9..<11: atom = "."
        case 11..<14: atom = classes.randomElement(using: &random) ?? "."
        case 14:
          // Outside the automaton's subset: literals come from an approximate parse, ICU judges.
          atom =
            ["^", "\\b", "\\B", "(?=a)", "(?!e)", "(?<=s)", "\\p{L}"].randomElement(using: &random) ?? "^"
          quantifiable = atom == "\\p{L}"
        case 15: atom = "$"; quantifiable = false
        case 16..<18 where depth < 2:
          let inner = pattern(rows, &random, depth: depth + 1)
          atom = (Bool.random(using: &random) ? "(" : "(?:") + inner + ")"
        default: atom = literals.randomElement(using: &random) ?? "a"
        }
        if quantifiable, Int.random(in: 0..<4, using: &random) == 0 {
          // Lazy and possessive ones only on single atoms: ICU can loop forever on `(?:)*?x`.
          let lazy = atom.hasPrefix("(") ? [] : ["*?", "+?", "*+"]
          atom +=
            (["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}"] + lazy).randomElement(using: &random) ?? "*"
        }
        branch += atom
      }
      branches.append(branch)
    }
    return branches.joined(separator: "|")
  }

  /// The rows a plain NSRegularExpression loop over Strings selects.
  static func expected(_ pattern: String, _ texts: [String]) -> [Int]? {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
    return texts.indices.filter { row in
      let text = texts[row]
      return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
  }

  /// The rows `first.scan` reports over an arena of `rows`.
  static func scan(_ first: RegexFirstBytes, _ rows: [String]) -> [Int] {
    var arena: [UInt8] = []
    var offsets: [UInt32] = [0]
    for row in rows {
      arena += row.utf8
      offsets.append(UInt32(arena.count))
    }
    arena.append(0)  // an address even when every row is empty
    var found: [Int] = []
    arena.withUnsafeBufferPointer { bytes in
      offsets.withUnsafeBufferPointer { offsets in
        guard let base = bytes.baseAddress, let offsetBase = offsets.baseAddress else { return }
        let view = UnsafeArenaView(
          base: base, limit: bytes.count - 1, offsets: offsetBase, stride: 1, column: 0)
        first.scan(view, rows: 0..<rows.count) { found.append($0) }
      }
    }
    return found
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func randomPatternsMatchAPlainLoop(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 104_729)
    let rows = RandomRows.rows(300, &random) + Self.awkward
    let categories = rows.map { _ in ["Fruit", "sta", "東", "x1"].randomElement(using: &random) ?? "" }
    let single = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 64 : 1_000_000)
    // Two searched columns: the subject is the joined text, from the engine's `cased` arena.
    let joined = zip(rows, categories).map { "\($0) \($1)" }
    let double = SearchEngine(
      dataset: MatchingFixtures.dataset(rows, categories: categories), columns: [0, 1], parallelThreshold: 64)
    var checked = 0
    var automated = 0
    var backward = 0
    for _ in 0..<200 {
      let pattern = Self.pattern(rows, &random)
      // An all-blank query selects every row, whatever the rule.
      guard !pattern.allSatisfy(\.isWhitespace), let plain = Self.expected(pattern, rows),
        let plainJoined = Self.expected(pattern, joined)
      else { continue }
      checked += 1
      let described = "'\(pattern)' (\(pattern.unicodeScalars.map { String($0.value, radix: 16) }))"
      let found = try single.search(pattern, rule: .regex).map(Int.init)
      #expect(found == plain, "\(described) \(Set(found).symmetricDifference(plain).map { rows[$0] })")
      #expect(try double.search(pattern, rule: .regex).map(Int.init) == plainJoined, "joined \(described)")

      // The parts on their own: every row the pattern matches holds one literal of each
      // required set and a first byte (the engine may skip those scans when they would not pay),
      // and the automaton agrees row by row.
      let matcher = try RegexMatcher(pattern: pattern)
      if matcher.automaton != nil { automated += 1 }
      if matcher.automaton?.backward == true { backward += 1 }
      if let syntax = matcher.syntax {
        for literals in RegexLiterals.requiredSets(syntax, cost: { _ in 0 }) {
          for row in plain {
            let held = RegexFuzz.holdsOne(of: literals, Array(rows[row].utf8))
            #expect(held, "\(described) row '\(rows[row])' lacks all of \(literals)")
          }
        }
      }
      if let first = matcher.firstBytes {
        let holding = rows.indices.filter { row in
          rows[row].utf8.contains { byte in first.ranges.contains { $0.contains(byte) } }
        }
        #expect(Set(plain).isSubset(of: holding), "\(described) first bytes \(first.ranges)")
        #expect(Self.scan(first, rows) == holding, "\(described) scan for \(first.ranges)")
      }
      let unaided = try RegexMatcher(pattern: pattern, fastPaths: false)
      #expect(unaided.automaton == nil && unaided.syntax == nil)
      for (row, text) in rows.enumerated() {
        // A byte past the end, so even an empty row has an address.
        let bytes = Array(text.utf8) + [0]
        let fast = bytes.withUnsafeBufferPointer { buffer in
          buffer.baseAddress.map { matcher.matches($0, start: 0, end: buffer.count - 1) }
        }
        #expect(fast == plain.contains(row), "\(described) row '\(text)'")
      }
    }
    #expect(checked > 140)
    #expect(automated > checked / 2, "the grammar stays inside the automaton's subset")
    #expect(backward > 2, "some patterns are anchored at the end only")
  }

  /// Patterns the subset takes, and ones it must leave to ICU.
  @Test(arguments: [
    ("sta", true), ("^stand", true), ("ing$", true), ("st.*ing", true), ("[0-9]+", true),
    ("(café|cafe)", true),
    ("a{2,3}", true), ("(?:ab)+", true), ("\\d\\w\\s", true), ("[a-z_]", true),
    ("(?i)sta", false), ("\\bsta", false), ("a*?", false), ("a++", false), ("(a)\\1", false),
    ("[[:alpha:]]", false),
    ("[a-z&&[aeiou]]", false), ("\\p{L}", false), ("(?=a)", false), ("[a-]", false), ("\\Qa.b\\E", false),
    ("a{1,99}", false), ("x\\ty", false),
  ])
  func subset(pattern: String, understood: Bool) throws {
    #expect((RegexSyntax.parse(pattern) != nil) == understood)
  }

  /// Patterns outside the subset still yield literals through an approximate parse, but never
  /// an automaton; inline flags yield nothing (they change what a literal matches).
  @Test(arguments: [
    ("\\bsta", ["sta"]), ("stand\\b", ["stand"]), ("(?=x)stand", ["stand"]), ("st.*?ing", ["ing"]),
    ("(a)\\1zz", ["zz"]), ("\\p{L}+ing", ["ing"]), ("(?>sta)+", ["sta"]), ("(?<!x)cafe", ["cafe"]),
    ("(?i)sta", []), ("sta(?i)", []), ("\\Qsta\\E", []),
  ])
  func approximateLiterals(pattern: String, literals: [String]) throws {
    let parsed = RegexSyntax.parse(pattern, approximate: true)
    #expect(parsed?.exact != true)
    #expect(try RegexMatcher(pattern: pattern).automaton == nil)
    let found =
      parsed.flatMap { RegexLiterals.required($0.syntax, cost: { pow(0.1, Double($0.count)) }) } ?? []
    #expect(found.map { String(decoding: $0, as: UTF8.self) } == literals)
  }

  /// The literals found for typical patterns.
  @Test(arguments: [
    ("sta", ["sta"]), ("^stand", ["stand"]), ("ing$", ["ing"]), ("(café|cafe)", ["café", "cafe"]),
    ("ab+c", ["ab"]), ("x(ab|cd)y", ["xaby", "xcdy"]),
    ("[0-9]+", []), ("a|b*", []), ("a?bc", ["bc"]), ("q.*zz", ["zz"]),
  ])
  func literals(pattern: String, literals: [String]) throws {
    let syntax = try #require(RegexSyntax.parse(pattern)?.syntax)
    // Every byte equally common: longer literals are cheaper.
    let found = RegexLiterals.required(syntax, cost: { pow(0.1, Double($0.count)) }) ?? []
    #expect(found.map { String(decoding: $0, as: UTF8.self) } == literals)
  }

  /// The benchmark's patterns on rows where their literals and first bytes are rare, so the
  /// engine takes every scan path (one literal, several, literal plus checks, first bytes).
  @Test(arguments: [64, 1_000_000])
  func benchmarkPatternsOnSparseRows(threshold: Int) throws {
    var random = SeededGenerator(seed: 77)
    let pieces = [
      "wxy", "qvk", "zzz", "sta", "ing", "stand", "café", "cafe", "st", "7", "東京", "e\u{301}", "ǅ",
    ]
    let rows = (0..<3_000).map { index in
      let count = Int.random(in: 1...4, using: &random)
      return (0..<count).map { _ in
        Int.random(in: 0..<12, using: &random) == 0
          ? pieces.randomElement(using: &random) ?? ""
          : ["wxy", "qvk", "zzz"].randomElement(using: &random) ?? ""
      }.joined(separator: Bool.random(using: &random) ? " " : "") + (index % 97 == 0 ? "\n" : "")
    }
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: threshold)
    for pattern in [
      "sta", "^stand", "ing$", "st.*ing", "[0-9]+", "(café|cafe)", "zzqx", "ing.*st", "(sta|ing)$", "東京.*ing",
    ] {
      let expected = try #require(Self.expected(pattern, rows))
      #expect(try engine.search(pattern, rule: .regex).map(Int.init) == expected, "\(pattern)")
    }
  }

  /// Every literal set a pattern requires, rarest first: the scan takes the first, candidate
  /// rows are checked for the others.
  @Test func requiredSetsOfASequence() throws {
    let syntax = try #require(RegexSyntax.parse("st.*ing(a|b)")?.syntax)
    let sets = RegexLiterals.requiredSets(syntax, cost: { pow(0.1, Double($0.count)) })
    #expect(sets.map { $0.map { String(decoding: $0, as: UTF8.self) } } == [["inga", "ingb"], ["st"]])
  }

  /// Patterns anchored at the end only are read backwards; the choice never changes a result
  /// (the random patterns check that), only how soon a row is refused.
  @Test(arguments: [("ing$", true), ("(a|b)c$", true), ("^stand", false), ("^a$", false), ("sta", false)])
  func direction(pattern: String, backward: Bool) throws {
    #expect(try RegexMatcher(pattern: pattern).automaton?.backward == backward)
  }

  /// A newer keystroke abandons a regex search, with or without the fast paths.
  @Test(arguments: ["sta", "[0-9]+", "(?i)sta"])
  func cancelledSearchReturnsNil(pattern: String) throws {
    let rows = (0..<5_000).map { "row \($0) stand" }
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: 1_000)
    let cancellation = SearchCancellation()
    cancellation.cancel()
    #expect(try engine.search(pattern, rule: .regex, cancellation: cancellation) == nil)
  }
}
