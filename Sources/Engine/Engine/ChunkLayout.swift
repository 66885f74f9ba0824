import Tables

/// How `SearchEngine.chunks` splits its rows (or candidates) into chunks: balanced ranges, or,
/// for a compact copy read on more than one thread, whole parts of the copy.
struct ChunkLayout {
  /// The balanced ranges of the work.
  let split: Parallel.Chunks
  /// The copy whose parts the chunks read, if any.
  let compact: UnsafeCompactRows?
  /// How many chunks there are.
  let count: Int

  /// `work` rows or candidates, split from `threshold` on; a compact copy is re-checked part by
  /// part, each part whole in one chunk (a part may be empty: its chunk then finds nothing).
  init(work: Int, threshold: Int, compact: UnsafeCompactRows?) {
    split = Parallel.chunks(work, threshold: threshold)
    self.compact = compact
    if let compact, split.count > 1 { count = compact.parts.count } else { count = split.count }
  }

  /// The compact copy's parts that `chunk` reads (none without a copy).
  func parts(of chunk: Int) -> Range<Int> {
    guard let compact else { return 0..<0 }
    let parts = compact.parts.count
    return chunk * parts / count..<(chunk + 1) * parts / count
  }

  /// The rows (or positions among the candidates) that `chunk` reads.
  func positions(of chunk: Int) -> Range<Int> {
    if let compact {
      let parts = parts(of: chunk)
      return compact.partStarts[parts.lowerBound]..<compact.partStarts[parts.upperBound]
    }
    return split.range(chunk)
  }
}
