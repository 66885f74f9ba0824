extension SearchEngine {
  /// Builds the structures beyond the fold form that searches under `rule` read.
  ///
  /// They are the wide rows' side form for `exact` and `ci`, the rows' initials for `prefix`, and
  /// the joined original text of several searched columns. Each is built once; a rule that never
  /// runs never holds it.
  ///
  /// Without this, the rule's first keystroke built them (a tenth of a second at ten million
  /// rows); the session calls it when the rule, the data or the searched columns change.
  func prepare(for rule: MatchRule) {
    if columns.count > 1 { _ = index.casedArena(dataset: dataset) }
    switch rule {
    case .exact: _ = index.sideForms(dataset: dataset, variants: [.exact])
    case .ci: _ = index.sideForms(dataset: dataset, variants: [.ci])
    case .prefix: _ = index.initialSignatures(parallelThreshold: parallelThreshold)
    // `smart` compares a term outside the fold form only when it has an uppercase letter or an
    // accent, and then in one of three forms: building all three for every session would hold
    // what most never read.
    case .fold, .smart, .fuzzy, .regex: break
    }
  }
}
