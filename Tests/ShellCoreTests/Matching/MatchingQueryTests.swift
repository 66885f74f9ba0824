import Testing

@testable import ShellCore

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
}
