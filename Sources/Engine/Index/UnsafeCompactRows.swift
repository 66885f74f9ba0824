/// A contiguous copy of a result's rows, in the result's order and in the form its query compared
/// (`fold`, or a case- or accent-sensitive one), for the next keystroke.
///
/// Re-checking a result after a typed letter reads its rows from all over the arena: at a
/// quarter of the rows that touches nearly every cache line of it, as slow as a full scan, and
/// at a few percent one cache miss per row. Reading them from this copy is one sequential pass
/// over only their bytes. The copy is written while the rows are found (their bytes in cache),
/// in parts, one per chunk of the search, so no part waits for another and nothing is joined:
/// the next narrowing re-checks each part in a chunk of its own.
final class UnsafeCompactRows {
  /// The parts, in the result's order.
  let parts: [PartBuffer]
  /// Where each part's rows start among the result's rows, then the result's row count.
  let partStarts: [Int]
  /// The form the rows are copied in: only a query comparing in it may read them.
  let variant: TextVariant

  /// The parts written by one search, of rows in `variant` form; nil if any gave up or they do
  /// not hold `rows` rows.
  init?(parts: [PartBuffer], rows: Int, variant: TextVariant) {
    if parts.isEmpty || parts.contains(where: \.overflowed) { return nil }
    var starts = [0]
    for part in parts { starts.append(starts[starts.count - 1] + part.rowCount) }
    guard starts[starts.count - 1] == rows else { return nil }
    for part in parts { part.seal() }
    self.parts = parts
    partStarts = starts
    self.variant = variant
  }

  /// The copy's memory, in row ids (4 bytes each): its bytes and its row ends.
  var idsOfRoom: Int { parts.reduce(0) { $0 + $1.byteCount / 4 + $1.rowCount } }

  /// One part of a copy while it is being filled.
  ///
  /// Its memory is managed by hand and reused from search to search: after the first searches no
  /// page of it is new (fresh pages cost a fault each, which made copying every hit of a large
  /// result slow). `SearchEngine` hands a part to a search only while no kept copy holds it.
  final class PartBuffer {
    /// The copied bytes, with `slack` bytes of room after `byteCount`.
    ///
    /// The first byte is a zero before the first row, so that every row may be read from the byte
    /// before it (as a probe reads) to 64 bytes on, like the rows of the folded arena away from
    /// its edges.
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var byteCount = 1
    /// The room for bytes (after which `slack` more follow).
    private(set) var byteCapacity = 1
    /// Where each row ends in `bytes`, after a leading 1 (where the first row starts).
    private(set) var ends: UnsafeMutablePointer<UInt32>
    private var endsCapacity = 0
    private(set) var rowCount = 0
    /// Set once more than `limit` rows were offered: the copy is then useless.
    private(set) var overflowed = false
    private var limit = 0
    /// How many rows the part is expected to hold at most (see `outpaces`).
    private var share = 0
    /// How many rows past `share` the extrapolation allows (see `outpaces`).
    private var margin = 0

    /// Room kept after the bytes: branch-free writers store 64 bytes at the end of the copy
    /// whatever the row's length, and readers' SIMD loads run up to `FoldedIndex.padding` past it.
    static let slack = 128

    init() {
      bytes = .allocate(capacity: 1 + Self.slack)
      bytes[0] = 0
      ends = .allocate(capacity: 1)
      ends[0] = 1
    }

    deinit {
      bytes.deallocate()
      ends.deallocate()
    }

    /// The room to take up front for `rows` rows of about `averageRow` bytes (and a quarter more
    /// for rows longer than the average), never more than the `available` bytes the rows can
    /// hold in all: a limit of thousands of rows times a row of megabytes asked for gigabytes.
    static func reservation(rows: Int, averageRow: Int, available: Int) -> Int {
      let (product, overflow) = max(0, rows).multipliedReportingOverflow(by: max(0, averageRow))
      let estimate = overflow ? Int.max : product &+ min(product / 4, Int.max &- product)
      return max(0, min(estimate, available))
    }

    /// Whether rows may still be added.
    var isOpen: Bool { limit > 0 && !overflowed }

    /// Gives the copy up: a search that cannot copy its rows in order and form (a case-sensitive
    /// scan that finds wide rows in their own arena after the others).
    func abandon() { overflowed = true }

    /// Empties the copy for a new search that keeps at most `limit` rows (0: copy nothing), and
    /// gives up early when it would keep more than `share` (see `outpaces`), of about `bytes`
    /// bytes in all.
    ///
    /// The room is taken now, while the copy is empty: growing it during the search would copy
    /// it and briefly hold both. Room never written costs no memory, and room written once is
    /// reused by later searches.
    func reset(limit: Int, share: Int, margin: Int? = nil, bytes: Int) {
      self.limit = limit
      self.share = share
      self.margin = margin ?? share / 4
      byteCount = 1
      rowCount = 0
      overflowed = limit == 0
      if limit > 0, bytes > byteCapacity {
        self.bytes.deallocate()
        self.bytes = .allocate(capacity: bytes + Self.slack)
        self.bytes[0] = 0
        byteCapacity = bytes
      }
      reserveEnds(limit &+ 1)
    }

    /// The copy as an arena whose row `i` is the part's `i`-th row.
    var view: UnsafeArenaView {
      UnsafeArenaView(
        base: bytes, limit: byteCount + FoldedIndex.padding, offsets: ends, stride: 1, column: 0)
    }

    /// Appends one row's bytes, 32 at a time while its arena's `limit` allows (the folded arena
    /// and compact copies are padded; the dataset's own arena is not), the rest byte by byte.
    @inline(__always)
    func append(_ row: UnsafeRowSlice) {
      if overflowed { return }
      if rowCount == limit {
        overflowed = true
        return
      }
      let count = row.count
      if byteCount + count > byteCapacity { grow(byteCount + count) }
      // Reach: the loads end at `row.end + 31` at most, below `row.limit` in a padded arena; a row
      // near the end of one that is not (the dataset's own) is copied by `copyNearLimit`. The
      // stores end 31 bytes past `byteCount + count`, within `slack`.
      assert(
        row.start >= 0 && row.end <= row.limit, "row \(row.start)..<\(row.end) past its arena's \(row.limit)")
      if row.end &+ 32 > row.limit {
        copyNearLimit(row)
      } else {
        var offset = 0
        while offset < count {
          UnsafeMutableRawPointer(bytes + byteCount + offset).storeBytes(
            of: ByteScanner.load(row.base + row.start + offset), as: SIMD32<UInt8>.self)
          offset &+= 32
        }
      }
      byteCount &+= count
      rowCount &+= 1
      ends[rowCount] = UInt32(truncatingIfNeeded: byteCount)
    }

    /// `append`'s copy of a row whose arena ends less than 32 bytes after it: whole loads while
    /// they stay below `row.limit` (`row.start + offset + 31 < row.limit`), then byte by byte.
    @inline(never)
    private func copyNearLimit(_ row: UnsafeRowSlice) {
      let loads = min(row.count, row.limit &- row.start &- 31)
      var offset = 0
      while offset < loads {
        UnsafeMutableRawPointer(bytes + byteCount + offset).storeBytes(
          of: ByteScanner.load(row.base + row.start + offset), as: SIMD32<UInt8>.self)
        offset &+= 32
      }
      if offset < row.count {
        (bytes + byteCount + offset).update(from: row.base + row.start + offset, count: row.count &- offset)
      }
    }

    /// Appends the rows `ids`, each row's text given by `text` (in an arena padded for 48-byte
    /// reads past any row: not a dataset's own text, see `gather(ascending:unpadded:text:)`), with
    /// no branch per row for rows of up to 48 bytes: scattered rows then wait for memory side by
    /// side, where a copy loop per row would wait for each in turn.
    @inline(__always)
    func gather(_ ids: UnsafeBufferPointer<Int32>, text: (Int) -> UnsafeRowSlice) {
      var first = 0
      while first < ids.count, !overflowed {
        let last = min(ids.count, first + 1024)
        guard reserve(rows: last - first, rowBytes: Writer.rowBytes, scanned: 0, of: 0) else { return }
        var writer = self.writer
        for index in first..<last {
          let row = text(Int(ids[index]))
          // Reach: a short row's 48 bytes from its start, within the arena's padding.
          assert(
            row.count > Writer.rowBytes || row.start &+ Writer.rowBytes <= row.limit,
            "a gather reads past \(row.limit)")
          if row.count <= Writer.rowBytes {
            writer.offer(row.base + row.start, count: row.count, keep: 1)
          } else {
            commit(writer)
            append(row, keepingRoom: (last - index) * Writer.rowBytes)
            writer = self.writer
          }
        }
        commit(writer)
        first = last
      }
    }

    /// `gather` for ascending `ids` whose text may lie in `unpadded`, a dataset's own text.
    ///
    /// Nothing is readable after that arena's last row: the rows starting within
    /// `Writer.rowBytes` of its end, the last ids, are appended instead (`append` reads no further
    /// than a row's arena allows). Offsets ascend with the rows, so one bisection finds them.
    func gather(
      ascending ids: UnsafeBufferPointer<Int32>, unpadded: UnsafeArenaView, text: (Int) -> UnsafeRowSlice
    ) {
      assert(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "the ids do not ascend")
      var (clear, high) = (0, ids.count)
      while clear < high {
        let middle = (clear &+ high) &>> 1
        let start = unpadded.start(Int(ids[middle]))
        if start &+ Writer.rowBytes <= unpadded.limit { clear = middle &+ 1 } else { high = middle }
      }
      gather(UnsafeBufferPointer(rebasing: ids[..<clear]), text: text)
      for id in ids[clear...] { append(text(Int(id))) }
    }

    /// `append`, for a scan that has covered `scanned` of its `total` rows, which gives up early
    /// (see `outpaces`).
    @inline(__always)
    func append(_ row: UnsafeRowSlice, scanned: Int, of total: Int) {
      if rowCount & 255 == 255, outpaces(scanned: scanned, of: total) { overflowed = true }
      append(row)
    }

    /// Makes room for a branch-free writer to offer `rows` more rows of up to `rowBytes` bytes
    /// each, having offered `scanned` of the `total` it will; false, and the copy given up, if it
    /// already holds more than its limit or `outpaces` it.
    func reserve(rows: Int, rowBytes: Int, scanned: Int, of total: Int) -> Bool {
      if overflowed || rowCount > limit || outpaces(scanned: scanned, of: total) {
        overflowed = true
        return false
      }
      let needed = byteCount &+ rows &* rowBytes
      if needed > byteCapacity { grow(needed) }
      reserveEnds(rowCount &+ rows &+ 1)
      return true
    }

    /// Whether the rows copied so far, extrapolated to all `total`, pass the share by `margin`.
    ///
    /// Asked from 4,096 rows or an eighth of the scan on: a result that will not fit then does not
    /// copy most of itself first, which cost large results time and megabytes for nothing.
    @inline(__always)
    private func outpaces(scanned: Int, of total: Int, adding rows: Int = 0) -> Bool {
      scanned >= min(4096, total / 8) && (rowCount &+ rows) &* total > (share &+ margin) &* scanned
    }

    /// Whether `rows` more rows, with `scanned` of the search's `total` rows covered, are more
    /// than the copy keeps (its limit, or `outpaces`): asked by a pass that finds rows before it
    /// copies them, so that a result too large is not copied first.
    func refuses(_ rows: Int, scanned: Int, of total: Int) -> Bool {
      rowCount &+ rows > limit || outpaces(scanned: scanned, of: total, adding: rows)
    }

    /// Where a branch-free writer starts, after `reserve`.
    var writer: Writer { Writer(bytes: bytes, ends: ends, byteCount: byteCount, rowCount: rowCount) }

    /// Takes what a branch-free writer wrote.
    func commit(_ writer: Writer) {
      byteCount = writer.byteCount
      rowCount = writer.rowCount
      if rowCount > limit { overflowed = true }
    }

    /// `append` for a row that a branch-free writer cannot store (over 64 bytes, or at its arena's
    /// edge), leaving the `room` bytes free after it that the writer's block still needs.
    func append(_ row: UnsafeRowSlice, keepingRoom room: Int) {
      if byteCount + row.count + room > byteCapacity { grow(byteCount + row.count + room) }
      append(row)
    }

    /// A builder's end, held in registers by a loop that offers every row and keeps some: each
    /// row's bytes are stored whether kept or not, and only a kept row moves the end past them.
    struct Writer {
      let bytes: UnsafeMutablePointer<UInt8>
      let ends: UnsafeMutablePointer<UInt32>
      var byteCount: Int
      var rowCount: Int

      /// The longest row `offer` takes (and the room each offered row needs).
      static let rowBytes = 48

      /// Offers a row of `count` (at most `rowBytes`) bytes at `source`; keeps it if `keep` is 1.
      ///
      /// `source` must be readable `rowBytes` on; `RowProbe.maxRowBytes` is no more than this.
      @inline(__always)
      mutating func offer(_ source: UnsafePointer<UInt8>, count: Int, keep: Int) {
        let target = UnsafeMutableRawPointer(bytes + byteCount)
        target.storeBytes(of: ByteScanner.load(source), as: SIMD32<UInt8>.self)
        (target + 32).storeBytes(
          of: UnsafeRawPointer(source + 32).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        byteCount &+= count & (0 &- keep)
        rowCount &+= keep
        ends[rowCount] = UInt32(truncatingIfNeeded: byteCount)
      }
    }

    /// Checks the copy's bookkeeping: counts within their room, and row ends ascending from the
    /// leading 1 up to `byteCount` (a reader's loads from any row stay in `bytes` by `slack`).
    func checkInvariants() {
      precondition(byteCount >= 1 && byteCount <= byteCapacity, "byte count \(byteCount) of \(byteCapacity)")
      precondition(
        rowCount >= 0 && (rowCount < endsCapacity || rowCount == 0), "rows \(rowCount) of \(endsCapacity)")
      precondition(bytes[0] == 0, "the byte before the first row is not zero")
      precondition(ends[0] == 1, "the first row does not start after the leading zero")
      for row in 0..<rowCount {
        precondition(ends[row] <= ends[row + 1], "row \(row) ends before it starts")
      }
      precondition(Int(ends[rowCount]) == byteCount, "the last row does not end at the byte count")
      precondition(FoldedIndex.padding <= Self.slack, "readers' padding passes the slack")
    }

    /// Zeroes the padding after the last row, for readers' SIMD loads.
    fileprivate func seal() {
      (bytes + byteCount).initialize(repeating: 0, count: FoldedIndex.padding)
    }

    private func grow(_ needed: Int) {
      let larger = max(needed, byteCapacity * 2, 16 * 1024)
      let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger + Self.slack)
      moved.update(from: bytes, count: byteCount)
      bytes.deallocate()
      bytes = moved
      byteCapacity = larger
    }

    private func reserveEnds(_ count: Int) {
      guard count > endsCapacity else { return }
      let larger = max(count, endsCapacity * 2)
      let moved = UnsafeMutablePointer<UInt32>.allocate(capacity: larger)
      moved.update(from: ends, count: rowCount &+ 1)
      ends.deallocate()
      ends = moved
      endsCapacity = larger
    }
  }
}
