import EngineTestSupport
import Testing

@testable import Engine

/// One fuzzy term of two to four bytes swept from bits (`FuzzySweep`, the `fuzzySweep` plan):
/// each row's ceiling against the reference score, and the ranking against `ReferenceMatcher`
/// in small blocks on every core, with accented rows (their fold form ASCII or not), rows past
/// the 57 bytes one load covers and the arena's last rows.
struct FuzzySweepTests {
  /// Rows of ASCII, accented and other-script words joined by spaces or dashes, a few of them
  /// long.
  static func rows(_ count: Int, seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { index in
      guard index % 97 == 0 else { return RandomRows.rows(1, &random)[0] }
      return (0..<Int.random(in: 8...16, using: &random)).map { _ in RandomRows.word(&random) }
        .joined(separator: " ")
    }
  }

  static let patterns = ["st", "sta", "stan", "an", "ea", "a-", "-s", "e r", "x-ra", "pe", "ll"]

  /// Each row's ceiling from the sweep: the row is written exactly when the pattern is a
  /// subsequence of its fold form, its ceiling is at least the reference score, and no run goes
  /// past a row longer than one load covers.
  @Test(arguments: patterns)
  func ceilingsBoundTheReferenceScore(pattern: String) throws {
    let rows = Self.rows(3_000, seed: UInt64(pattern.utf8.count) &* 19)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: .small(64))
    let index = engine.index
    let scorer = FuzzyScorer()
    let scalars = pattern.unicodeScalars.map(\.value)
    let kernel = try #require(scorer.maskScorer(pattern: scalars, count: scalars.count))
    let bound = FuzzyTermBound(kernel: kernel).bound
    let bytes = Array(pattern.utf8)
    var found: [Int: Int32] = [:]
    switch bytes.count {
    case 2: found = Self.sweep(FuzzySweep<TwoByteProbe>(pattern: bytes, bound: bound), index)
    case 3: found = Self.sweep(FuzzySweep<ThreeByteProbe>(pattern: bytes, bound: bound), index)
    default: found = Self.sweep(FuzzySweep<FourByteProbe>(pattern: bytes, bound: bound), index)
    }
    var swept = 0
    var tight = 0
    for (row, text) in rows.enumerated() {
      let fold = TextFolding.foldForm(text)
      // The sweep takes rows of ASCII fold bytes up to 57 of them.
      guard fold.utf8.count <= FuzzySweep<TwoByteProbe>.longestRow, fold.utf8.allSatisfy({ $0 < 0x80 }) else {
        #expect(found[row] == nil, "row \(row) '\(fold)' is not the sweep's")
        continue
      }
      swept += 1
      let score = ReferenceMatcher.fuzzyScore(
        text: fold.unicodeScalars.map(\.value), pattern: scalars, original: text.unicodeScalars.map(\.value))
      guard let score else {
        #expect(found[row] == nil, "'\(pattern)' is no subsequence of '\(fold)'")
        continue
      }
      let reach = try #require(found[row], "'\(pattern)' in '\(fold)' not found")
      #expect(reach >= score && reach <= bound, "'\(pattern)' in '\(fold)': \(reach) against \(score)")
      if reach < bound { tight += 1 }
    }
    #expect(swept > rows.count / 2, "only \(swept) rows swept")
    // Every row holding 'x-ra' holds it in 'x-ray' at a word start: its ceiling is the bound.
    if pattern != "x-ra" { #expect(tight > 0, "no ceiling below the bound for '\(pattern)'") }
  }

  /// The rows `sweep` writes over every block of `index`'s fold arena, with their ceilings, the
  /// rows it does not take (fold form not ASCII, too long) left out as the engine does.
  static func sweep<Shape: ProbeShape>(_ sweep: FuzzySweep<Shape>, _ index: FoldedIndex) -> [Int: Int32] {
    let view = index.foldView
    let wide = Set(UnsafeBufferPointer(start: index.foldWideRows.pointer, count: index.foldWideRows.count))
    var found: [Int: Int32] = [:]
    var lower = 0
    let blockRows = 100
    while lower < index.rowCount {
      let upper = min(index.rowCount, lower + blockRows)
      let byteCount = view.end(upper - 1) - view.start(lower)
      let stride = FuzzySweep<Shape>.maskWords(byteCount: byteCount)
      let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: stride * FuzzySweep<Shape>.maskCount)
      let output = UnsafeMutablePointer<Int32>.allocate(capacity: blockRows)
      let reaches = UnsafeMutablePointer<Int32>.allocate(capacity: blockRows)
      defer {
        masks.deallocate()
        output.deallocate()
        reaches.deallocate()
      }
      let origin = sweep.mark(view, rows: lower..<upper, masks: masks, stride: stride)
      var row = lower
      while row < upper {
        if wide.contains(Int32(row)) {
          row += 1
          continue
        }
        var stop = row
        while stop < upper, !wide.contains(Int32(stop)) { stop += 1 }
        let (count, after) = sweep.ceilings(
          view, rows: row..<stop, origin: origin, masks: masks, stride: stride, lead: 0, output: output,
          reaches: reaches)
        for slot in 0..<count {
          let taken = Int(output[slot])
          #expect(taken >= row && taken < after, "row \(taken) outside the run \(row)..<\(after)")
          found[taken] = reaches[slot]
        }
        // A run stops only at its end or before a row too long for one load.
        #expect(after == stop || view.end(after) - view.start(after) > FuzzySweep<Shape>.longestRow)
        row = after == stop ? stop : after + 1
      }
      lower = upper
    }
    return found
  }

  /// The ranking as the table reads it, and its count, against the reference: blocks of 64 to
  /// 192 rows, chunks on every core, each pattern planned as `fuzzySweep` and swept.
  @Test(arguments: [UInt64(1), 2, 3])
  func sweptRankingMatchesTheReference(seed: UInt64) throws {
    let rows = Self.rows(6_000 + Int(seed) * 41, seed: seed &* 7)
    var tuning = SearchTuning.small(512)
    tuning.sweepBlock = 64 * Int(seed)
    tuning.ranking = 1 << 16
    // Sweep any chunk whose first rows have the bytes at all (`mostRowsPass`).
    tuning.fuzzySweepShare = tuning.shortFuzzySample + 1
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    // (`e r` would be two terms.)
    for pattern in Self.patterns where !pattern.contains(" ") {
      engine.clearCache()
      try FuzzyPropertyTests.expectRanking(engine, rows, pattern)
      let answer = engine.lastAnswer
      #expect(answer?.plan == .everyChunk(.fuzzySweep(share: tuning.fuzzySweepShare)), "'\(pattern)'")
      #expect(answer?.run.swept == rows.count, "'\(pattern)' swept \(answer?.run.swept ?? 0) rows")
    }
  }

  /// Rows with accented letters inside camelCase words (`caféStand`), whose fold forms are ASCII
  /// but not their original bytes one for one: their bonuses come from their own scalars' case.
  @Test(arguments: ["st", "sta", "stan", "ad", "tnd"])
  func sweptCamelCaseAccentedRowsMatchTheReference(pattern: String) throws {
    var random = SeededGenerator(seed: UInt64(pattern.utf8.count) &* 13)
    let rows = (0..<3_000).map { _ in
      String(
        (0..<Int.random(in: 0...40, using: &random)).map { _ in
          "asStTaAnNdD éÉèÈ-".randomElement(using: &random) ?? "a"
        })
    }
    var tuning = SearchTuning.small(512)
    tuning.sweepBlock = 128
    tuning.ranking = 1 << 16
    tuning.fuzzySweepShare = tuning.shortFuzzySample + 1
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    try FuzzyPropertyTests.expectRanking(engine, rows, pattern)
    #expect(
      engine.lastAnswer?.plan == .everyChunk(.fuzzySweep(share: tuning.fuzzySweepShare)), "'\(pattern)'")
  }

  /// A chunk whose first rows seldom hold the pattern's bytes ranks them row by row instead.
  @Test func rareLettersAreRankedRowByRow() throws {
    let rows = Self.rows(3_000, seed: 5) + ["quiz jazz", "jazz quiz"]
    var tuning = SearchTuning.small(1_000_000)
    tuning.ranking = 1 << 16
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: tuning)
    let ids = try engine.search("qz", rule: .fuzzy).map(Int.init)
    let expected = ReferenceMatcher.search(
      texts: rows, titles: rows, scopes: [], query: "qz", rule: .fuzzy, scope: 0)
    #expect(ids == expected)
    #expect(engine.lastAnswer?.run.swept == 0)
    #expect(engine.lastAnswer?.sentence(rowCount: rows.count).contains("row by row") == true)
  }
}
