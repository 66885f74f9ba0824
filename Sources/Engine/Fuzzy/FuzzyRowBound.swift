/// A row's fuzzy score from mask kernels, and a cheap upper bound of it that also decides whether
/// the row matches (for rows of at most 64 ASCII bytes).
///
/// A protocol so that `SearchEngine.rankFuzzyRows` is specialised for one term (`FuzzyTermBound`)
/// and for several (`UnsafeFuzzyTermBounds`): one loop over the terms made a single term pay for it.
protocol FuzzyRowBound {
  /// At least the row's score, or `FuzzyScorer.none` when the row does not match.
  func ceiling(
    _ text: UnsafePointer<UInt8>, length: Int, lettersAndSpaces: Bool, row: Int, texts: UnsafeRowTexts
  ) -> Int32

  /// The score of a matching row, whose original bytes (as many) are at `cased`.
  func score(_ text: UnsafePointer<UInt8>, cased: UnsafePointer<UInt8>, length: Int) -> Int32
}
