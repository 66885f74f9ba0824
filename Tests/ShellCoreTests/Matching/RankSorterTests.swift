import Testing

@testable import ShellCore

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
}
