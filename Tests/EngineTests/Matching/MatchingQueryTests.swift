import Testing

@testable import Engine
@testable import Tables

/// The query syntax parser and the implication that makes narrowing safe.
struct MatchingQueryTests {
  @Test func parsesTermsMarkersAndAlternatives() {
    let query = ParsedQuery("!a ^b c$ 'd e | f \\!g h\\ i !", rule: .fuzzy)
    let terms = query.clauses.map { $0.map(\.text) }
    #expect(terms == [["a"], ["b"], ["c"], ["d"], ["e", "f"], ["!g"], ["h i"], ["!"]])
    let flat = query.clauses.joined().map { $0 }
    #expect(flat[0].negated && flat[0].kind == .contains)
    #expect(flat[1].anchoredStart && flat[1].kind == .contains)
    #expect(flat[2].anchoredEnd)
    #expect(flat[3].kind == .contains)
    #expect(flat[4].kind == .fuzzy && !flat[4].negated)
    #expect(!flat[6].negated && flat[6].kind == .fuzzy)
    #expect(!flat[8].negated && flat[8].needle == "!")
  }

  /// The literal syntax reads the whole text as one term: no markers, no escapes, spaces kept.
  @Test(arguments: [
    "!a ^b c$ 'd e | f \\!g h\\ i !", "chew sour", "!c", " lead", "|", "\\", "a\u{301} b",
  ])
  func literalIsOneTermOfTheWholeText(query: String) {
    for rule in MatchRule.allCases where rule != .regex {
      let parsed = ParsedQuery(query, rule: rule, syntax: .literal)
      #expect(parsed.clauses.map { $0.map(\.text) } == [[query]])
      let term = parsed.clauses[0][0]
      #expect(!term.negated && !term.anchoredStart && !term.anchoredEnd)
      #expect(term.kind == (rule == .prefix ? .wordStart : rule == .fuzzy ? .fuzzy : .contains))
    }
    #expect(ParsedQuery("", rule: .fold, syntax: .literal).isEmpty)
  }

  @Test func literalHighlightsTheWholeSubstring() {
    #expect(MatchHighlighter.ranges(in: "sour chew", query: "r c", rule: .ci, syntax: .literal) == [3..<6])
    #expect(MatchHighlighter.ranges(in: "sour chew", query: "chew sour", rule: .ci, syntax: .literal) == [])
    #expect(MatchHighlighter.ranges(in: "sour chew", query: "chew sour", rule: .ci) == [0..<4, 5..<9])
  }

  /// A separator or marker followed by a combining mark is one Character but still separates.
  @Test(arguments: [
    ("a \u{301}b", [["a"], ["\u{301}b"]]), ("x\u{604} y", [["x\u{604}"], ["y"]]),
    ("!\u{301}", [["\u{301}"]]), ("a |\u{301} b", [["a"], ["|\u{301}"], ["b"]]),
    ("\\ \u{301}", [[" \u{301}"]]),
  ])
  func splitsScalarsNotCharacters(query: String, terms: [[String]]) {
    #expect(ParsedQuery(query, rule: .fold).clauses.map { $0.map(\.text) } == terms)
  }

  @Test(arguments: [
    ("Zurich", TextVariant.strip), ("zürich", .ci), ("Zürich", .exact), ("zurich", .fold), ("straße", .ci),
    ("東京", .fold),
  ])
  func smartDecidesPerTerm(term: String, variant: TextVariant) {
    #expect(ParsedQuery(term, rule: .smart).clauses[0][0].variant == variant)
  }

  @Test(arguments: [
    ("abc", "ab", MatchRule.fold, true), ("ab", "abc", .fold, false), ("xaby", "ab", .fold, true),
    ("ab c", "ab", .fold, true), ("ab", "ab c", .fold, false), ("!abc", "!ab", .fold, false),
    ("!ab", "!abc", .fold, true), ("ab | cd", "ab", .fold, false), ("ab", "ab | cd", .fold, true),
    ("^abc", "^ab", .fold, true), ("xab$", "ab$", .fold, true), ("abc$", "ab$", .fold, false),
    ("abc", "ac", .fuzzy, true), ("abc", "ca", .fuzzy, false), ("abc", "ab", .prefix, true),
    ("xab", "ab", .prefix, false), ("Ab", "a", .smart, false), ("abc", "a", .smart, true),
  ])
  func implicationIsSound(new: String, old: String, rule: MatchRule, implies: Bool) {
    #expect(ParsedQuery(new, rule: rule).implies(ParsedQuery(old, rule: rule)) == implies)
  }

  /// Byte counts where `g` is rare and `s`, `t`, `a` are common: by its rarest bytes, `ing` looks
  /// the more selective term.
  static let frequency: [Int] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "g"): 10
    case UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "i"), UInt8(ascii: "n"): 1_000
    default: 100
    }
  }

  /// Of several terms that could drive the scan, the one matching fewest sampled rows does; the
  /// rarest bytes decide ties and a query compiled without a sample.
  @Test(
    arguments: [
      ("sta ing", ["sta": 10, "ing": 900], "sta"),
      ("sta ing", ["sta": 900, "ing": 10], "ing"),
      ("sta ing", ["sta": 50, "ing": 50], "ing"),
      ("ing sta", nil, "ing"),
      ("!ing sta", ["sta": 900], "sta"),
    ] as [(String, [String: Int]?, String)])
  func driverMatchesFewestSampledRows(query: String, hits: [String: Int]?, driver: String) {
    let parsed = ParsedQuery(query, rule: .fold)
    let sampled = hits.map { hits in { (term: CompiledTerm) in hits[term.term.needle] ?? 0 } }
    let compiled = CompiledQuery(parsed, frequency: Self.frequency, sampledHits: sampled)
    #expect(compiled.driver?.term.needle == driver)
  }

  /// Which clauses the signature bits decide alone (one letter or space, wanted or excluded), and
  /// the bits a matching row must lack.
  @Test(arguments: [
    ("stand a b", true, ""), ("stand a !b", true, "b"), ("stand !a !\\ ", true, "a "),
    ("stand ab", false, ""),
    ("stand 7", false, ""), ("stand ^a", false, ""), ("stand a | b", false, ""), ("stand é", true, ""),
  ])
  func signatureDecidesOneLetterClauses(query: String, decided: Bool, forbidden: String) {
    let compiled = CompiledQuery(ParsedQuery(query, rule: .fold), frequency: Self.frequency)
    #expect(compiled.driver?.term.needle == "stand")
    #expect(compiled.isDecidedBySignature == decided)
    #expect(compiled.forbiddenSignature == RowSignature.mask(Array(forbidden.utf8)))
  }

  /// Under `ci`, wanted one-letter clauses are decided for ASCII rows by the signature (their `ci`
  /// form is their fold form); an excluded one, or a longer term, is read.
  @Test(arguments: [
    ("stand a", MatchRule.ci, "a" as String?), ("stand a b", .ci, "ab"), ("stand !a", .ci, nil),
    ("stand ab", .ci, nil), ("stand a", .fold, ""), ("stand á", .ci, nil),
  ])
  func asciiRowsDecideCiLetters(query: String, rule: MatchRule, letters: String?) {
    let compiled = CompiledQuery(ParsedQuery(query, rule: rule), frequency: Self.frequency)
    #expect(compiled.asciiSignature == letters.map { RowSignature.mask(Array($0.utf8)) })
  }
}
