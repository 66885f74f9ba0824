/// Regular expressions: literals scanned for, candidates judged by the automaton.
extension SearchEngine {
  /// Regex matching: a byte scan for the literals every match contains (when the pattern has
  /// any) picks the candidate rows, and `RegexMatcher.matches` judges each from its original
  /// bytes (the automaton, or ICU on a String for rows and patterns it cannot judge).
  func regexSearch(_ matcher: RegexMatcher, scope: Int, cancellation: SearchCancellation?) -> [Int32]? {
    let rowCount = dataset.rowCount
    let averageRowBytes = Double(index.foldBytes.count) / Double(max(1, rowCount))
    let literals = matcher.literals(frequency: index.byteFrequency, averageRowBytes: averageRowBytes)
    let needles = (literals?.scan ?? []).map {
      ByteNeedle(String(decoding: $0, as: UTF8.self), frequency: index.byteFrequency)
    }
    // Further literals a match needs, checked in each candidate row before the automaton.
    let checks = (literals?.checks ?? []).map { PinnedBuffer($0) }
    // Without a literal, rows that hold none of the bytes a match can start with are skipped
    // (`[0-9]+`), when few rows hold one.
    let firstBytes =
      needles.isEmpty
        && (matcher.firstBytes?.share(frequency: index.byteFrequency) ?? 1) * averageRowBytes < 0.5
      ? matcher.firstBytes : nil
    // ICU costs about a microsecond per row: split small datasets too, unless the automaton
    // judges the rows.
    let threshold = matcher.automaton == nil ? min(parallelThreshold, tuning.regexICU) : parallelThreshold
    let chunks = Parallel.chunks(rowCount, threshold: threshold)
    let cased = columns.count == 1 ? nil : index.casedArena(dataset: dataset)
    let parts: [RowIDBuffer?] = dataset.withStorage { bytes, offsets in
      dataset.rowScopes.withUnsafeBufferPointer { scopes in
        // The original text of every row, wide or not: the subject ICU would see.
        let view = makeTexts(bytes: bytes, offsets: offsets, cased: cased, sides: nil).cased
        return Parallel.map(chunks.count) { chunk -> RowIDBuffer? in
          let rows = RowIDBuffer()
          let (lower, upper) = (chunks.range(chunk).lowerBound, chunks.range(chunk).upperBound)
          guard lower < upper else { return rows }
          @inline(__always) func test(_ row: Int) -> Bool {
            if scope != 0, row >= scopes.count || Int(scopes[row]) != scope { return false }
            return matcher.matches(view.base, start: view.start(row), end: view.end(row))
          }
          @inline(__always) func candidate(_ row: Int) -> Bool {
            for check in checks
            where !RegexLiterals.occurs(
              check.pointer, check.count, in: view.base, view.start(row), view.end(row))
            {
              return false
            }
            return test(row)
          }
          if let firstBytes {
            if cancellation?.isCancelled == true { return nil }
            var checked = 0
            var cancelled = false
            firstBytes.scan(view, rows: lower..<upper) { row in
              checked &+= 1
              if cancelled || (checked % 1024 == 0 && cancellation?.isCancelled == true) {
                cancelled = true
                return
              }
              if test(row) { rows.append(row) }
            }
            if cancelled { return nil }
          } else if needles.isEmpty {
            for row in lower..<upper {
              if row % 4096 == 0, cancellation?.isCancelled == true { return nil }
              if test(row) { rows.append(row) }
            }
          } else if needles.count == 1 {
            if cancellation?.isCancelled == true { return nil }
            var checked = 0
            var cancelled = false
            ByteScanner.scan(view, rows: lower..<upper, needle: needles[0], wordStart: false) { row in
              checked &+= 1
              if cancelled || (checked % 1024 == 0 && cancellation?.isCancelled == true) {
                cancelled = true
                return
              }
              if candidate(row) { rows.append(row) }
            }
            if cancelled { return nil }
          } else {
            // One scan per literal marks the rows containing any of them; then they are judged
            // in order.
            var marks = [UInt64](repeating: 0, count: (upper - lower + 63) / 64)
            for needle in needles {
              if cancellation?.isCancelled == true { return nil }
              ByteScanner.scan(view, rows: lower..<upper, needle: needle, wordStart: false) { row in
                marks[(row - lower) >> 6] |= 1 << UInt64((row - lower) & 63)
              }
            }
            var checked = 0
            for word in marks.indices {
              var bits = marks[word]
              while bits != 0 {
                let row = lower + word * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                checked &+= 1
                if checked % 1024 == 0, cancellation?.isCancelled == true { return nil }
                if candidate(row) { rows.append(row) }
              }
            }
          }
          return rows
        }
      }
    }
    if parts.contains(where: { $0 == nil }) { return nil }
    return RowIDBuffer.join(parts.compactMap { $0 })
  }
}
