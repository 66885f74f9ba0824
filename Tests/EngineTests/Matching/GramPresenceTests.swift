import EngineTestSupport
import Foundation
import Testing

@testable import Engine
@testable import Tables

/// The grams the load finds: every gram of every row is held, a gram of no row is not (unless
/// it straddles two rows), searches it answers without reading rows find what the reference finds.
struct GramPresenceTests {
  /// An index of `rows` with its grams found, whatever its size.
  static func index(_ rows: [String]) -> FoldedIndex {
    FoldedIndex(dataset: MatchingFixtures.dataset(rows), columns: [0], gramRows: 1)
  }

  /// The fold arena as one byte string, rows back to back (what the scan reads).
  static func arena(_ index: FoldedIndex) -> [UInt8] {
    Array(UnsafeBufferPointer(start: index.foldBytes.pointer, count: index.foldBytes.count))
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func everyGramOfTheArenaIsHeldAndNoOther(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let rows = RandomRows.rows(300, &random)
    let index = Self.index(rows)
    let grams = try #require(index.grams)
    grams.checkInvariants()
    let bytes = Self.arena(index)
    var held = Set<Int>()
    for end in bytes.indices {
      for width in 1...3 where end + 1 >= width {
        if let slot = GramPresence.slot(of: bytes[(end + 1 - width)...end]) { held.insert(slot) }
      }
    }
    // Every gram of the alphabet: held exactly when the arena holds it.
    let alphabet = (0...255).map(UInt8.init).filter { GramPresence.slot(of: [$0]) != nil }
    #expect(alphabet.count == 63)
    for first in alphabet {
      #expect(grams.holds([first]) == held.contains(GramPresence.slot(of: [first]) ?? -1))
      for second in alphabet {
        let pair = [first, second]
        #expect(grams.holds(pair) == held.contains(GramPresence.slot(of: pair) ?? -1))
      }
    }
    for _ in 0..<5_000 {
      let triple = (0..<3).map { _ in alphabet.randomElement(using: &random) ?? 0x61 }
      #expect(grams.holds(triple) == held.contains(GramPresence.slot(of: triple) ?? -1))
    }
    #expect(grams.holds([0x41]) == nil, "an uppercase letter is outside the alphabet")
    #expect(grams.holds(Array("é".utf8)) == nil)
  }

  @Test func aTermsAbsentGramIsFoundInItsLoweredASCIIRuns() throws {
    // Their fold forms are all in the alphabet: no byte outside it but before the first row.
    let index = Self.index(["alpha beta", "gamma", "café"])
    let grams = try #require(index.grams)
    #expect(grams.invariantViolation() == nil)
    let cases: [(String, String?)] = [
      ("alpha", nil), ("ALPHA", nil), ("Beta", nil), ("zq", "zq"), ("xalpha", "xal"), ("alphx", "phx"),
      ("caf", nil), ("cafq", "afq"), ("é", nil), ("aléq", "q"), ("alébq", "bq"), ("q", "q"),
      // Rows lie back to back: `abetagamma` holds `aga`, which no row does, so it reads as held.
      ("aga", nil),
    ]
    for (term, gram) in cases {
      let found = grams.absentGram(in: Array(term.utf8)).map { String(decoding: $0, as: UTF8.self) }
      #expect(found == gram, "term \(term)")
    }
  }

  @Test func theStoredBitsComeBackWholeOrNotAtAll() throws {
    let grams = try #require(Self.index(["stand", "star 12"]).grams)
    let stored = grams.stored
    let restored = try #require(GramPresence.restoring(stored))
    let words = GramPresence.wordCount
    #expect(
      Array(UnsafeBufferPointer(start: restored.bits.base, count: words))
        == Array(UnsafeBufferPointer(start: grams.bits.base, count: words)))
    for word in [0, 1, words / 2, words - 1, words] {
      let damaged = UnsafePinnedBuffer<UInt64>(count: words + 1) {
        $0.update(from: stored.base, count: words + 1)
      }
      let pointer = UnsafeMutablePointer(mutating: damaged.base)
      pointer[word] ^= 1 << 9
      #expect(GramPresence.restoring(damaged) == nil, "word \(word) flipped")
    }
  }

  /// Queries with grams in no row, and others, under every rule, with the grams found on small
  /// data: the same rows as the reference, and no row read for the absent ones.
  @Test(arguments: MatchRule.allCases.filter { $0 != .regex })
  func searchesWithAbsentGramsMatchTheReference(rule: MatchRule) throws {
    var random = SeededGenerator(seed: 5 &+ UInt64(MatchRule.allCases.firstIndex(of: rule) ?? 0))
    let rows = RandomRows.rows(400, &random)
    var tuning = SearchTuning.standard
    tuning.gramRows = 1
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    #expect(engine.index.grams != nil)
    var absent = 0
    for _ in 0..<40 {
      let query = RandomRows.query(rows, &random)
      for variant in [query, query + "qzj", "zqj " + query, query + " !qzj", "QZJ", "qzj | " + query, "'qzj"]
      {
        try MatchingPropertyTests.check(engine, rows, variant, rule)
        if case .absentGram = engine.lastAnswer?.plan { absent += 1 }
      }
    }
    #expect(absent > 40, "the absent grams were answered without reading rows (\(absent))")
  }

  @Test func explainSaysNoRowWasRead() throws {
    var tuning = SearchTuning.standard
    tuning.gramRows = 1
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(["stand", "star"]), tuning: tuning)
    #expect(try engine.search("stzq", rule: .fold).isEmpty)
    let answer = try #require(engine.lastAnswer)
    #expect(answer.plan == .absentGram("stz"))
    #expect(
      answer.sentence(rowCount: 2) == "answered 'stzq' without reading a row: no row holds 'stz', 0 rows")
    #expect(try engine.search("sta", rule: .fold) == [0, 1])
    #expect(engine.lastAnswer?.plan != .absentGram("sta"))
  }
}
