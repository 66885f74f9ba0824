/// What a fixed sample of rows says of a term or a query: blocks of rows spread over the dataset
/// (`SearchTuning.hitSampleBlocks` of `hitSampleRows`), so a sorted file's first rows do not stand for
/// all of it.
extension SearchEngine {
  /// The sample's rows that `matches` takes, with `sides`' forms readable, and how many it read.
  func sampleRows(sides: SideForms?, _ matches: (Int, UnsafeRowTexts) -> Bool) -> (hits: Int, read: Int) {
    let rowCount = dataset.rowCount
    let cased = casedArenaOrDeferredRefusal()
    let (blocks, blockRows) = (tuning.hitSampleBlocks, tuning.hitSampleRows)
    return dataset.withStorage { bytes, offsets in
      let texts = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: sides)
      var (hits, read) = (0, 0)
      for block in 0..<blocks {
        let start = rowCount * block / blocks
        for row in start..<min(rowCount, start &+ blockRows) {
          read &+= 1
          if matches(row, texts) { hits &+= 1 }
        }
      }
      return (hits, read)
    }
  }

  /// `hits` of `read` sampled rows, scaled to every row.
  private func scaled(_ sample: (hits: Int, read: Int)) -> Int {
    // `hits` is at most the sample (`blocks * blockRows`) and the row count below 2^32.
    sample.read == 0 ? 0 : sample.hits &* dataset.rowCount / sample.read
  }

  /// The sample's rows that `term` matches (positive, in its own form), and how many it read.
  private func sample(_ term: CompiledTerm) -> (hits: Int, read: Int) {
    let plan = term.plan
    let sides = plan.variant == .fold ? nil : sideFormsOrDeferredRefusal([plan.variant])
    return sampleRows(sides: sides) { plan.matches($0, $1) }
  }

  /// How many rows of the sample `term` matches.
  func sampledHits(_ term: CompiledTerm) -> Int { sample(term).hits }

  /// How many rows hold `term`, as the sample says, scaled to every row.
  func sampledRows(_ term: CompiledTerm) -> Int { scaled(sample(term)) }

  /// How many rows `query` matches in `scope`, as the sample says, scaled to every row.
  func sampledRanking(_ query: CompiledQuery, scope: Int) -> Int {
    let sides =
      query.comparesOutsideFold ? sideFormsOrDeferredRefusal(query.sideVariants) : nil
    return dataset.rowScopes.withUnsafeBufferPointer { scopes in
      scaled(
        sampleRows(sides: sides) { row, texts in
          UnsafeRowFilter.isInScope(row, scope: scope, scopes: scopes) && query.plan.matches(row, texts)
        })
    }
  }
}
