/// A borrowed view of one text arena: bytes plus the offsets that delimit each row.
///
/// Row `r` spans `offsets[r * stride + column] ..< offsets[r * stride + column + 1]`, so the same
/// type reads the engine's own arenas (stride 1) and one column of the dataset's arena in place.
/// Only valid while the storage it points into is alive (the engine, or `Dataset.withStorage`).
struct UnsafeArenaView {
  /// The arena's first byte.
  let base: UnsafePointer<UInt8>
  /// How many bytes may be read from `base` (SIMD loads must stay below it).
  let limit: Int
  /// The offsets array.
  let offsets: UnsafePointer<UInt32>
  /// Offsets per row.
  let stride: Int
  /// Which offset of a row starts the text.
  let column: Int

  /// The first byte of row `row`.
  @inline(__always) func start(_ row: Int) -> Int { Int(offsets[row &* stride &+ column]) }
  /// One past the last byte of row `row`.
  @inline(__always) func end(_ row: Int) -> Int { Int(offsets[row &* stride &+ column &+ 1]) }
  /// The row among `after + 1 ... last` whose bytes hold `position` (the first one ending past it).
  ///
  /// Walks a few rows, then gallops and bisects, so the next hit of a sparse scan costs a few dozen
  /// offset loads instead of one per row in between. `position` must lie before `end(last)`.
  ///
  /// With `rowsPerByte` (`Self.rowsPerByte` of the rows' average length), it first jumps to where
  /// rows of that length would put `position` and steps back over the rows that end past it: hits
  /// a few dozen rows apart are then a multiplication and a step or two from their row, where
  /// galloping costs a dozen dependent loads (and a division, 40 cycles, was a tenth of a hit's cost).
  @inline(__always) func row(
    containing position: Int, after: Int, through last: Int, rowsPerByte: UInt64 = 0
  ) -> Int {
    var after = after
    if rowsPerByte > 0 {
      let rows = (UInt64(truncatingIfNeeded: position &- end(after)) &* rowsPerByte) &>> 32
      var guess = min(last, after &+ 1 &+ Int(truncatingIfNeeded: rows))
      while guess > after &+ 1, end(guess &- 1) > position { guess &-= 1 }
      if end(guess) > position { return guess }
      after = guess
    }
    var low = after &+ 1
    // Dense hits are a few rows apart: walk those first.
    for _ in 0..<4 {
      if low >= last || end(low) > position { return low }
      low &+= 1
    }
    var step = 1
    // Invariant: every row before `low` ends at or before `position`.
    while low &+ step <= last, end(low &+ step &- 1) <= position {
      low &+= step
      step &<<= 1
    }
    // Bisect `low...high` without a branch on each comparison (a coin toss for the predictor):
    // the range keeps the answer while its length halves.
    var count = min(low &+ step &- 1, last) &- low &+ 1
    while count > 1 {
      let half = count &>> 1
      low = end(low &+ half &- 1) <= position ? low &+ half : low
      count &-= half
    }
    return low
  }

  /// The reciprocal of an average row length for `row(containing:after:through:rowsPerByte:)`, in
  /// 32.32 fixed point (positions in an arena are below 2^32, so the product fits 64 bits).
  static func rowsPerByte(averageRowBytes: Int) -> UInt64 {
    (UInt64(1) << 32) / UInt64(max(1, averageRowBytes))
  }

  /// The bytes of row `row`, without the pad bytes that end a fold form shorter than its row.
  ///
  /// Kernels that only look for substrings read the pad bytes, which nothing matches; a slice is
  /// what anchors, scores and lengths read.
  @inline(__always) func slice(_ row: Int) -> UnsafeRowSlice {
    let start = start(row)
    var end = end(row)
    while end > start, base[end &- 1] == FoldedIndex.padByte { end &-= 1 }
    return UnsafeRowSlice(base: base, start: start, end: end, limit: limit)
  }
}

/// One row's text inside an arena, with the arena's readable limit for SIMD over-reads.
struct UnsafeRowSlice {
  /// The arena's first byte.
  let base: UnsafePointer<UInt8>
  /// The row's first byte.
  let start: Int
  /// One past the row's last byte.
  let end: Int
  /// How many bytes may be read from `base`.
  let limit: Int

  /// The row's length in bytes.
  @inline(__always) var count: Int { end &- start }
}
