import EngineTestSupport
import Testing

@testable import Engine

/// `SearchAnswer.sentence`: the one line `explain` prints about the last search.
struct SearchAnswerTests {
  static func answer(
    _ query: String, _ plan: SearchPlan?, run: SearchRun = SearchRun(), fromCache: Bool = false, rows: Int,
    threads: Int = 2
  ) -> SearchAnswer {
    SearchAnswer(
      query: query, rule: .fold, scope: 0, plan: plan, run: run, fromCache: fromCache, rows: rows,
      threads: threads)
  }

  static let sweep = SearchPlan.everyChunk(.scan(term: "st", approach: .sweepWhenCommon(share: 16)))
  static let initials = SearchPlan.initials(
    mask: 1 << 8, limit: 83_333, recheck: .plain,
    otherwise: .scan(term: "ing", approach: .sweepWordStartWhenCommon(share: 6)))

  @Test(
    arguments: [
      (
        answer("st", sweep, rows: 248_123),
        "swept (or scanned, where rare) 'st' over 1,000,000 rows on 2 threads, 248,123 rows"
      ),
      (
        answer("st", sweep, run: SearchRun(swept: 1_000_000), rows: 248_123),
        "swept 'st' over 1,000,000 rows on 2 threads, 248,123 rows"
      ),
      (
        answer("st", sweep, run: SearchRun(scanned: 1_000_000), rows: 12),
        "scanned for 'st' over 1,000,000 rows on 2 threads, 12 rows"
      ),
      (
        answer("st", sweep, run: SearchRun(swept: 32_768, scanned: 967_232), rows: 40),
        "scanned for 'st' in 967,232 of 1,000,000 rows and swept it in 32,768 on 2 threads, 40 rows"
      ),
      (
        answer("sta", .narrow(from: "st", rows: 248_123, recheck: .compactCopy), rows: 32_550),
        "narrowed 'sta' from the cached 'st' result (248,123 rows, its compact copy), 32,550 rows"
      ),
      (
        answer(
          "sta", .narrow(from: "st", rows: 248_123, recheck: .compactCopy), run: SearchRun(swept: 248_123),
          rows: 32_550),
        "narrowed 'sta' from the cached 'st' result (248,123 rows, its compact copy swept), 32,550 rows"
      ),
      (
        answer(
          "stan", .narrow(from: "sta", rows: 32_550, recheck: .compactCopy), run: SearchRun(scanned: 32_550),
          rows: 20_000),
        "narrowed 'stan' from the cached 'sta' result (32,550 rows, its compact copy scanned), 20,000 rows"
      ),
      (
        answer("ing", initials, run: SearchRun(initials: .rechecked(1_234)), rows: 900),
        "picked 1,234 rows for 'ing' by their initials and re-checked them, 900 rows"
      ),
      (
        answer("ing", initials, run: SearchRun(swept: 1_000_000, initials: .tooMany), rows: 90_000),
        "found over 83,333 rows for 'ing' by their initials, so swept 'ing' over 1,000,000 rows on 2 threads, 90,000 rows"
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
      (
        answer("st", .sweptBits(term: "st", variant: .fold), rows: 248_186),
        "swept 'st' into bits over 1,000,000 rows on 2 threads, 248,186 rows"
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

  /// The engine records the pass each chunk chose, by how often the chunk's first rows hold the
  /// term (`SearchTuning.scanSample`, the plan's share), and the initials' pick by `SearchTuning.initialsShare`.
  @Test(arguments: [true, false])
  func theEngineRecordsThePassThatRan(common: Bool) throws {
    let tuning = SearchTuning.standard
    let rowCount = tuning.scanSample * 2 + 100
    // One chunk; the term is in every row, or in one row in twice the share of the rows.
    let rows = (0..<rowCount).map {
      common || $0 % (tuning.foldSweepShare * 2) == 0 ? "a stack \($0)" : "a tack"
    }
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    let found = try engine.search("st", rule: .fold)
    #expect(found.count == rows.filter { $0.contains("st") }.count)
    let answer = try #require(engine.lastAnswer)
    #expect(
      answer.plan == .everyChunk(.scan(term: "st", approach: .sweepWhenCommon(share: tuning.foldSweepShare))))
    let expected =
      common
      ? SearchRun(swept: rowCount)
      : SearchRun(swept: tuning.scanSample, scanned: rowCount - tuning.scanSample)
    #expect(answer.run == expected)
    let sentence = answer.sentence(rowCount: rowCount)
    #expect(sentence.hasPrefix(common ? "swept 'st' over " : "scanned for 'st' in "), "\(sentence)")
  }

  /// Word starts picked by their initials are re-checked one by one when at most one row in
  /// `SearchTuning.initialsShare` has them, else every row is read: the answer says which.
  @Test(arguments: [true, false])
  func theEngineRecordsTheInitialsPick(few: Bool) throws {
    let tuning = SearchTuning.standard
    let rowCount = 1_000
    let picked = few ? rowCount / tuning.initialsShare : rowCount / tuning.initialsShare + 1
    let rows = (0..<rowCount).map { $0 < picked ? "big ingot \($0)" : "big pot" }
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    #expect(try engine.search("ing", rule: .prefix).count == picked)
    let answer = try #require(engine.lastAnswer)
    guard case .initials = answer.plan else {
      Issue.record("`prefix ing` is not planned by its initials: \(String(describing: answer.plan))")
      return
    }
    #expect(answer.run.initials == (few ? .rechecked(picked) : .tooMany))
    let sentence = answer.sentence(rowCount: rowCount)
    #expect(sentence.hasPrefix(few ? "picked \(picked) rows for 'ing'" : "found over "), "\(sentence)")
  }
}
