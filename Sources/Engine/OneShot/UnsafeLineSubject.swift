/// One line as a query plan tests it: its searched text in each form, as one part (the whole
/// line) or one per `--nth` range.
///
/// A term matches when it matches in some part; a fuzzy term scores in the first part it
/// matches in, as fzf's `--nth` reads fields. The slices belong to the `UnsafeLineForms` that
/// made the subject, valid until it forms the next line.
struct UnsafeLineSubject: PlanSubject {
  /// `parts * 4` slices: part `p`'s text in `variant` at `p * 4 + variant.rawValue`.
  let slices: UnsafePointer<UnsafeRowSlice>
  /// How many parts (at least 1).
  let parts: Int

  /// Part `part`'s text in `variant`.
  @inline(__always)
  func slice(_ part: Int, _ variant: TextVariant) -> UnsafeRowSlice {
    slices[part &* 4 &+ variant.rawValue]
  }

  @inline(__always)
  func matches(_ term: UnsafeTermPlan) -> Bool {
    for part in 0..<parts where term.matches(slice(part, term.variant)) { return true }
    return false
  }

  @inline(__always)
  func score(_ term: UnsafeTermPlan, _ scorer: FuzzyScorer) -> Int32 {
    if parts == 1 {
      return scorer.score(
        slice(0, term.variant), cased: slice(0, .exact), pattern: term.scalars, count: term.scalarCount)
    }
    for part in 0..<parts where term.matches(slice(part, term.variant)) {
      return scorer.score(
        slice(part, term.variant), cased: slice(part, .exact), pattern: term.scalars,
        count: term.scalarCount)
    }
    return FuzzyScorer.none
  }
}
