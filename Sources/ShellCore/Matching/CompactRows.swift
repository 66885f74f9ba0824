/// A contiguous copy of a small result's folded rows, in the result's order.
///
/// Re-checking a result after a typed letter reads its rows from all over the arena, one cache
/// miss each (about 90 ns per row at 3% of 1M rows); reading them from this copy is one
/// sequential pass. A small result is copied right after its scan, while its rows are still in
/// cache; a narrowing from a copy writes the next copy as it goes.
final class CompactRows {
  /// The rows' bytes, back to back, followed by `FoldedIndex.padding` bytes for SIMD over-reads.
  let bytes: PinnedBuffer<UInt8>
  /// Where each row ends in `bytes`, after a leading 0.
  let ends: PinnedBuffer<UInt32>

  /// Joins chunk copies, in order; nil if any chunk gave up or they do not hold `rows` rows.
  init?(joining parts: [Builder], rows: Int) {
    if parts.isEmpty || parts.contains(where: \.overflowed) { return nil }
    let total = parts.reduce(0) { $0 + $1.byteCount }
    guard parts.reduce(0, { $0 + $1.rowCount }) == rows else { return nil }
    // Every byte and end is written below: only the padding is zeroed.
    bytes = PinnedBuffer(count: total, padding: FoldedIndex.padding, zeroed: false)
    ends = PinnedBuffer(count: rows + 1, zeroed: false)
    var offset = 0
    var row = 0
    ends.base[0] = 0
    for part in parts {
      (bytes.base + offset).update(from: part.bytes, count: part.byteCount)
      for index in 0..<part.rowCount {
        row += 1
        ends.base[row] = UInt32(offset) + part.ends[index]
      }
      offset += part.byteCount
    }
  }

  /// The copy as an arena whose row `i` is the result's `i`-th row.
  var view: ArenaView {
    ArenaView(
      base: bytes.pointer, limit: bytes.count + FoldedIndex.padding, offsets: ends.pointer, stride: 1,
      column: 0)
  }

  /// Bytes held.
  var size: Int { bytes.count + ends.count * 4 }

  /// One chunk's copy while it is being filled, in manually managed memory that is reused from
  /// search to search: an append is a few 32-byte moves, and after the first searches no page of it
  /// is new (fresh pages cost a fault each, which made copying every hit of a large result slow).
  final class Builder {
    /// The copied bytes (32 bytes of slack after `byteCount`).
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var byteCount = 0
    private var byteCapacity = 0
    /// Where each row ends in `bytes` (no leading 0).
    private(set) var ends: UnsafeMutablePointer<UInt32>
    private var endsCapacity = 0
    private(set) var rowCount = 0
    /// Set once more than `limit` rows were offered: the copy is then useless.
    private(set) var overflowed = false
    private var limit = 0

    init() {
      bytes = .allocate(capacity: 32)
      ends = .allocate(capacity: 1)
    }

    deinit {
      bytes.deallocate()
      ends.deallocate()
    }

    /// Whether the copy was set to hold nothing.
    var isDisabled: Bool { limit == 0 }

    /// Empties the copy for a new search that keeps at most `limit` rows (0: copy nothing).
    func reset(limit: Int) {
      self.limit = limit
      byteCount = 0
      rowCount = 0
      overflowed = false
      if limit > endsCapacity {
        ends.deallocate()
        ends = .allocate(capacity: limit)
        endsCapacity = limit
      }
    }

    /// Appends one row's bytes; the row's arena must allow 32-byte reads past any of its bytes
    /// (the folded arena and compact copies are padded).
    @inline(__always)
    func append(_ row: RowSlice) {
      if overflowed { return }
      if rowCount == limit {
        overflowed = true
        return
      }
      let count = row.count
      if byteCount + count > byteCapacity { grow(byteCount + count) }
      var offset = 0
      while offset < count {
        UnsafeMutableRawPointer(bytes + byteCount + offset).storeBytes(
          of: ByteScanner.load(row.base + row.start + offset), as: SIMD32<UInt8>.self)
        offset &+= 32
      }
      byteCount &+= count
      ends[rowCount] = UInt32(truncatingIfNeeded: byteCount)
      rowCount &+= 1
    }

    /// Appends the rows `ids` of `view`, in order, until the copy gives up (a result found
    /// without copying as it went).
    func append(rows ids: UnsafeBufferPointer<Int32>, of view: ArenaView) {
      for row in ids where !overflowed { append(view.slice(Int(row))) }
    }

    /// `append`, for a scan that has covered `scanned` of its `total` rows: gives up as soon as the
    /// rows copied so far, extrapolated, would pass the limit by a quarter (so a result that will
    /// not fit does not copy most of itself first: 10M rows, `sta`, 5 of 40 ms).
    @inline(__always)
    func append(_ row: RowSlice, scanned: Int, of total: Int) {
      // Checked every 256 rows, from an eighth of the scan on.
      if rowCount & 255 == 255, scanned &* 8 >= total, rowCount &* total > (limit &+ limit / 4) &* scanned {
        overflowed = true
      }
      append(row)
    }

    private func grow(_ needed: Int) {
      let larger = max(needed, byteCapacity * 2, 16 * 1024)
      let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger + 32)
      moved.update(from: bytes, count: byteCount)
      bytes.deallocate()
      bytes = moved
      byteCapacity = larger
    }
  }
}
