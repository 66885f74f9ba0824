import Testing

@testable import ShellCore

/// `SearchAnswer.sentence`: the one line `explain` prints about the last search.
struct SearchAnswerTests {
  static func answer(
    _ query: String, _ plan: SearchPlan?, fromCache: Bool = false, rows: Int, threads: Int = 2
  ) -> SearchAnswer {
    SearchAnswer(
      query: query, rule: .fold, scope: 0, plan: plan, fromCache: fromCache, rows: rows, threads: threads)
  }

  static let sweep = SearchPlan.everyChunk(.scan(term: "st", approach: .sweepWhenCommon(share: 16)))

  @Test(
    arguments: [
      (
        answer("st", sweep, rows: 248_123),
        "swept (or scanned, where rare) 'st' over 1,000,000 rows on 2 threads, 248,123 rows"
      ),
      (
        answer("sta", .narrow(from: "st", rows: 248_123, recheck: .compactCopy), rows: 32_550),
        "narrowed 'sta' from the cached 'st' result (248,123 rows, its compact copy), 32,550 rows"
      ),
      (
        answer("st", sweep, fromCache: true, rows: 1, threads: 1),
        "took 'st' from the cache (first swept (or scanned, where rare) 'st' over 1,000,000 rows on 1 thread), 1 row"
      ),
      (answer("x", nil, fromCache: true, rows: 0), "took 'x' from the cache, 0 rows"),
      (
        answer("s", .signatureBits(letter: UInt8(ascii: "s"), variant: .fold), rows: 999),
        "read 's' from row signatures' bits over 1,000,000 rows on 2 threads, 999 rows"
      ),
    ] as [(SearchAnswer, String)])
  func sentences(answer: SearchAnswer, expected: String) {
    #expect(answer.sentence(rowCount: 1_000_000) == expected)
  }

  /// A query's control characters are shown escaped, as everywhere else.
  @Test func theQueryIsSanitized() {
    let sentence = Self.answer("a\u{1B}[2Jb\nc", Self.sweep, rows: 3).sentence(rowCount: 10)
    #expect(!sentence.unicodeScalars.contains { $0.value < 0x20 })
  }
}
