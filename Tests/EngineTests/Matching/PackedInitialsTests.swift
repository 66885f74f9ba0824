import EngineTestSupport
import Testing

@testable import Engine

/// The initials in 24 bits: which letters share a bit, and `prefix` searches of those letters,
/// which the shared bit only narrows, against `ReferenceMatcher`.
struct PackedInitialsTests {
  static let letters = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))

  /// Every letter has one bit within 24; a letter is exact exactly when no other has its bit.
  @Test func everyLetterHasABitAndOnlyTheRarestShareOne() {
    for letter in Self.letters {
      let bit = PackedInitials.bit(letter)
      #expect(bit.nonzeroBitCount == 1 && bit < 1 << 24, "\(Character(Unicode.Scalar(letter)))")
      let sharing = Self.letters.filter { $0 != letter && PackedInitials.bit($0) == bit }
      #expect(PackedInitials.isExact(letter) == sharing.isEmpty, "\(Character(Unicode.Scalar(letter)))")
    }
    #expect(PackedInitials.bit(UInt8(ascii: "q")) == PackedInitials.bit(UInt8(ascii: "x")))
    #expect(PackedInitials.bit(UInt8(ascii: "y")) == PackedInitials.bit(UInt8(ascii: "z")))
    // A mask of letters packs to the union of their bits.
    let all = Self.letters.reduce(UInt32(0)) { $0 | 1 << UInt32($1 - 0x61) }
    #expect(PackedInitials.packed(all) == 1 << 24 - 1)
  }

  /// Words starting with the four rare letters (and others holding them inside a word), searched
  /// by word start: one letter, two, and two terms; the exact letters' bits answer alone.
  @Test(arguments: [UInt64(1), 2])
  func rareLettersByWordStartMatchTheReference(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let words = ["quiz", "xray", "yak", "zebra", "Zürich", "taxi", "lazy", "equal", "apple", "stand", "a"]
    let rows = (0..<6_000).map { _ in
      (0..<Int.random(in: 0...4, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
        .joined(separator: " ")
    }
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: .small(64))
    for query in ["q", "x", "y", "z", "qu", "xr", "za", "ze", "q y", "a z", "a", "s"] {
      engine.clearCache()
      let expected = ReferenceMatcher.search(
        texts: rows, titles: rows, scopes: [], query: query, rule: .prefix, scope: 0)
      #expect(try engine.search(query, rule: .prefix).map(Int.init) == expected, "'\(query)'")
      let plan = engine.lastAnswer?.plan
      if query.count == 1 {
        let byte = UInt8(ascii: query.unicodeScalars.first ?? "a")
        let readFromBits: Bool
        if case .initialBits = plan { readFromBits = true } else { readFromBits = false }
        #expect(
          readFromBits == PackedInitials.isExact(byte), "'\(query)' planned as \(String(describing: plan))")
      }
    }
  }
}
