import Testing

@testable import ShellCore

/// The rank order's radix sorts (compact and wide keys) against a plain comparison sort.
struct RankSorterTests {
  @Test(arguments: [(40, 60), (5_000, 120), (70_000, 3_000), (Int(Int32.max) / 2, 100_000)])
  func radixOrderMatchesComparisonSort(scoreSpread: Int, maxLength: Int) {
    var generator = SeededGenerator(seed: UInt64(scoreSpread))
    let count = 5_000
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
