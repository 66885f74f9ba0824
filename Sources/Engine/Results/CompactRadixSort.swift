import Tables

/// `RankSorter`'s order from keys packed into at most 32 bits (score below the best, then length).
///
/// A stable LSD radix sort on digits of at most 11 bits, whose counts stay in L1. Raw buffers
/// throughout: at 900k matches (a one-letter fuzzy query) array copies, zero-fills and
/// per-element checks cost more than the sort itself. Large inputs run each loop in slices on
/// every core: a pass counts digits per slice, and slice `s` scatters a digit's keys after slices
/// `0..<s`'s, which keeps it stable.
struct CompactRadixSort {
  /// How many rows are sorted.
  let count: Int
  /// How many slices each loop runs in (one per core for large inputs, else one).
  let slices: Int
  /// Rows per slice (the last may hold fewer).
  let sliceSize: Int

  /// `rows` sorted by `scores` and `titleLength`, or nil when the score range and longest title
  /// do not fit in 32 bits; sliced from `slicesFrom` rows.
  static func sort(
    rows: [Int32], scores: [Int32], slicesFrom: Int, titleLength: (Int32) -> Int
  ) -> [Int32]? {
    let sort = CompactRadixSort(count: rows.count, slicesFrom: slicesFrom)
    let count = rows.count
    let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer { keys.deallocate() }
    let extremes = sort.measure(rows, scores, lengthsInto: keys, titleLength: titleLength)
    func bits(_ value: UInt64) -> Int { value == 0 ? 0 : 64 - value.leadingZeroBitCount }
    let lengthBits = bits(UInt64(extremes.length))
    let scoreBits = bits(UInt64(max(0, extremes.best - extremes.worst)))
    let totalBits = lengthBits + scoreBits
    guard totalBits <= 32 else { return nil }
    if totalBits == 0 { return rows }
    let digits = Digits(totalBits: totalBits)
    // Per pass and slice, then per digit: counts, then the slice's next slot for that digit.
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: digits.passes * sort.slices * digits.buckets)
    defer { counts.deallocate() }
    counts.initialize(repeating: 0, count: digits.passes * sort.slices * digits.buckets)
    let tables = UnsafeCountTables(counts: counts, slices: sort.slices, buckets: digits.buckets)
    sort.pack(
      scores, into: keys, lengthBits: lengthBits, best: Int32(truncatingIfNeeded: extremes.best),
      counting: tables, mask: digits.mask)
    return sort.scatter(rows, keys: keys, digits: digits, tables: tables)
  }

  /// How many passes, of how many bits each, sort keys of `totalBits` bits.
  struct Digits {
    /// Passes over the keys.
    let passes: Int
    /// Bits per digit.
    let digitBits: Int
    /// The low `digitBits` bits.
    let mask: UInt32
    /// Digit values.
    let buckets: Int

    init(totalBits: Int) {
      passes = (totalBits + 10) / 11
      digitBits = (totalBits + passes - 1) / passes
      mask = UInt32((1 << digitBits) - 1)
      buckets = 1 << digitBits
    }
  }

  /// The digit counts of every pass and slice, one table of `buckets` each.
  package struct UnsafeCountTables {
    /// The first table.
    let counts: UnsafeMutablePointer<Int>
    /// Slices per pass.
    let slices: Int
    /// Counts per table.
    let buckets: Int

    /// The table of `slice` in `pass`.
    @inline(__always) func table(_ pass: Int, _ slice: Int) -> UnsafeMutablePointer<Int> {
      counts + (pass &* slices &+ slice) &* buckets
    }
  }

  init(count: Int, slicesFrom: Int) {
    self.count = count
    slices = Parallel.chunkCount(count, threshold: slicesFrom) > 1 ? min(count, Parallel.cores) : 1
    sliceSize = (count + slices - 1) / slices
  }

  /// The rows of slice `slice`.
  @inline(__always) func bounds(_ slice: Int) -> Range<Int> {
    min(count, slice * sliceSize)..<min(count, (slice + 1) * sliceSize)
  }

  /// Writes each row's title length into `keys`; returns the longest, and the best and worst score.
  private func measure(
    _ rows: [Int32], _ scores: [Int32], lengthsInto keys: UnsafeMutablePointer<UInt32>,
    titleLength: (Int32) -> Int
  ) -> (length: Int, best: Int64, worst: Int64) {
    let extremes = rows.withUnsafeBufferPointer { rowBuffer in
      scores.withUnsafeBufferPointer { scoreBuffer in
        Parallel.map(slices) { slice -> (length: Int, best: Int32, worst: Int32) in
          var maxLength = 0
          var best = Int32.min
          var worst = Int32.max
          for index in bounds(slice) {
            let length = titleLength(rowBuffer[index])
            maxLength = max(maxLength, length)
            keys[index] = UInt32(truncatingIfNeeded: min(length, Int(UInt32.max)))
            best = max(best, scoreBuffer[index])
            worst = min(worst, scoreBuffer[index])
          }
          return (maxLength, best, worst)
        }
      }
    }
    return (
      extremes.map(\.length).max() ?? 0, Int64(extremes.map(\.best).max() ?? 0),
      Int64(extremes.map(\.worst).min() ?? 0)
    )
  }

  /// Puts each row's rank below `best` above its title length in `keys`, counting the first
  /// pass's digits.
  private func pack(
    _ scores: [Int32], into keys: UnsafeMutablePointer<UInt32>, lengthBits: Int, best top: Int32,
    counting tables: UnsafeCountTables, mask: UInt32
  ) {
    scores.withUnsafeBufferPointer { scoreBuffer in
      let shift = UInt32(lengthBits)
      Parallel.forEach(slices) { slice in
        let first = tables.table(0, slice)
        for index in bounds(slice) {
          let rank = UInt32(bitPattern: top &- scoreBuffer[index])
          let key = rank << shift | keys[index]
          keys[index] = key
          first[Int(key & mask)] &+= 1
        }
      }
    }
  }

  /// The passes of the sort over `keys` (whose first pass is counted); the last writes the result.
  private func scatter(
    _ rows: [Int32], keys: UnsafeMutablePointer<UInt32>, digits: Digits, tables: UnsafeCountTables
  ) -> [Int32] {
    let spareKeys = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer { spareKeys.deallocate() }
    let spareRows = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    defer { spareRows.deallocate() }
    let (passes, mask) = (digits.passes, digits.mask)
    return [Int32](unsafeUninitializedCapacity: count) { result, initialized in
      guard let output = result.baseAddress else { return }
      rows.withUnsafeBufferPointer { rowBuffer in
        guard let input = rowBuffer.baseAddress else { return }
        var sourceKeys = UnsafeMutablePointer(keys)
        var sourceRows = UnsafePointer(input)
        var targetKeys = spareKeys
        // Earlier passes alternate between the scratch buffers.
        var targetRows = passes % 2 == 1 ? output : spareRows
        for pass in 0..<passes {
          let shift = UInt32(pass &* digits.digitBits)
          let last = pass == passes &- 1
          let (keysIn, rowsIn, keysOut, rowsOut) = (sourceKeys, sourceRows, targetKeys, targetRows)
          if pass > 0 {
            Parallel.forEach(slices) { slice in
              let own = tables.table(pass, slice)
              for index in bounds(slice) { own[Int((keysIn[index] >> shift) & mask)] &+= 1 }
            }
          }
          startSlots(tables, pass: pass)
          Parallel.forEach(slices) { slice in
            let offsets = tables.table(pass, slice)
            for index in bounds(slice) {
              let key = keysIn[index]
              let digit = Int((key >> shift) & mask)
              let target = offsets[digit]
              offsets[digit] = target &+ 1
              if !last { keysOut[target] = key }
              rowsOut[target] = rowsIn[index]
            }
          }
          swap(&sourceKeys, &targetKeys)
          sourceRows = UnsafePointer(targetRows)
          targetRows = targetRows == output ? spareRows : output
        }
      }
      initialized = count
    }
  }

  /// Turns `pass`'s counts into each slice's first slot per digit: exclusive prefix sums over
  /// digits, then slices.
  private func startSlots(_ tables: UnsafeCountTables, pass: Int) {
    var total = 0
    for digit in 0..<tables.buckets {
      for slice in 0..<slices {
        let slot = tables.table(pass, slice) + digit
        let bucketCount = slot.pointee
        slot.pointee = total
        total &+= bucketCount
      }
    }
  }
}
