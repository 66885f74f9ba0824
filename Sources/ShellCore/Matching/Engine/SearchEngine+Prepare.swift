import Tables

extension SearchEngine {
  /// Builds the structures beyond the fold form that searches under `rule` read.
  ///
  /// They are the wide rows' side form for `exact` and `ci`, and for `smart` the `strip` form its
  /// terms with an uppercase letter read; the rows' initials for `prefix`; the joined original
  /// text of several searched columns. Each is built once; a rule that never runs never holds it.
  ///
  /// Without this, the rule's first keystroke built them (a tenth of a second at ten million
  /// rows); the session calls it when the rule, the data or the searched columns change.
  func prepare(for rule: MatchRule) {
    if columns.count > 1 { _ = index.casedArena(dataset: dataset) }
    switch rule {
    case .exact: _ = index.sideForms(dataset: dataset, variants: [.exact])
    case .ci: _ = index.sideForms(dataset: dataset, variants: [.ci])
    // A `smart` term with an accent reads the `ci` or `exact` form, built when first used: all
    // three forms for every session would hold what most never read.
    case .smart: _ = index.sideForms(dataset: dataset, variants: [.strip])
    case .prefix: _ = index.initialSignatures(parallelThreshold: parallelThreshold)
    case .fold, .fuzzy, .regex: break
    }
  }
}
