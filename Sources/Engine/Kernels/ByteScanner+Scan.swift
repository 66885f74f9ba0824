/// The scan of a whole arena's rows for a needle, keyed on its rarest bytes.
extension ByteScanner {
  /// Calls `hit(row)`, in ascending order, for each row of `rows` whose text contains `needle`
  /// (at a word start when `wordStart`).
  ///
  /// Out of line and specialised for each caller's `hit`, with the three-key loop inside and the
  /// two-key loop in `scanTwoKeys`: inlined into a caller, the loops reloaded the key bytes'
  /// addresses from the stack at every step, and in a function of its own the two-key loop gets
  /// `hit` inlined (a regex's literal scan calls it for most rows it reads).
  @inline(__always)
  static func scan(
    _ view: UnsafeArenaView, rows: Range<Int>, needle: ByteNeedle, wordStart: Bool, hit: (Int) -> Void
  ) {
    scan(view, rows: rows, needle: needle, wordStart: wordStart, steps: CalledSteps.self, hit: hit)
  }

  /// `scan`, its next step with a candidate found as `Steps` says.
  @inline(never)
  static func scan<Steps: ScanSteps>(
    _ view: UnsafeArenaView, rows: Range<Int>, needle: ByteNeedle, wordStart: Bool, steps: Steps.Type,
    hit: (Int) -> Void
  ) {
    // Two copies of the loop, each with the third key fixed, so neither tests it per step (which
    // needles take a third key: `ByteNeedle.keysOnThree`).
    if needle.keysOnThree {
      scanKeyed(
        view, rows: rows, needle: needle, wordStart: wordStart, keys: ThreeKeys.self, steps: Steps.self,
        hit: hit)
    } else {
      scanTwoKeys(view, rows: rows, needle: needle, wordStart: wordStart, steps: Steps.self, hit: hit)
    }
  }

  /// `scan` for a needle keyed on its two rarest bytes.
  @inline(never)
  static func scanTwoKeys<Steps: ScanSteps>(
    _ view: UnsafeArenaView, rows: Range<Int>, needle: ByteNeedle, wordStart: Bool, steps: Steps.Type,
    hit: (Int) -> Void
  ) {
    scanKeyed(
      view, rows: rows, needle: needle, wordStart: wordStart, keys: TwoKeys.self, steps: Steps.self, hit: hit)
  }

  /// `scan`, keyed on the needle's two rarest bytes, or its three rarest for `ThreeKeys` (a type,
  /// so each specialisation has the choice as a constant and no test of it in the loop).
  @inline(__always)
  static func scanKeyed<Keys: ScanKeys, Steps: ScanSteps>(
    _ view: UnsafeArenaView, rows: Range<Int>, needle: ByteNeedle, wordStart: Bool, keys: Keys.Type,
    steps: Steps.Type, hit: (Int) -> Void
  ) {
    let length = needle.count
    guard length > 0, !rows.isEmpty else { return }
    let chunkStart = view.start(rows.lowerBound)
    let chunkEnd = view.end(rows.upperBound - 1)
    guard chunkEnd - chunkStart >= length else { return }
    let lastStart = chunkEnd - length
    let base = view.base
    let (firstIndex, secondIndex, thirdIndex) = (needle.firstIndex, needle.secondIndex, needle.thirdIndex)
    let firstByte = needle.bytes[firstIndex]
    let secondByte = needle.bytes[secondIndex]
    let thirdByte = needle.bytes[thirdIndex]
    let simdLast = view.limit - max(firstIndex, secondIndex, thirdIndex) - 32
    // Reach: a 64-position step at `step` (`step + 32 <= simdLast`) loads through
    // `step + 48 + maxKey + 15 <= simdLast + maxKey + 31 = limit - 1`; a word check at
    // `candidate <= limit - 8` through `limit - 1`; the scalar tail stays below `chunkEnd`.
    assert(chunkStart >= 0 && chunkEnd <= view.limit, "rows \(chunkStart)..<\(chunkEnd) past \(view.limit)")
    // Needles of up to three bytes are fully checked by the SIMD comparison.
    let verified = length <= 3 && (length == 1 || firstIndex != secondIndex) && (length < 3 || Keys.three)
    needle.bytes.withUnsafeBufferPointer { needleBuffer in
      guard let needleBase = needleBuffer.baseAddress else { return }
      var row = rows.lowerBound
      var position = chunkStart
      let lastRow = rows.upperBound - 1
      let rowsPerByte = UnsafeArenaView.rowsPerByte(averageRowBytes: (chunkEnd - chunkStart) / rows.count)
      let bytes = UnsafeCandidateCheck(needleBase, length: length, verified: verified, limit: view.limit)
      /// Verifies a candidate (its bytes first: most fail, and a row lookup reads offsets); on a
      /// hit reports the row and returns where the next row starts.
      @inline(__always) func check(_ candidate: Int) -> Int? {
        if !bytes.holds(base, at: candidate) { return nil }
        if candidate >= view.end(row) {
          row = view.row(containing: candidate, after: row, through: lastRow, rowsPerByte: rowsPerByte)
        }
        let rowStart = view.start(row)
        let rowEnd = view.end(row)
        if candidate < rowStart || candidate &+ length > rowEnd { return nil }
        if wordStart, !isWordStart(base, rowStart: rowStart, candidate) { return nil }
        hit(row)
        return rowEnd
      }
      let splats = (
        SIMD16<UInt8>(repeating: firstByte), SIMD16<UInt8>(repeating: secondByte),
        SIMD16<UInt8>(repeating: thirdByte)
      )
      let lastStep = min(simdLast, lastStart)
      while position <= lastStart {
        var next = position &+ 32
        if position <= simdLast {
          let found = Steps.next(
            base, from: position, through: lastStep, offsets: (firstIndex, secondIndex, thirdIndex),
            keys: splats,
            Keys.self)
          position = found.step
          if found.lanes == 0 { continue }
          next = position &+ found.width
          var lanes = keep(found.lanes, through: lastStart &- position)
          while lanes != 0 {
            let candidate = position &+ lanes.trailingZeroBitCount
            lanes &= lanes &- 1
            if let rowEnd = check(candidate) {
              next = rowEnd
              break
            }
          }
        } else if let rowEnd = scalarStep(
          base, from: position, through: min(position &+ 31, lastStart),
          keys: (firstIndex, firstByte, secondIndex, secondByte, thirdIndex, thirdByte), check)
        {
          next = rowEnd
        }
        position = next
      }
    }
  }

  /// A step of the scalar tail (past the last SIMD step): `check`'s answer for the first position
  /// from `position` through `last` whose three key bytes (offset and value) agree, or nil.
  @inline(__always)
  static func scalarStep(
    _ base: UnsafePointer<UInt8>, from position: Int, through last: Int,
    keys: (Int, UInt8, Int, UInt8, Int, UInt8), _ check: (Int) -> Int?
  ) -> Int? {
    var candidate = position
    while candidate <= last {
      if base[candidate &+ keys.0] == keys.1, base[candidate &+ keys.2] == keys.3,
        base[candidate &+ keys.4] == keys.5, let rowEnd = check(candidate)
      {
        return rowEnd
      }
      candidate &+= 1
    }
    return nil
  }

  /// The first step from `position` through `lastStep` holding a candidate, its lanes and width.
  ///
  /// A candidate has the key bytes `keys` at `offsets` from it (the third only for `ThreeKeys`).
  /// The lanes are bits, lane 0 lowest; the width is 64 or 32 positions. No bits when no step has
  /// a candidate: the step then lies past `lastStep`.
  ///
  /// Most steps have no candidate: they get a loop of their own, whose few values stay in
  /// registers (in one loop with the hit's handling, the position went through the stack at every
  /// step), called or inlined as the scan's `ScanSteps` says. 64 positions
  /// at a time, then 32, one OR of a mask's words saying it is empty; the lanes of the step that has
  /// one come from the masks at hand, in 16-lane halves (found again a step at a time, a pair's
  /// first step was a noticeable share of a scan whose hits are a few rows apart; a 32-lane mask
  /// kept from inside the loop was written to memory lane by lane at every step).
  @inline(__always)
  static func nextCandidates<Keys: ScanKeys>(
    _ base: UnsafePointer<UInt8>, from position: Int, through lastStep: Int, offsets: (Int, Int, Int),
    keys: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>), _: Keys.Type
  ) -> (step: Int, lanes: UInt64, width: Int) {
    let (first, second, third) = (base + offsets.0, base + offsets.1, base + offsets.2)
    /// The candidates among the 16 positions from `step`.
    @inline(__always) func half(_ step: Int) -> SIMDMask<SIMD16<Int8>> {
      let a = load16(first + step) .== keys.0
      let b = load16(second + step) .== keys.1
      return Keys.three ? a .& b .& (load16(third + step) .== keys.2) : a .& b
    }
    var step = position
    let wideLast = lastStep &- 32
    while step <= wideLast {
      let low = (low: half(step), high: half(step &+ 16))
      let high = (low: half(step &+ 32), high: half(step &+ 48))
      if !isEmpty((low.low .| low.high, high.low .| high.high)) {
        return (step, UInt64(bits(low)) | UInt64(bits(high)) &<< 32, 64)
      }
      step &+= 64
    }
    while step <= lastStep {
      let mask = (low: half(step), high: half(step &+ 16))
      if !isEmpty(mask) { return (step, UInt64(bits(mask)), 32) }
      step &+= 32
    }
    return (step, 0, 32)
  }
}
