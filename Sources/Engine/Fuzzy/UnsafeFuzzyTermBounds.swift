/// Several fuzzy terms, each a clause, and the plan's other clauses: a row's score is the sum of
/// the terms' own, and it matches when every term and clause does.
struct UnsafeFuzzyTermBounds: FuzzyRowBound {
  let terms: UnsafeBufferPointer<FuzzyTermBound>
  let plan: UnsafeQueryPlan
  /// Whether the plan has clauses besides the fuzzy terms (`'term`, `!term`, anchored ones).
  let filtered: Bool

  @inline(__always)
  func ceiling(
    _ text: UnsafePointer<UInt8>, length: Int, lettersAndSpaces: Bool, row: Int, texts: UnsafeRowTexts
  ) -> Int32 {
    var reach: Int32 = 0
    for term in terms {
      let ceiling = term.ceiling(
        text, length: length, lettersAndSpaces: lettersAndSpaces, row: row, texts: texts)
      if ceiling == FuzzyScorer.none { return ceiling }
      reach &+= ceiling
    }
    // Other clauses cost more than the kernels' test: only rows the terms take reach them.
    if filtered, !plan.matchesUnranked(row, texts) { return FuzzyScorer.none }
    return reach
  }

  @inline(__always)
  func score(_ text: UnsafePointer<UInt8>, cased: UnsafePointer<UInt8>, length: Int) -> Int32 {
    var total: Int32 = 0
    for term in terms { total &+= term.score(text, cased: cased, length: length) }
    return total
  }
}
