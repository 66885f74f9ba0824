import Tables

extension SearchEngine {
  /// Builds the structures beyond the fold form that searches under `rule` read.
  ///
  /// They are the wide rows' side form for `exact` and `ci`, and for `smart` and `fuzzy` the
  /// `strip` form their terms with an uppercase letter read; the rows' initials for `prefix`; the joined original
  /// text of several searched columns; for `fuzzy` which titles are plain (`plainTitles`). Each
  /// is built once; a rule that never runs never holds it.
  ///
  /// Without this, the rule's first keystroke built them (a tenth of a second at ten million
  /// rows); the session calls it when the rule, the data or the searched columns change.
  ///
  /// Memory the system refuses is not kept: the rule's first search asks again, and fails with
  /// the error.
  package func prepare(for rule: MatchRule) {
    if columns.count > 1 { _ = try? index.casedArena(dataset: dataset) }
    if rule == .fuzzy { _ = plainTitlesOrNil() }
    switch rule {
    case .exact: _ = try? index.sideForms(dataset: dataset, variants: [.exact])
    case .ci: _ = try? index.sideForms(dataset: dataset, variants: [.ci])
    // A `smart` or `fuzzy` term with an accent reads the `ci` or `exact` form, built when first
    // used: all three forms for every session would hold what most never read.
    case .smart, .fuzzy: _ = try? index.sideForms(dataset: dataset, variants: [.strip])
    case .prefix: _ = try? index.initialSignatures(parallelThreshold: parallelThreshold)
    case .fold, .regex: break
    }
  }

  /// `index.sideForms`, or nil when the system refuses them, recorded in `deferredRefusal` so
  /// that the search fails: for passes that cannot throw, which then read the fold form (the
  /// views `makeTexts` gives without side forms stay inside the fold arena).
  func sideFormsOrDeferredRefusal(_ variants: [TextVariant]) -> SideForms? {
    do throws(SearchError) {
      return try index.sideForms(dataset: dataset, variants: variants)
    } catch {
      deferRefusal(error)
      return nil
    }
  }

  /// `index.casedArena` for several searched columns (nil for one), or nil when the system
  /// refuses it, recorded as `sideFormsOrDeferredRefusal` does (the first column is then read).
  func casedArenaOrDeferredRefusal() -> (
    bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>
  )? {
    guard columns.count > 1 else { return nil }
    do throws(SearchError) {
      return try index.casedArena(dataset: dataset)
    } catch {
      deferRefusal(error)
      return nil
    }
  }

  /// `plainTitles`, built on first use; nil when the system refuses its room (titles are then
  /// read, slower but the same).
  func plainTitlesOrNil() -> UnsafePinnedBuffer<UInt64>? {
    if let plainTitles { return plainTitles }
    // The wide rows' bits cover the title when it is searched (and the index was built).
    let words = (dataset.rowCount &+ 63) &>> 6
    let wide =
      columns.contains(dataset.titleColumn) && index.wideBits.count >= words ? index.wideBits.pointer : nil
    plainTitles = try? TitleLengths.plainTitles(dataset, wide: wide, threshold: parallelThreshold)
    return plainTitles
  }

  /// Records the bytes of a refusal, for the search to fail with.
  private func deferRefusal(_ error: SearchError) {
    if case .searchOutOfMemory(let bytes) = error { deferredRefusal = max(deferredRefusal, bytes) }
  }
}
