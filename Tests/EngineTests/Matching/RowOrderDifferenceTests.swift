import EngineTestSupport
import Testing

/// The one-line difference the ranking checks print.
struct RowOrderDifferenceTests {
  @Test(
    arguments: [
      ([1, 2, 3], [1, 2, 3], nil),
      ([], [], nil),
      ([1, 5, 3], [1, 2, 3], "row 5 at position 1, expected 2 (3 rows, 3 expected)"),
      ([1, 2], [1, 2, 3], "the orders part at position 2 (2 rows, 3 expected)"),
      ([1, 2, 3, 4], [1, 2, 3], "the orders part at position 3 (4 rows, 3 expected)"),
    ] as [([Int], [Int], String?)])
  func namesTheFirstDifference(found: [Int], expected: [Int], line: String?) {
    #expect(RowOrderDifference.of(found, expected) == line)
  }
}
