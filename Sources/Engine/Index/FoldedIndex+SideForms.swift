import Tables

/// The wide rows' `exact`, `ci` and `strip` forms, built by the first search that compares in one.
extension FoldedIndex {
  /// The wide rows' forms in `variants` (of `exact`, `ci` and `strip`) in side arenas indexed by
  /// wide row, each built on first use: a session that only folds (the default rule) never holds
  /// them, and one that only uses `ci` holds only that form, a third of the three.
  ///
  /// Two passes over the wide rows, like the load's: count each chunk's bytes, then write the
  /// missing forms straight into arenas of exact size. Refused memory is `searchOutOfMemory`,
  /// and no form is kept.
  func sideForms(dataset: Dataset, variants: [TextVariant]) throws(SearchError) -> SideForms {
    let missing = variants.filter { $0 != .fold && sides[$0.rawValue] == nil }
    if !missing.isEmpty { try buildSides(dataset: dataset, variants: missing) }
    return SideForms(
      bytes: sides.map { $0?.bytes ?? emptySide.bytes },
      offsets: sides.map { $0?.offsets ?? emptySide.offsets }, exactWideRows: exactWideRows ?? wideRows)
  }

  /// Builds the side forms in `variants`: counts each chunk's bytes of every form, then writes
  /// the missing forms from each chunk's start.
  private func buildSides(dataset: Dataset, variants: [TextVariant]) throws(SearchError) {
    let passes = SideFormPasses(
      dataset: dataset, columns: columns, wideRows: wideRows, threshold: sideFormThreshold)
    let chunkCount = passes.split.count
    let writers = UnsafeMutablePointer<WideFormWriter>.allocate(capacity: max(chunkCount, 1))
    defer { writers.deallocate() }
    writers.initialize(repeating: WideFormWriter(), count: max(chunkCount, 1))
    passes.run(writers)
    // Each chunk's starting position in every side arena, and their totals.
    var starts: [(exact: Int, ci: Int, strip: Int)] = []
    var totals = (exact: 0, ci: 0, strip: 0)
    for chunk in 0..<chunkCount {
      starts.append(totals)
      totals.exact += writers[chunk].exact
      totals.ci += writers[chunk].ci
      totals.strip += writers[chunk].strip
    }
    // Only the new forms are written; the writer skips forms without a target.
    var built = sides
    var targets = WideFormWriter.UnsafeTargets()
    for variant in variants {
      let total: Int
      switch variant {
      case .exact: total = totals.exact
      case .ci: total = totals.ci
      case .strip: total = totals.strip
      case .fold: continue
      }
      let (bytes, byteSlots) = try UnsafePinnedBuffer<UInt8>.unsafeWritableChecked(
        count: total, padding: Self.padding, zeroed: false)
      let (offsets, offsetSlots) = try UnsafePinnedBuffer<UInt32>.unsafeWritableChecked(
        count: wideRows.count + 1)
      built[variant.rawValue] = (bytes, offsets)
      targets.set(variant, bytes: byteSlots, offsets: offsetSlots)
    }
    for chunk in 0..<chunkCount {
      let start = starts[chunk]
      writers[chunk] = WideFormWriter(
        into: targets, fold: 0, exact: start.exact, ci: start.ci, strip: start.strip,
        row: passes.split.range(chunk).lowerBound)
    }
    passes.run(writers)
    // The exact form's differences first: refused, no form is kept, as none was built.
    if variants.contains(.exact), let arena = built[TextVariant.exact.rawValue] {
      let view = UnsafeArenaView(
        base: arena.bytes.pointer, limit: arena.bytes.count + Self.padding, offsets: arena.offsets.pointer,
        stride: 1, column: 0)
      exactWideRows = try exactDifferences(dataset: dataset, exact: view)
    }
    sides = built
  }
}
