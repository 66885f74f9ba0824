import EngineTestSupport
import Testing

@testable import Engine

/// An `exact` substring found by the scan in row order (`ChunkScan.scanExact`) against
/// `ReferenceMatcher`: rows not in NFC are tested in their own form as the scan passes them, so
/// the result keeps a compact copy, which the next keystroke narrows.
struct ExactScanTests {
  @Test(arguments: [UInt64(1), 2])
  func exactTermsAndTheirNarrowingMatchTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    // KELVIN SIGN is `K` in NFC; `Ke\u{301}l` composes to `Kél`; `Kelp` holds `Kel` in its bytes.
    let rare = ["\u{212A}elvin", "Ke\u{301}lly", "Kelp", "Zürich", "kelp"]
    let words = RandomRows.ascii + RandomRows.accented
    let rows = (0..<12_000).map { index -> String in
      var row = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        words.randomElement(using: &random) ?? ""
      }
      if index % 50 == 7 { row.append(rare.randomElement(using: &random) ?? "") }
      return row.joined(separator: " ")
    }
    let engine = SearchEngine(
      dataset: MatchingFixtures.dataset(rows), columns: nil, parallelThreshold: seed == 1 ? 2_000 : 1_000_000)
    for query in ["Kel", "Kelv", "Kelvi", "Kél", "Kéll", "elp", "Zür"] {
      let expected = ReferenceMatcher.search(
        texts: rows, titles: rows, scopes: [], query: query, rule: .exact, scope: 0)
      #expect(try engine.search(query, rule: .exact).map(Int.init) == expected, "'\(query)'")
    }
    // `Kelv` narrowed `Kel`'s result from the copy its scan kept (seed 2: one chunk, past the
    // sample its first rows are probed in).
    engine.clearCache()
    _ = try engine.search("Kel", rule: .exact)
    _ = try engine.search("Kelv", rule: .exact)
    guard case .narrow(_, _, .compactCopy) = engine.lastAnswer?.plan else {
      Issue.record("'Kelv' was planned as \(String(describing: engine.lastAnswer?.plan))")
      return
    }
  }
}
