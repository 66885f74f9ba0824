/// `SearchEngine.probedBits` for a range of rows: one byte in a case-sensitive form (`exact`,
/// `strip`) found by `RowSweep` a block at a time, and written as the rows' bits.
///
/// Probing every row cost a slice, a wide-row test and a vector test per row; the sweep compares
/// 16 bytes a step and takes each row's hits with a load and a shift. Rows whose form is not
/// their bytes (`UnsafeRowTexts.rowsToRecheck`) are tested in their own form, as are rows too near the
/// arena's end to read past.
struct LetterSweep {
  let sweep: RowSweep<OneByteProbe>
  let texts: UnsafeRowTexts
  let variant: TextVariant
  let finder: RowFinder
  /// Rows per block: a multiple of 64, so that a block's bits are whole words.
  let blockRows: Int

  init(needle: [UInt8], texts: UnsafeRowTexts, variant: TextVariant, finder: RowFinder, blockRows: Int) {
    sweep = RowSweep(needle: needle)
    (self.texts, self.variant, self.finder) = (texts, variant, finder)
    self.blockRows = max(64, blockRows & ~63)
  }

  /// Writes the bits of the rows of `words` (bit `r % 64` of word `r / 64`), of `rowCount` rows.
  func fill(_ words: Range<Int>, rowCount: Int, into output: UnsafeMutablePointer<UInt64>) {
    let view = texts.cased
    let wide = texts.rowsToRecheck(variant, wordStart: false)
    let side = texts.side(variant)
    var scratch = UnsafeChunkSweep<OneByteProbe>.Scratch()
    defer { scratch.words.deallocate() }
    var lower = words.lowerBound &* 64
    // Found by a search: a chunk past the first would walk every re-checked row before it.
    var wideStart = UnsafeRowTexts.lowerBound(wide, lower)
    let rowEnd = min(rowCount, words.upperBound &* 64)
    while lower < rowEnd {
      let next = min(rowEnd, lower &+ blockRows)
      // The words of the rows the sweep cannot read are cleared for the tests below.
      for word in (lower &>> 6)..<((next &+ 63) &>> 6) { output[word] = 0 }
      // One byte reads nothing before a row; the last rows may lack 64 readable bytes after them.
      var upper = next
      while upper > lower, view.end(upper &- 1) &+ 64 > view.limit { upper &-= 1 }
      if upper > lower {
        let blockWide = UnsafeRowTexts.run(of: wide, in: lower..<upper, from: &wideStart)
        scratch.reserve(RowSweep<OneByteProbe>.hitWords(byteCount: view.end(upper &- 1) &- view.start(lower)))
        sweep.sweepBits(view, rows: lower..<upper, hits: scratch.words, into: output)
        for row in blockWide.lazy.map(Int.init) {
          let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: row & 63)
          let matches = finder.matches(side.slice(texts.wideIndex(row)))
          output[row &>> 6] = matches ? output[row &>> 6] | bit : output[row &>> 6] & ~bit
        }
      }
      for row in upper..<next where finder.matches(texts.slice(row, variant)) {
        output[row &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: row & 63)
      }
      lower = next
    }
  }
}
