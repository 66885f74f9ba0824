import EngineTestSupport
import Foundation
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The engine's memory bounds (issue 20): reservations capped by the dataset, chunks never
/// empty, and the sweep's reads within its scratch and the arenas' padding (checked by the
/// kernels' debug assertions here, and by AddressSanitizer in the `engine` fuzz target).
struct EngineBoundsTests {
  /// The dataset a reproducer's file loads to, as the shell loads it.
  static func loaded(_ text: String) throws -> Dataset {
    let options = LoadOptions(name: "t", source: .standardInput, presets: DatasetPresets(title: "t"))
    return try DatasetLoader.load(.data(Data(text.utf8), label: "t"), options: options).dataset
  }

  /// Every search of `queries`, typed a character at a time, against the reference.
  static func typeEach(_ queries: [String], rule: MatchRule, on dataset: Dataset, tuning: SearchTuning)
    throws
  {
    let engine = SearchEngine(dataset: dataset, tuning: tuning)
    let texts = (0..<dataset.rowCount).map(dataset.title)
    for query in queries {
      var typed = ""
      for character in query {
        typed.append(character)
        let expected = ReferenceMatcher.search(
          texts: texts, titles: texts, scopes: [], query: typed, rule: rule, scope: 0)
        #expect(try engine.search(typed, rule: rule).map(Int.init) == expected, "\(rule) '\(typed)'")
      }
    }
  }

  // MARK: - Item 2: reservations

  @Test(arguments: [
    // (rows, average row, available, expected)
    (6_240, 4 << 20, 4 << 20, 4 << 20),  // the 4 MB row: the dataset, not 32 GB
    (1_000, 10, 1 << 20, 12_500),  // an ordinary result: a quarter more than its rows
    (Int.max, Int.max, 100, 100),  // overflowing products saturate, then are capped
    (Int.max / 2, 3, Int.max, Int.max),
    (0, 100, 1_000, 0),
    (-5, 100, 1_000, 0),
  ])
  func reservationsAreCappedByWhatTheRowsCanHold(rows: Int, averageRow: Int, available: Int, expected: Int) {
    #expect(
      UnsafeCompactRows.PartBuffer.reservation(rows: rows, averageRow: averageRow, available: available)
        == expected
    )
  }

  /// A 4 MB single-line file, then `search xyz`: the copy's room is at most the dataset's text
  /// (it asked for 32 GB); a search that copies the row grows it by doubling at most once.
  @Test(arguments: [MatchRule.fold, .exact, .ci])
  func aLongRowReservesNoMoreThanTheDataset(rule: MatchRule) throws {
    let row = String(repeating: "abcdefgh", count: (4 << 20) / 8)
    let engine = SearchEngine(dataset: MatchingFixtures.dataset([row]))
    let text = engine.index.foldBytes.count
    #expect(try engine.search("xyz", rule: rule).isEmpty)
    #expect(!engine.builders.isEmpty)
    for builder in engine.builders {
      // The row's bytes and the copy's leading zero.
      #expect(builder.byteCapacity <= text + 1, "\(builder.byteCapacity) bytes reserved")
      builder.checkInvariants()
    }
    engine.clearCache()
    #expect(try engine.search("abc", rule: rule) == [0])
    for builder in engine.builders {
      #expect(builder.byteCapacity <= 2 * (text + 1) + (64 << 10), "\(builder.byteCapacity) bytes reserved")
      builder.checkInvariants()
    }
  }

  /// The arenas' and copies' invariants after searches in every form, on awkward rows.
  @Test func invariantsHoldAfterSearchesInEveryForm() throws {
    let rows = MatchingFixtures.titles + ["", "a\r", "tab\there", String(repeating: "long ", count: 40)]
    let engine = SearchEngine(dataset: MatchingFixtures.dataset(rows), tuning: .small(3))
    for rule in MatchRule.allCases where rule != .regex {
      for query in ["e", "ap", "ZU", "cr\u{E8}", "strasse", "lo"] { _ = try engine.search(query, rule: rule) }
    }
    engine.index.checkInvariants()
    for builder in engine.builders { builder.checkInvariants() }
    let ids: [Int32] = [0, 3, 63, 64, 65, 511, 512, 1_000]
    let bitmap = RowBitmap(ids, rowCount: 1_001, threshold: 2)
    bitmap.checkInvariants()
    #expect(bitmap.ids == ids)
  }

  // MARK: - Item 6: chunking

  @Test func chunksTileTheWorkAndNoneIsEmpty() {
    for work in 0...200 {
      for threshold in [1, 2, 7, 64, 1_000] {
        let chunks = Parallel.chunks(work, threshold: threshold)
        chunks.checkInvariants()
        #expect(chunks.count <= max(work, 1), "\(work) items in \(chunks.count) chunks")
        #expect(work < threshold ? chunks.count == 1 : chunks.count == min(work, Parallel.cores * 4))
      }
    }
    for count in 1...40 { Parallel.Chunks(work: 37, count: count).checkInvariants() }
  }

  /// Fuzzy searches split finer than their rows (the ranking's chunks were empty and it trapped).
  @Test(arguments: [1, 2, 3, 5, 8])
  func fuzzySearchesOnFewRowsAtTinyThresholdsMatchTheReference(threshold: Int) throws {
    let rows = ["apple", "", "banana split", "a", "grape", "pineapple", "x", "ab ab", "", "Apple pie"]
    for count in [1, 2, 3, 5, rows.count] {
      let dataset = MatchingFixtures.dataset(Array(rows.prefix(count)))
      try Self.typeEach(
        ["ap", "a b", "pie", "e", "xa"], rule: .fuzzy, on: dataset, tuning: .small(threshold))
    }
  }

  // MARK: - Items 7 and 8: the sweep's reach

  @Test(arguments: [0, 1, 2, 63, 64, 65, 4_096])
  func hitScratchCoversTheLastRowsTwoWords(byteCount: Int) {
    // The furthest word `holds` reads: that of the last place an empty last row may have (four
    // bytes, `byteCount + 3`), and the next.
    let furthest = ((byteCount + 3) >> 6) + 1
    #expect(furthest < RowSweep<FourByteProbe>.hitWords(byteCount: byteCount))
    #expect(RowSweep<FourByteProbe>.marked(byteCount: byteCount) == (byteCount + 63) / 64)
  }

  /// A text file `a\r\n\n\n` under `fold`: a block of empty rows marked no word of hit bits.
  @Test(arguments: [0, 1, 2])
  func emptyRowsAfterACRLFRowAreSwept(threshold: Int) throws {
    let dataset = try Self.loaded("a\r\n\n\n")
    #expect(dataset.rowCount >= 2)
    for rule in [MatchRule.fold, .ci, .exact] {
      try Self.typeEach(
        ["a", "b", "ab", "xyz", "abcd"], rule: rule, on: dataset,
        tuning: threshold == 0 ? .standard : .small(threshold))
    }
  }

  /// A 2 KB prefix of `languages.csv`, one- and two-letter queries under `fold`: the sweep read
  /// past the fold arena's padding.
  @Test func aShortCSVPrefixIsSweptWithinThePadding() throws {
    let file = FuzzRegressionTests.fuzzFolder.deletingLastPathComponent()
      .appendingPathComponent("datasets/languages.csv")
    let prefix = String(decoding: try Data(contentsOf: file).prefix(2048), as: UTF8.self)
    let dataset = try Self.loaded(prefix)
    let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
    let queries = letters + letters.flatMap { first in ["a", "e", "i", "n", "o", "u"].map { first + $0 } }
    for tuning in [SearchTuning.standard, .small(3)] {
      try Self.typeEach(queries, rule: .fold, on: dataset, tuning: tuning)
    }
  }
}

extension EngineBoundsTests {
  /// The rows of each case below: a lowercase letter whose signature bit (either case) more than
  /// 4,096 rows hold, so `exact` answers it as probed bits, and whose few rows of that case are
  /// copied from the dataset's own text, the last one within 48 bytes of that text's end.
  static func rowsNearTheEnd(_ name: String) -> [String] {
    switch name {
    case "S, then s": return Array(repeating: "S", count: 4_096) + ["s"]
    case "then empty rows": return Array(repeating: "S", count: 4_096) + ["s", "x", "", "", ""]
    case "then a wide row": return Array(repeating: "S", count: 4_096) + ["s", "é"]
    default: return CacheSandbox.rows(6_000)
    }
  }

  /// A one-letter result in a case-sensitive form (probed bits, then a compact copy) gathered
  /// its last ASCII rows with 48-byte reads from their start, past the end of the dataset's own
  /// text, which has no padding (`CacheSandbox(rows: 6_000)` with `--no-cache`, `s` under `exact`).
  @Test(arguments: ["S, then s", "then empty rows", "then a wide row", "CacheSandbox(rows: 6_000)"])
  func aLetterResultIsCopiedWithinTheDatasetsText(_ name: String) throws {
    let dataset = MatchingFixtures.dataset(Self.rowsNearTheEnd(name))
    for tuning in [SearchTuning.standard, .small(7)] {
      let engine = SearchEngine(dataset: dataset, tuning: tuning)
      _ = try engine.search("s", rule: .exact)
      guard case .probedBits = engine.lastAnswer?.plan else {
        Issue.record("\(name): 's' was planned as \(String(describing: engine.lastAnswer?.plan))")
        continue
      }
      try Self.typeEach(["s", "sx", "st"], rule: .exact, on: dataset, tuning: tuning)
    }
  }
}
