/// Where two row orders first differ, in one short line: a failed check of thousands of row ids
/// then prints this instead of both arrays whole.
package enum RowOrderDifference {
  /// Nil when `found` and `expected` are equal, else the first position where they differ (or
  /// where one ends) and their counts.
  package static func of(_ found: some Collection<Int>, _ expected: some Collection<Int>) -> String? {
    var position = 0
    for (left, right) in zip(found, expected) {
      if left != right {
        return "row \(left) at position \(position), expected \(right)" + counts(found, expected)
      }
      position += 1
    }
    guard found.count != expected.count else { return nil }
    return "the orders part at position \(position)" + counts(found, expected)
  }

  private static func counts(_ found: some Collection<Int>, _ expected: some Collection<Int>) -> String {
    " (\(found.count) rows, \(expected.count) expected)"
  }
}
