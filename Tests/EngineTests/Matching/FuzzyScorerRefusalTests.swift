import Testing

@testable import Engine

/// `FuzzyScorer` whose scratch rows the system refuses to grow: no trap, the row scores `none`,
/// the scorer keeps scoring rows its scratch holds, and the search that owns it fails with the
/// bytes refused (through its ids' buffer).
struct FuzzyScorerRefusalTests {
  /// 2^57 scalars take 2^59 bytes per scratch row, past any x86-64 or arm64 address space.
  @Test func refusedScratchIsAnErrorNamingTheBytes() {
    let scorer = FuzzyScorer()
    let row = "a row of more than sixty-four bytes, so that the scratch rows are used: fuzzy"
    let expected = FuzzyPropertyTests.fastScore(FuzzyScorer(), row, "fuzy", padded: false)
    #expect(expected > FuzzyScorer.none)
    #expect(!scorer.reserve(1 << 57))
    #expect(scorer.refusedBytes == (1 << 57) * FuzzyScorer.scratchRows * 4)
    #expect(FuzzyPropertyTests.fastScore(scorer, row, "fuzy", padded: false) == expected)
    let ids = UnsafeRowIDBuffer(capacity: 16)
    ids.noteRefused(0)
    #expect(throws: Never.self) { try ids.throwIfRefused() }
    ids.noteRefused(scorer.refusedBytes)
    #expect(throws: SearchError.searchOutOfMemory(requested: (1 << 57) * FuzzyScorer.scratchRows * 4)) {
      try ids.throwIfRefused()
    }
  }
}
