import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// `SearchPlanner.plan`: the query, the dataset's statistics and the cache's state in, the plan
/// out; every boundary comes from `SearchTuning` or `ResultCache`, not from a literal.
struct SearchPlannerTests {
  static let rowCount = 1_000_000
  static let tuning = SearchTuning.standard
  /// The most rows worth narrowing from, with a compact copy and without (the cache's own).
  static let copiedLimit = ResultCache(rowCount: rowCount, capacity: 1).narrowingLimit(copied: true)
  static let scatteredLimit = ResultCache(rowCount: rowCount, capacity: 1).narrowingLimit(copied: false)

  /// A cached result to narrow from: `st` under `fold`, with or without its compact copy.
  static func base(_ query: String = "st", rows: Int = 1_000, copy: TextVariant? = .fold)
    -> SearchPlanner.CacheState.Base
  {
    SearchPlanner.CacheState.Base(query: query, rows: rows, compactVariant: copy)
  }

  /// The plan for `text` under `rule`.
  static func plan(
    _ text: String, _ rule: MatchRule, scope: Int = 0, base: SearchPlanner.CacheState.Base? = nil,
    letterRows: Int = 0, compactRowLimit: Int = rowCount / tuning.compactRowShare,
    tuning: SearchTuning = tuning,
    sampledRows: Int? = nil
  ) -> SearchPlan {
    let query: SearchPlanner.Query
    let parsed = ParsedQuery(text, rule: rule)
    if text.allSatisfy(\.isWhitespace) || (rule != .regex && parsed.isEmpty) {
      query = .blank
    } else if rule == .regex {
      query = .regex
    } else {
      let compiled = CompiledQuery(parsed, frequency: [Int](repeating: 1, count: 256))
      query = .terms(compiled, scored: rule == .fuzzy)
    }
    var statistics = SearchPlanner.Statistics(rowCount: rowCount, compactRowLimit: compactRowLimit) { _ in
      letterRows
    }
    if let sampledRows { statistics.sampledRows = { _ in sampledRows } }
    let cache = SearchPlanner.CacheState(
      base: base, narrowingLimit: (copiedLimit, scatteredLimit))
    return SearchPlanner.plan(
      query: query, scope: scope, statistics: statistics, cache: cache, tuning: tuning)
  }

  static let s = UInt8(ascii: "s")

  /// Without a cached result to narrow from.
  @Test(
    arguments: [
      ("", MatchRule.fold, 0, SearchPlan.everyRow),
      ("s.a", .regex, 0, .regex),
      ("s", .fold, 0, .signatureBits(letter: s, variant: .fold)),
      ("s", .ci, 0, .signatureBits(letter: s, variant: .ci)),
      ("s a", .fold, 0, .signatureBits(letter: s, variant: .fold)),
      ("s", .fold, 1, .everyChunk(.scan(term: "s", approach: .signature))),
      (
        "st", .fold, 0,
        .everyChunk(.scan(term: "st", approach: .sweepWhenCommon(share: tuning.foldSweepShare)))
      ),
      (
        "tion", .fold, 0,
        .everyChunk(.scan(term: "tion", approach: .sweepWhenCommon(share: tuning.fourByteSweepShare)))
      ),
      (
        "st", .exact, 0,
        .everyChunk(.scan(term: "st", approach: .sweepWhenCommon(share: tuning.formSweepShare)))
      ),
      ("stand", .fold, 0, .everyChunk(.scan(term: "stand", approach: .scan))),
      ("s", .prefix, 0, .initialBits(letter: s)),
      (
        "ing", .prefix, 0,
        .initials(
          mask: 1 << (UInt32(UInt8(ascii: "i")) - 0x61), limit: rowCount / tuning.initialsShare,
          recheck: .plain,
          otherwise: .scan(
            term: "ing", approach: .sweepWordStartWhenCommon(share: tuning.wordStartSweepShare)))
      ),
      ("s", .fuzzy, 0, .fuzzyLetter(letter: s)),
      ("st", .fuzzy, 0, .everyChunk(.fuzzySweep(share: tuning.fuzzySweepShare))),
      ("stan", .fuzzy, 0, .everyChunk(.fuzzySweep(share: tuning.fuzzySweepShare))),
      // Swept terms are two to four ASCII bytes, alone, in every scope.
      ("stand", .fuzzy, 0, .everyChunk(.fuzzyRank)),
      ("東京", .fuzzy, 0, .everyChunk(.fuzzyRank)),
      ("st an", .fuzzy, 0, .everyChunk(.fuzzyRank)),
      ("st", .fuzzy, 1, .everyChunk(.fuzzyRank)),
    ] as [(String, MatchRule, Int, SearchPlan)])
  func everyRowPlans(text: String, rule: MatchRule, scope: Int, expected: SearchPlan) {
    #expect(Self.plan(text, rule, scope: scope) == expected)
  }

  /// With one: its rows re-checked, from its copy only when the copy is in the query's form.
  @Test(
    arguments: [
      ("sta", MatchRule.fold, TextVariant?.some(.fold), SearchPlan.Recheck.compactCopy),
      ("sta", .fold, nil, .probe),
      ("stand", .fold, nil, .plain),
      ("sta x", .fold, .fold, .generic),
      ("sta", .exact, .fold, .probe),
      // Fuzzy terms are ranked on the previous rows (a short term alone, gathered and swept),
      // unless a substring term drives the search.
      ("sta", .fuzzy, nil, .fuzzySweep),
      ("stand", .fuzzy, nil, .fuzzyRank),
      ("sta an", .fuzzy, nil, .fuzzyRank),
      ("sta 'x", .fuzzy, nil, .generic),
    ] as [(String, MatchRule, TextVariant?, SearchPlan.Recheck)])
  func narrowingPlans(text: String, rule: MatchRule, copy: TextVariant?, recheck: SearchPlan.Recheck) {
    let plan = Self.plan(text, rule, base: Self.base(rows: 1_234, copy: copy))
    #expect(plan == .narrow(from: "st", rows: 1_234, recheck: recheck))
  }

  /// A case-significant letter is probed into bits once its signature's rows pass what is worth
  /// narrowing from: a copy's limit while a copy could hold them, the scattered limit beyond.
  @Test(arguments: [
    (copiedLimit, rowCount / 2, false),
    (copiedLimit + 1, rowCount / 2, true),
    (scatteredLimit, scatteredLimit - 1, false),
    (scatteredLimit + 1, scatteredLimit, true),
  ])
  func caseSignificantLetterIsProbedPastTheNarrowingLimit(letterRows: Int, compactRowLimit: Int, probed: Bool)
  {
    let plan = Self.plan("s", .exact, letterRows: letterRows, compactRowLimit: compactRowLimit)
    let scan = SearchPlan.everyChunk(
      .scan(term: "s", approach: .sweepWhenCommon(share: Self.tuning.formSweepShare)))
    #expect(plan == (probed ? .probedBits(letter: Self.s, variant: .exact) : scan))
  }

  /// The plan reads its thresholds from the tuning it is given.
  @Test func thresholdsComeFromTheTuning() {
    var tuning = SearchTuning.standard
    tuning.foldSweepShare += 3
    tuning.initialsShare += 5
    #expect(
      Self.plan("st", .fold, tuning: tuning)
        == .everyChunk(.scan(term: "st", approach: .sweepWhenCommon(share: tuning.foldSweepShare))))
    guard case .initials(_, let limit, _, _) = Self.plan("ing", .prefix, tuning: tuning) else {
      Issue.record("`prefix ing` is not planned by its initials")
      return
    }
    #expect(limit == Self.rowCount / tuning.initialsShare)
  }

  /// `explain` says in one sanitized line how the last search was answered.
  @Test func explainNamesThePlanOfTheLastSearch() throws {
    let fixture = try SessionFixture(dataset: "countries")
    // One sentence a line: explain wraps at the output width, 80 columns by default.
    fixture.session.hooks.terminalSize = { (1000, 50) }
    // Searched as the session will (the tutorial preset reads the text literally), so its
    // `search st` is answered from this entry.
    let st = try #require(
      try fixture.session.screen.backend.search(
        .init(text: "st", rule: .fold, syntax: .literal, scope: 0), cancellation: nil)
    )
    .exactCount()
    let printed = fixture.run("set match fold", "search st", "search sta", "explain")
    let line = try #require(printed.output.first { $0.hasPrefix("The last search") })
    #expect(
      line.hasPrefix(
        "The last search narrowed 'sta' from the cached 'st' result (\(st) rows, its compact copy swept), "))
    let again = fixture.run("search st", "explain").output.filter { $0.hasPrefix("The last search") }
    #expect(
      again == [
        "The last search took 'st' from the cache (first swept 'st' over \(fixture.session.screen.dataset.rowCount) rows on 1 thread), \(st) rows."
      ])
    let escaped = fixture.run("search s\u{1B}[31m", "explain").output.filter {
      $0.hasPrefix("The last search")
    }
    #expect(escaped.count == 1 && escaped.allSatisfy { !$0.unicodeScalars.contains("\u{1B}") })
  }

  /// A short term alone is swept into bits when a sample says more rows hold it than a result
  /// worth narrowing from or copying; else it is scanned or swept into ids as before.
  @Test(
    arguments: [
      ("st", MatchRule.fold, 0, 300_000, true),
      ("sta", .fold, 0, 300_000, true),
      ("st", .exact, 0, 300_000, true),
      ("st", .ci, 0, 300_000, true),
      ("st", .prefix, 0, 300_000, true),
      ("st", .fold, 0, 1_000, false),
      ("st", .fold, 1, 300_000, false),
      ("stan", .fold, 0, 300_000, false),
      ("s", .exact, 0, 300_000, false),
      ("st a", .fold, 0, 300_000, false),
      ("st -an", .fold, 0, 300_000, false),
      ("st", .fuzzy, 0, 300_000, false),
      ("^st", .fold, 0, 300_000, false),
    ])
  func aCommonShortTermIsSweptIntoBits(text: String, rule: MatchRule, scope: Int, sampled: Int, bits: Bool) {
    let plan = Self.plan(text, rule, scope: scope, sampledRows: sampled)
    if bits {
      #expect(plan == .sweptBits(term: text, variant: rule == .exact ? .exact : rule == .ci ? .ci : .fold))
    } else if case .sweptBits = plan {
      Issue.record("'\(text)' under \(rule) in scope \(scope) was swept into bits")
    }
    // The boundary: more rows than a result narrowing reads, and than a compact copy holds.
    let limit = max(Self.scatteredLimit, Self.rowCount / Self.tuning.compactRowShare)
    #expect(Self.plan("st", .fold, sampledRows: limit) != .sweptBits(term: "st", variant: .fold))
    #expect(Self.plan("st", .fold, sampledRows: limit + 1) == .sweptBits(term: "st", variant: .fold))
    var small = Self.tuning
    small.sweptBits = Self.rowCount + 1
    #expect(
      Self.plan("st", .fold, tuning: small, sampledRows: 300_000) != .sweptBits(term: "st", variant: .fold))
  }
}
