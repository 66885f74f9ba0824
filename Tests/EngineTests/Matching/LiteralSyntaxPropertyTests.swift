import EngineTestSupport
import Testing

@testable import Engine
@testable import Tables
@testable import UIKitModel

/// The engine against `ReferenceMatcher` in the literal syntax, where markers, spaces and
/// backslashes are plain text, on the same engine as the same texts read in the extended syntax:
/// the cache must keep the two apart.
struct LiteralSyntaxPropertyTests {
  static func check(
    _ engine: SearchEngine, _ rows: [String], _ query: String, _ rule: MatchRule, _ syntax: QuerySyntax
  ) throws {
    let expected = ReferenceMatcher.search(
      texts: rows, titles: rows, scopes: [], query: query, rule: rule, syntax: syntax, scope: 0)
    let found = try engine.search(query, rule: rule, syntax: syntax).map(Int.init)
    #expect(found == expected, "rule \(rule) \(syntax) query '\(query)'")
  }

  @Test(arguments: MatchRule.allCases.filter { $0 != .regex }, [UInt64(4), 5])
  func literalQueriesMatchTheReference(rule: MatchRule, seed: UInt64) throws {
    let ruleIndex = UInt64(MatchRule.allCases.firstIndex(of: rule) ?? 0)
    var random = SeededGenerator(seed: seed &* 104_729 &+ ruleIndex)
    var rows = RandomRows.rows(300, &random)
    rows += [
      "sour chew", "chew sour", "a !c b", "x | y", "^start", "end$", "back\\slash", " lead", "'quoted'",
    ]
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 4 ? 64 : 1_000_000)
    let fixed = ["chew sour", "sour chew", "!c", "x | y", "^start", "end$", "\\", " ", " lead", "'quoted'"]
    for query in fixed + (0..<40).map({ _ in RandomRows.query(rows, &random) }) {
      var typed = ""
      for character in query {
        typed.append(character)
        try Self.check(engine, rows, typed, rule, .literal)
        try Self.check(engine, rows, typed, rule, .extended)
      }
    }
  }

  /// Cancel with an always-shown button while inactive (`shows-cancel on`): only the bar's
  /// delegate hears it, nothing is dismissed.
  @Test func cancelWhileInactiveReachesOnlyTheBarDelegate() {
    for flavor in [Flavor.controller, .display] {
      var options = LifecycleOptions()
      options.setFlavor(flavor)
      var state = SearchState()
      let callbacks = SearchLifecycle(options: options).reduce(&state, .cancelButtonTapped)
      #expect(callbacks.map(\.name) == [.searchBarCancelButtonClicked])
      #expect(
        callbacks.first?.state
          == CallbackSnapshot(isActive: false, text: "", isFirstResponder: false, shown: .main))
      #expect(state == SearchState())
    }
  }
}
