import EngineTestSupport
import Testing

@testable import Engine

/// The rank order's radix sorts (compact and wide keys) against a plain comparison sort.
struct RankSorterTests {
  /// From 131,072 rows the compact sort runs in slices on every core: 200,000 covers that.
  @Test(arguments: [
    (0, 0, 5_000), (0, 60, 5_000), (8, 60, 5_000), (40, 60, 5_000), (5_000, 120, 5_000),
    (70_000, 3_000, 5_000), (Int(Int32.max) / 2, 100_000, 5_000), (8, 60, 200_000), (70_000, 3_000, 200_000),
  ])
  func radixOrderMatchesComparisonSort(scoreSpread: Int, maxLength: Int, count: Int) {
    var generator = SeededGenerator(seed: UInt64(scoreSpread))
    let rows = (0..<Int32(count)).map { $0 * 3 }
    let scores = (0..<count).map { _ in Int32(Int.random(in: -scoreSpread...scoreSpread, using: &generator)) }
    let lengths = (0..<count).map { _ in Int.random(in: 0...maxLength, using: &generator) }
    let lengthOf = Dictionary(uniqueKeysWithValues: zip(rows, lengths))
    let sorted = RankSorter.sort(rows: rows, scores: scores) { lengthOf[$0] ?? 0 }
    let expected = (0..<count).sorted { left, right in
      if scores[left] != scores[right] { return scores[left] > scores[right] }
      if lengths[left] != lengths[right] { return lengths[left] < lengths[right] }
      return left < right
    }.map { rows[$0] }
    #expect(sorted == expected)
  }

  /// The selection of the first rows agrees with the sort's first rows, through ties of score and
  /// of length (a narrow spread makes thousands of rows tie the last one kept).
  @Test(arguments: [
    (0, 0, 1), (0, 0, 256), (2, 3, 10), (2, 3, 256), (40, 60, 256), (5_000, 120, 64), (8, 60, 5_000),
  ])
  func selectionMatchesTheSortsFirstRows(scoreSpread: Int, maxLength: Int, limit: Int) {
    var generator = SeededGenerator(seed: UInt64(scoreSpread &* 31 &+ limit))
    // Over 2^16 rows: the selection runs in chunks whose bests are merged.
    let count = 100_000
    let rows = (0..<Int32(count)).map { $0 * 2 + 1 }
    let scores = (0..<count).map { _ in Int32(Int.random(in: -scoreSpread...scoreSpread, using: &generator)) }
    let lengths = (0..<count).map { _ in Int.random(in: 0...maxLength, using: &generator) }
    let lengthOf = Dictionary(uniqueKeysWithValues: zip(rows, lengths))
    let sorted = RankSorter.sort(rows: rows, scores: scores) { lengthOf[$0] ?? 0 }
    // Titles of those lengths (the rows between them empty), read as the engine reads them.
    let dataset = MatchingFixtures.dataset(
      (0...Int32(2 * count)).map { String(repeating: "a", count: lengthOf[$0] ?? 0) })
    let best = dataset.withStorage { bytes, offsets in
      RankSorter.best(
        limit, rows: rows, scores: scores, titleLength: TitleLengths(dataset, bytes: bytes, offsets: offsets))
    }
    #expect(best == Array(sorted.prefix(limit)))
    // The same rows as bits, their scores read by position in the set.
    let bits = RowBitmap(rows, rowCount: 2 * count + 1)
    let fromBits = dataset.withStorage { bytes, offsets in
      scores.withUnsafeBufferPointer { listed in
        RankSorter.best(
          limit, bits: bits, scores: ListedScores(scores: listed),
          titleLength: TitleLengths(dataset, bytes: bytes, offsets: offsets)
        )
      }
    }
    #expect(fromBits == Array(sorted.prefix(limit)))
  }
}
