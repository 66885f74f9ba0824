/// What a query plan's terms are tested against: one row's text in each form.
///
/// The index's rows (`IndexedRow`) and the lines the one-shot filter reads
/// (`UnsafeLineSubject`) go through the same clause logic (`UnsafeQueryPlan.matches` and
/// `score`), so a query means the same on both paths.
protocol PlanSubject {
  /// Whether `term` matches, its negation ignored.
  func matches(_ term: UnsafeTermPlan) -> Bool
  /// The fuzzy `term`'s best score, or `FuzzyScorer.none` when it does not match.
  func score(_ term: UnsafeTermPlan, _ scorer: FuzzyScorer) -> Int32
}

/// Row `row` of the index, in the forms `texts` holds.
struct IndexedRow: PlanSubject {
  /// The row.
  let row: Int
  /// Where each form of every row lives.
  let texts: UnsafeRowTexts

  @inline(__always)
  func matches(_ term: UnsafeTermPlan) -> Bool { term.matches(texts.slice(row, term.variant)) }

  @inline(__always)
  func score(_ term: UnsafeTermPlan, _ scorer: FuzzyScorer) -> Int32 {
    scorer.score(
      texts.slice(row, term.variant), cased: texts.casedSlice(row), pattern: term.scalars,
      count: term.scalarCount)
  }
}
