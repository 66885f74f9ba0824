import Foundation

/// Every row's searchable text, folded once at load into contiguous byte arenas.
///
/// - The fold arena holds every row in `fold` form (lowercased, accents stripped); for plain
///   ASCII rows (the vast majority) that is also the `ci` form.
/// - Rows with any non-ASCII byte ("wide" rows) also get their `exact`, `ci` and `strip` forms in
///   small side arenas indexed by their position in `wideRows`.
/// - ASCII rows in `exact`/`strip` form are the original bytes: the dataset's own arena when one
///   column is searched, otherwise `cased` (the columns joined with a space, built on first use).
///
/// Wide rows fold through `ScalarFoldTable` when they only hold Latin letters, and through
/// `TextFolding` (Foundation) otherwise. The build runs on every core for large datasets.
final class FoldedIndex: @unchecked Sendable {
  /// Number of rows.
  let rowCount: Int
  /// The searched columns (their text is joined with one space).
  let columns: [Int]
  /// The fold arena, followed by `padding` zero bytes so SIMD loads may run past the last row.
  let foldBytes: PinnedBuffer<UInt8>
  /// Row `r` of the fold arena spans `foldOffsets[r] ..< foldOffsets[r + 1]`.
  let foldOffsets: PinnedBuffer<UInt32>
  /// The rows with a non-ASCII byte, ascending.
  let wideRows: PinnedBuffer<Int32>
  /// One bit per row: set for wide rows.
  let wideBits: PinnedBuffer<UInt64>
  /// Side arenas by `TextVariant.rawValue` (the `fold` slot is empty), one row per wide row.
  let sideBytes: [PinnedBuffer<UInt8>]
  /// Offsets into `sideBytes`, by variant.
  let sideOffsets: [PinnedBuffer<UInt32>]
  /// Per row, the set of byte classes in its fold form (`RowSignature`): short queries test
  /// it instead of scanning text.
  let signatures: PinnedBuffer<UInt32>
  /// How often each byte occurs in (a sample of) the fold arena, to pick a needle's rarest bytes.
  let byteFrequency: [Int]
  /// The searched columns' original text joined with a space, for multi-column search only.
  private(set) var cased: (bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>)?

  /// Bytes readable past every arena's last row.
  static let padding = 96

  /// Folds the `columns` of every row of `dataset`.
  init(dataset: Dataset, columns: [Int], parallelThreshold: Int = 65_536) {
    rowCount = dataset.rowCount
    self.columns = columns
    let rowCount = self.rowCount
    let chunkCount = Parallel.chunkCount(rowCount, threshold: parallelThreshold)
    let chunkRows = (rowCount + chunkCount - 1) / max(chunkCount, 1)
    let foldOffsets = PinnedBuffer<UInt32>(count: rowCount + 1)
    var chunks = [ChunkFold](repeating: ChunkFold(), count: chunkCount)
    let datasetColumns = dataset.columns.count

    // Rows lie back to back in the dataset's arena when it has one column: fold them in bulk.
    let contiguous = datasetColumns == 1 && columns == [0]
    var bases: [Int] = []
    var running = 0
    let foldBytes: PinnedBuffer<UInt8>
    let signatures = PinnedBuffer<UInt32>(count: rowCount, zeroed: false)
    let signatureTable = RowSignature.table.pointer
    if contiguous {
      dataset.withStorage { bytes, offsets in
        guard let offsetBase = offsets.baseAddress else { return }
        // Without text no byte is read, but the helpers want an address.
        let base = bytes.baseAddress ?? UnsafeRawPointer(foldOffsets.base).assumingMemoryBound(to: UInt8.self)
        chunks.withUnsafeMutableBufferPointer { results in
          guard let results = results.baseAddress else { return }
          Parallel.forEach(chunkCount) { chunk in
            let lower = chunk * chunkRows
            let upper = max(lower, min(rowCount, lower + chunkRows))
            results[chunk] = Self.findWide(base: base, offsets: offsetBase, rows: lower..<upper)
          }
        }
      }
      for chunk in chunks {
        bases.append(running)
        running += chunk.total
      }
      precondition(running <= Int(UInt32.max), "a dataset's folded text is limited to 4 GiB")
      foldBytes = PinnedBuffer<UInt8>(count: running, padding: Self.padding, zeroed: false)
      dataset.withStorage { bytes, offsets in
        guard let offsetBase = offsets.baseAddress else { return }
        let base = bytes.baseAddress ?? UnsafePointer(foldBytes.base)
        chunks.withUnsafeBufferPointer { results in
          Parallel.forEach(chunkCount) { chunk in
            let lower = chunk * chunkRows
            let upper = max(lower, min(rowCount, lower + chunkRows))
            Self.fillContiguous(
              base: base, offsets: offsetBase, rows: lower..<upper, work: results[chunk], at: bases[chunk],
              into: (foldBytes.base, foldOffsets.base, signatures.base), table: signatureTable)
          }
        }
      }
    } else {
      dataset.withStorage { bytes, offsets in
        guard let base = bytes.baseAddress, let offsetBase = offsets.baseAddress else { return }
        let source = SourceRows(base: base, offsets: offsetBase, stride: datasetColumns, columns: columns)
        chunks.withUnsafeMutableBufferPointer { results in
          guard let results = results.baseAddress else { return }
          Parallel.forEach(chunkCount) { chunk in
            let lower = chunk * chunkRows
            let upper = min(rowCount, lower + chunkRows)
            var work = ChunkFold()
            var scratch: [UInt8] = []
            for row in lower..<max(lower, upper) {
              source.withRow(row, scratch: &scratch) { pointer, count in
                if Self.isASCII(pointer, count) {
                  foldOffsets.base[row + 1] = UInt32(count)
                } else {
                  work.wide.append(Int32(row))
                  foldOffsets.base[row + 1] = UInt32(Self.foldWide(pointer, count, into: &work))
                }
                work.total += Int(foldOffsets.base[row + 1])
              }
            }
            results[chunk] = work
          }
        }
      }

      // Pass 2: turn lengths into offsets and fill the arena (each chunk owns its slots).
      for chunk in chunks {
        bases.append(running)
        running += chunk.total
      }
      precondition(running <= Int(UInt32.max), "a dataset's folded text is limited to 4 GiB")
      foldBytes = PinnedBuffer<UInt8>(count: running, padding: Self.padding, zeroed: false)
      dataset.withStorage { bytes, offsets in
        guard let base = bytes.baseAddress, let offsetBase = offsets.baseAddress else { return }
        let source = SourceRows(base: base, offsets: offsetBase, stride: datasetColumns, columns: columns)
        chunks.withUnsafeBufferPointer { results in
          Parallel.forEach(chunkCount) { chunk in
            let lower = chunk * chunkRows
            let upper = min(rowCount, lower + chunkRows)
            let work = results[chunk]
            var offset = bases[chunk]
            var nextWide = 0
            var wideStart = 0
            var scratch: [UInt8] = []
            work.foldBytes.withUnsafeBufferPointer { wideFold in
              for row in lower..<max(lower, upper) {
                let length = Int(foldOffsets.base[row + 1])
                let target = foldBytes.base + offset
                if nextWide < work.wide.count, Int(work.wide[nextWide]) == row {
                  if length > 0, let wideBase = wideFold.baseAddress {
                    target.update(from: wideBase + wideStart, count: length)
                  }
                  wideStart += length
                  nextWide += 1
                } else {
                  source.withRow(row, scratch: &scratch) { pointer, count in
                    for index in 0..<count {
                      let byte = pointer[index]
                      target[index] = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
                    }
                  }
                }
                signatures.base[row] = RowSignature.of(target, length, table: signatureTable)
                offset += length
                foldOffsets.base[row + 1] = UInt32(offset)
              }
            }
          }
        }
      }
    }
    foldOffsets.base[0] = 0
    // The wide rows' fold forms are in the arena now; release them before the side arenas grow.
    for chunk in chunks.indices { chunks[chunk].foldBytes = [] }
    self.foldBytes = foldBytes
    self.foldOffsets = foldOffsets
    self.signatures = signatures

    // The wide rows and their side arenas, concatenated in chunk order.
    var wide: [Int32] = []
    for chunk in chunks { wide.append(contentsOf: chunk.wide) }
    wideRows = PinnedBuffer(wide)
    let bits = PinnedBuffer<UInt64>(count: rowCount / 64 + 1)
    for row in wide { bits.base[Int(row) >> 6] |= 1 << (UInt64(row) & 63) }
    wideBits = bits
    var sideBytes: [PinnedBuffer<UInt8>] = []
    var sideOffsets: [PinnedBuffer<UInt32>] = []
    for variant in TextVariant.allCases {
      if variant == .fold {
        sideBytes.append(PinnedBuffer(count: 0, padding: Self.padding))
        sideOffsets.append(PinnedBuffer(count: 1))
        continue
      }
      let total = chunks.reduce(0) { $0 + $1.side[variant.rawValue].count }
      let arena = PinnedBuffer<UInt8>(count: total, padding: Self.padding)
      let offsets = PinnedBuffer<UInt32>(count: wide.count + 1)
      var byteIndex = 0
      var rowIndex = 0
      for chunk in chunks {
        chunk.side[variant.rawValue].withUnsafeBufferPointer { source in
          if let address = source.baseAddress, !source.isEmpty {
            (arena.base + byteIndex).update(from: address, count: source.count)
          }
        }
        for length in chunk.sideLengths[variant.rawValue] {
          byteIndex += Int(length)
          rowIndex += 1
          offsets.base[rowIndex] = UInt32(byteIndex)
        }
      }
      // Copied: free this form's chunk arrays before the next form's arena is allocated.
      for chunk in chunks.indices {
        chunks[chunk].side[variant.rawValue] = []
        chunks[chunk].sideLengths[variant.rawValue] = []
      }
      sideBytes.append(arena)
      sideOffsets.append(offsets)
    }
    self.sideBytes = sideBytes
    self.sideOffsets = sideOffsets
    byteFrequency = Self.sampleFrequency(foldBytes.pointer, count: running)
  }

  /// Pass 1 of the bulk build over rows lying back to back: finds the wide rows (a word-wise
  /// scan for bytes >= 0x80 over the whole range) and folds them; `total` is the folded length.
  static func findWide(base: UnsafePointer<UInt8>, offsets: UnsafePointer<UInt32>, rows: Range<Int>)
    -> ChunkFold
  {
    var work = ChunkFold()
    guard !rows.isEmpty else { return work }
    let end = Int(offsets[rows.upperBound])
    var row = rows.lowerBound
    var position = Int(offsets[row])
    let high: UInt64 = 0x8080_8080_8080_8080
    var wideBytes = 0
    while position < end {
      // The next byte >= 0x80, 32 bytes at a time.
      while position &+ 32 <= end {
        let raw = UnsafeRawPointer(base + position)
        let any =
          raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        if any & high != 0 { break }
        position &+= 32
      }
      while position < end, base[position] < 0x80 { position &+= 1 }
      if position >= end { break }
      while Int(offsets[row + 1]) <= position { row &+= 1 }
      work.wide.append(Int32(row))
      wideBytes += Int(offsets[row + 1] - offsets[row])
      position = Int(offsets[row + 1])
      row &+= 1
    }
    // Table folds never lengthen a row, so these reservations are exact for Latin text: growing
    // by doubling would leave the outgrown buffers resident in the threads' malloc arenas, right
    // when the load's memory peaks.
    work.foldBytes.reserveCapacity(wideBytes)
    work.foldLengths.reserveCapacity(work.wide.count)
    for variant in [TextVariant.exact, .ci, .strip] {
      work.side[variant.rawValue].reserveCapacity(wideBytes)
      work.sideLengths[variant.rawValue].reserveCapacity(work.wide.count)
    }
    var total = end - Int(offsets[rows.lowerBound])
    for wideRow in work.wide {
      let start = Int(offsets[Int(wideRow)])
      let count = Int(offsets[Int(wideRow) + 1]) - start
      let length = foldWide(base + start, count, into: &work)
      work.foldLengths.append(UInt32(length))
      total += length - count
    }
    work.total = total
    return work
  }

  /// Pass 2 of the bulk build: copies runs of ASCII rows lowercased in one loop, the wide rows'
  /// fold forms between them, and writes offsets (relative to `at`) and signatures.
  static func fillContiguous(
    base: UnsafePointer<UInt8>, offsets: UnsafePointer<UInt32>, rows: Range<Int>, work: ChunkFold, at: Int,
    into output: (
      bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
      signatures: UnsafeMutablePointer<UInt32>
    ),
    table: UnsafePointer<UInt32>
  ) {
    var offset = at
    var row = rows.lowerBound
    var wideStart = 0
    work.foldBytes.withUnsafeBufferPointer { wideFold in
      for index in 0...work.wide.count {
        let stop = index < work.wide.count ? Int(work.wide[index]) : rows.upperBound
        if stop > row {
          // Rows row..<stop are ASCII: lowercase their bytes in one pass.
          let source = base + Int(offsets[row])
          let count = Int(offsets[stop]) - Int(offsets[row])
          let target = output.bytes + offset
          for index in 0..<count {
            let byte = source[index]
            target[index] = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
          }
          let shift = UInt32(truncatingIfNeeded: offset &- Int(offsets[row]))
          for each in row..<stop {
            let end = offsets[each + 1] &+ shift
            output.offsets[each + 1] = end
            let start = Int(offsets[each] &+ shift)
            output.signatures[each] = RowSignature.of(output.bytes + start, Int(end) &- start, table: table)
          }
          offset += count
        }
        guard index < work.wide.count else { break }
        let length = Int(work.foldLengths[index])
        let target = output.bytes + offset
        if length > 0, let wideBase = wideFold.baseAddress {
          target.update(from: wideBase + wideStart, count: length)
        }
        wideStart += length
        output.signatures[stop] = RowSignature.of(target, length, table: table)
        offset += length
        output.offsets[stop + 1] = UInt32(offset)
        row = stop + 1
      }
    }
  }

  /// Whether `count` bytes are all ASCII (a loop the compiler vectorises).
  @inline(__always)
  static func isASCII(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var any: UInt8 = 0
    for index in 0..<count { any |= pointer[index] }
    return any < 0x80
  }

  /// Folds one wide row into all four forms, returning the length of its `fold` form.
  static func foldWide(_ pointer: UnsafePointer<UInt8>, _ count: Int, into work: inout ChunkFold) -> Int {
    let foldStart = work.foldBytes.count
    let exact = TextVariant.exact.rawValue
    let ci = TextVariant.ci.rawValue
    let strip = TextVariant.strip.rawValue
    // Plain locals, not `side.map(\.count)`: this runs once per wide row.
    let sideStarts = (work.side[exact].count, work.side[ci].count, work.side[strip].count)
    if foldLatin(pointer, count, into: &work) {
      work.sideLengths[exact].append(UInt32(work.side[exact].count - sideStarts.0))
      work.sideLengths[ci].append(UInt32(work.side[ci].count - sideStarts.1))
      work.sideLengths[strip].append(UInt32(work.side[strip].count - sideStarts.2))
      return work.foldBytes.count - foldStart
    }
    // Outside the table: undo the partial output and ask Foundation.
    work.foldBytes.removeSubrange(foldStart...)
    work.side[exact].removeSubrange(sideStarts.0...)
    work.side[ci].removeSubrange(sideStarts.1...)
    work.side[strip].removeSubrange(sideStarts.2...)
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    work.foldBytes.append(contentsOf: TextFolding.foldForm(text).utf8)
    for variant in [TextVariant.exact, .ci, .strip] {
      let form = TextFolding.form(text, variant).utf8
      work.side[variant.rawValue].append(contentsOf: form)
      work.sideLengths[variant.rawValue].append(UInt32(form.count))
    }
    return work.foldBytes.count - foldStart
  }

  /// The table path of `foldWide`: false as soon as a scalar is not in `ScalarFoldTable`.
  private static func foldLatin(_ pointer: UnsafePointer<UInt8>, _ count: Int, into work: inout ChunkFold)
    -> Bool
  {
    let forms = ScalarFoldTable.forms
    var index = 0
    while index < count {
      let byte = pointer[index]
      if byte < 0x80 {
        let lower = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
        work.side[TextVariant.exact.rawValue].append(byte)
        work.side[TextVariant.strip.rawValue].append(byte)
        work.side[TextVariant.ci.rawValue].append(lower)
        work.foldBytes.append(lower)
        index += 1
        continue
      }
      // Scalars below U+0250 are two bytes with a lead byte of C2...C9.
      guard byte >= 0xC2, byte <= 0xC9, index + 1 < count, pointer[index + 1] & 0xC0 == 0x80 else {
        return false
      }
      let value = (UInt32(byte & 0x1F) << 6) | UInt32(pointer[index + 1] & 0x3F)
      guard value < ScalarFoldTable.end else { return false }  // C9 also leads U+0250...U+027F
      let slot = Int(value - 0x80) * 4
      guard let fold = forms[slot + TextVariant.fold.rawValue] else { return false }
      work.foldBytes.append(contentsOf: fold)
      if let form = forms[slot + TextVariant.exact.rawValue] {
        work.side[TextVariant.exact.rawValue].append(contentsOf: form)
      }
      if let form = forms[slot + TextVariant.ci.rawValue] {
        work.side[TextVariant.ci.rawValue].append(contentsOf: form)
      }
      if let form = forms[slot + TextVariant.strip.rawValue] {
        work.side[TextVariant.strip.rawValue].append(contentsOf: form)
      }
      index += 2
    }
    return true
  }

  /// Byte counts over about 1 MiB of evenly spaced blocks.
  private static func sampleFrequency(_ bytes: UnsafePointer<UInt8>, count: Int) -> [Int] {
    var counts = [Int](repeating: 0, count: 256)
    let block = 4096
    let step = max(block, (count / 256 / block) * block)
    var start = 0
    while start < count {
      for index in start..<min(count, start + block) { counts[Int(bytes[index])] += 1 }
      start += step
    }
    return counts
  }

  /// The original text of the searched columns joined with a space (multi-column search only).
  func casedArena(dataset: Dataset) -> (bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>) {
    if let cased { return cased }
    var arena: [UInt8] = []
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(rowCount + 1)
    let datasetColumns = dataset.columns.count
    dataset.withStorage { bytes, rowOffsets in
      guard let base = bytes.baseAddress, let offsetBase = rowOffsets.baseAddress else { return }
      let source = SourceRows(base: base, offsets: offsetBase, stride: datasetColumns, columns: columns)
      var scratch: [UInt8] = []
      for row in 0..<rowCount {
        source.withRow(row, scratch: &scratch) { pointer, count in
          arena.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
        }
        offsets.append(UInt32(arena.count))
      }
    }
    let built = (PinnedBuffer(arena, padding: Self.padding), PinnedBuffer(offsets))
    cased = built
    return built
  }

  /// Whether row `row` has a non-ASCII byte.
  @inline(__always) func isWide(_ row: Int) -> Bool {
    wideBits.base[row >> 6] & (1 << (UInt64(row) & 63)) != 0
  }
}

/// One build chunk's output: its wide rows and their forms.
struct ChunkFold {
  /// Wide rows in this chunk, ascending.
  var wide: [Int32] = []
  /// The wide rows' `fold` forms, concatenated.
  var foldBytes: [UInt8] = []
  /// Each wide row's length in `foldBytes` (bulk build only).
  var foldLengths: [UInt32] = []
  /// By `TextVariant.rawValue`: the wide rows' other forms, concatenated.
  var side: [[UInt8]] = [[], [], [], []]
  /// By `TextVariant.rawValue`: each wide row's length in `side`.
  var sideLengths: [[UInt32]] = [[], [], [], []]
  /// The chunk's total folded length.
  var total = 0
}

/// Reads a row's searched text from the dataset arena: in place for one column, joined otherwise.
struct SourceRows {
  let base: UnsafePointer<UInt8>
  let offsets: UnsafePointer<UInt32>
  let stride: Int
  let columns: [Int]

  /// Calls `body` with the row's bytes.
  @inline(__always)
  func withRow(_ row: Int, scratch: inout [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> Void) {
    if columns.count == 1 {
      let index = row * stride + columns[0]
      let start = Int(offsets[index])
      body(base + start, Int(offsets[index + 1]) - start)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    for (position, column) in columns.enumerated() {
      if position > 0 { scratch.append(0x20) }
      let index = row * stride + column
      scratch.append(
        contentsOf: UnsafeBufferPointer(
          start: base + Int(offsets[index]), count: Int(offsets[index + 1] - offsets[index])))
    }
    scratch.withUnsafeBufferPointer { buffer in
      // An empty array may have no address; any valid pointer does for zero bytes.
      body(buffer.baseAddress ?? base, buffer.count)
    }
  }
}
