import Foundation

/// Every row's searchable text, folded once at load into contiguous byte arenas.
///
/// - The fold arena holds every row in `fold` form (lowercased, accents stripped); for plain
///   ASCII rows (the vast majority) that is also the `ci` form.
/// - Rows with any non-ASCII byte ("wide" rows) also get their `exact`, `ci` and `strip` forms in
///   small side arenas indexed by their position in `wideRows`, built by the first search that
///   compares in one of those forms (`sideForms`).
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
  /// Per word of `wideBits`, how many wide rows come before its first row: a row's index among
  /// the wide rows is then a load and a count of bits (`RowTexts.lowerWide`).
  let wideRanks: PinnedBuffer<UInt32>
  /// The rows whose fold form keeps a non-ASCII byte, ascending (a word start's sweep tells word
  /// bytes apart in ASCII only; most wide rows fold to ASCII: `café`, `Øresund`).
  let foldWideRows: PinnedBuffer<Int32>
  /// The wide rows' `exact`, `ci` and `strip` forms, each once a search has asked for it
  /// (`sideForms`), by `TextVariant.rawValue`.
  private(set) var sides: [(bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>)?] = Array(
    repeating: nil, count: TextVariant.allCases.count)
  /// The wide rows whose `exact` form is not their own bytes (text not in NFC), ascending, built
  /// with that form: other rows are compared in their bytes as they stand.
  private var exactWideRows: PinnedBuffer<Int32>?
  /// What forms not built stand on in `SideForms` (no term reads them), made once rather than at
  /// every search that compares outside `fold`.
  private let emptySide = (
    bytes: PinnedBuffer<UInt8>(count: 0, padding: padding), offsets: PinnedBuffer<UInt32>(count: 1)
  )
  /// Per row, the set of byte classes in its fold form (`RowSignature`): short queries test
  /// it instead of scanning text.
  let signatures: PinnedBuffer<UInt32>
  /// How often each byte occurs in (a sample of) the fold arena, to pick a needle's rarest bytes.
  let byteFrequency: [Int]
  /// The searched columns' original text joined with a space, for multi-column search only.
  private(set) var cased: (bytes: PinnedBuffer<UInt8>, offsets: PinnedBuffer<UInt32>)?
  /// Per row, the letters that start a word in its fold form, once a search has asked.
  ///
  /// Bit 0 is `a`, bit 25 `z`; built by the first one-letter `prefix` search.
  private var initials: PinnedBuffer<UInt32>?

  /// Wide rows from which the side forms are built on every core.
  let sideFormThreshold: Int

  /// Bytes readable past every arena's last row.
  static let padding = 96

  /// Whether the build was cancelled: every row is then empty text and the index is to be
  /// thrown away (a load cancelled by Ctrl-C keeps the previous dataset).
  let wasCancelled: Bool

  /// The fold arena, row by row.
  var foldView: ArenaView {
    ArenaView(
      base: foldBytes.pointer, limit: foldBytes.count + Self.padding, offsets: foldOffsets.pointer, stride: 1,
      column: 0)
  }

  /// Folds the `columns` of every row of `dataset`.
  ///
  /// Pass 1 finds the wide rows and measures their fold forms; pass 2 writes every row's fold
  /// form straight into an arena of exact size, each chunk of rows into its own slice. The wide
  /// rows' other forms wait for `sideForms`.
  ///
  /// `isCancelled` is asked before each chunk of pass 1 and between the passes; once it says
  /// stop, the rest of the work is skipped and `wasCancelled` is set.
  init(
    dataset: Dataset, columns: [Int], parallelThreshold: Int = 65_536, sideFormThreshold: Int = 4_096,
    isCancelled: (() -> Bool)? = nil
  ) {
    rowCount = dataset.rowCount
    self.sideFormThreshold = sideFormThreshold
    self.columns = columns
    let rowCount = self.rowCount
    let split = Parallel.chunks(rowCount, threshold: parallelThreshold)
    let chunkCount = split.count
    let foldOffsets = PinnedBuffer<UInt32>(count: rowCount + 1)
    var chunks = [ChunkFold](repeating: ChunkFold(), count: chunkCount)
    // Rows lie back to back in the dataset's arena when it has one column: fold them in bulk.
    let stride = dataset.columns.count
    let contiguous = stride == 1 && columns == [0]
    // Each chunk marks its own slot when it skipped its rows, so the skip is seen even if
    // `isCancelled` changed its mind.
    var skipped = [Bool](repeating: false, count: chunkCount)

    dataset.withStorage { bytes, offsets in
      let source = SourceRows(
        bytes, offsets, stride: stride, columns: columns, placeholder: UnsafeRawPointer(foldOffsets.base))
      chunks.withUnsafeMutableBufferPointer { results in
        skipped.withUnsafeMutableBufferPointer { skips in
          guard let results = results.baseAddress, let skips = skips.baseAddress else { return }
          Parallel.forEach(chunkCount) { chunk in
            if let isCancelled, isCancelled() {
              skips[chunk] = true
              return
            }
            let rows = split.range(chunk)
            results[chunk] =
              contiguous
              ? Self.measureContiguous(source, rows: rows)
              : Self.measureJoined(source, rows: rows, lengths: foldOffsets.base)
          }
        }
      }
    }

    // A cancelled build skips pass 2 over empty chunks: every row is then empty text.
    let cancelled = skipped.contains(true) || isCancelled?() == true
    if cancelled {
      chunks = [ChunkFold](repeating: ChunkFold(), count: chunkCount)
      foldOffsets.base.update(repeating: 0, count: rowCount + 1)
    }
    wasCancelled = cancelled

    // Each chunk's starting position in every arena.
    var starts: [ChunkFold] = []
    var running = ChunkFold()
    for chunk in chunks {
      starts.append(running)
      running.wideCount += chunk.wideCount
      running.foldBytes += chunk.foldBytes
    }
    precondition(running.foldBytes <= Int(UInt32.max), "a dataset's folded text is limited to 4 GiB")
    // Every byte and slot below is written by pass 2, so none is zeroed first (only the padding).
    let foldBytes = PinnedBuffer<UInt8>(count: running.foldBytes, padding: Self.padding, zeroed: false)
    let signatures = PinnedBuffer<UInt32>(count: rowCount, zeroed: false)
    let wideRows = PinnedBuffer<Int32>(count: running.wideCount)
    // Only the fold forms are written now: the side forms wait for a search that needs them.
    let targets = WideFormWriter.Targets(fold: foldBytes.base)
    let signatureTable = RowSignature.table.pointer

    dataset.withStorage { bytes, offsets in
      let source = SourceRows(
        bytes, offsets, stride: stride, columns: columns, placeholder: UnsafeRawPointer(foldOffsets.base))
      chunks.withUnsafeBufferPointer { results in
        Parallel.forEach(cancelled ? 0 : chunkCount) { chunk in
          let rows = split.range(chunk)
          let work = results[chunk]
          let start = starts[chunk]
          if !work.wide.isEmpty {
            (wideRows.base + start.wideCount).update(from: work.wide, count: work.wide.count)
          }
          var writer = WideFormWriter(
            into: targets, fold: start.foldBytes, exact: 0, ci: 0, strip: 0, row: start.wideCount)
          let output = (bytes: foldBytes.base, offsets: foldOffsets.base, signatures: signatures.base)
          if contiguous {
            Self.fillContiguous(
              source, rows: rows, work: work, writer: &writer, into: output, table: signatureTable)
          } else {
            Self.fillJoined(
              source, rows: rows, work: work, writer: &writer, into: output, table: signatureTable)
          }
        }
      }
    }
    foldOffsets.base[0] = 0
    self.foldBytes = foldBytes
    self.foldOffsets = foldOffsets
    self.signatures = signatures
    self.wideRows = wideRows
    let bits = PinnedBuffer<UInt64>(count: rowCount / 64 + 1)
    let nonASCII = RowSignature.bit(0x80) | RowSignature.bit(0x81)
    var foldWide: [Int32] = []
    for index in 0..<wideRows.count {
      let row = wideRows.base[index]
      bits.base[Int(row) >> 6] |= 1 << (UInt64(row) & 63)
      if signatures.base[Int(row)] & nonASCII != 0 { foldWide.append(row) }
    }
    wideBits = bits
    let ranks = PinnedBuffer<UInt32>(count: bits.count, zeroed: false)
    var before: UInt32 = 0
    for word in 0..<bits.count {
      ranks.base[word] = before
      before &+= UInt32(truncatingIfNeeded: bits.base[word].nonzeroBitCount)
    }
    wideRanks = ranks
    foldWideRows = PinnedBuffer(foldWide)
    byteFrequency = Self.sampleFrequency(foldBytes.pointer, count: running.foldBytes)
  }

  /// Pass 1 over rows lying back to back: finds the wide rows (a word-wise scan for bytes >= 0x80
  /// over the whole range) and measures their forms.
  static func measureContiguous(_ source: SourceRows, rows: Range<Int>) -> ChunkFold {
    var work = ChunkFold()
    guard !rows.isEmpty else { return work }
    let base = source.base
    let offsets = source.offsets
    let end = Int(offsets[rows.upperBound])
    var row = rows.lowerBound
    var position = Int(offsets[row])
    let high: UInt64 = 0x8080_8080_8080_8080
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
      position = Int(offsets[row + 1])
      row &+= 1
    }
    var writer = WideFormWriter()
    var wideBytes = 0
    let forms = ScalarFoldTable.forms
    for wideRow in work.wide {
      let start = Int(offsets[Int(wideRow)])
      let count = Int(offsets[Int(wideRow) + 1]) - start
      wideBytes += count
      measureWide(base + start, count, forms: forms, writer: &writer, work: &work)
    }
    work.record(writer, asciiBytes: end - Int(offsets[rows.lowerBound]) - wideBytes)
    return work
  }

  /// Pass 1 over rows joined from several columns: stores each row's folded length at
  /// `lengths[row + 1]` and measures the wide rows' forms.
  static func measureJoined(_ source: SourceRows, rows: Range<Int>, lengths: UnsafeMutablePointer<UInt32>)
    -> ChunkFold
  {
    var work = ChunkFold()
    var writer = WideFormWriter()
    var asciiBytes = 0
    let forms = ScalarFoldTable.forms
    var scratch: [UInt8] = []
    for row in rows {
      source.withRow(row, scratch: &scratch) { pointer, count in
        if Self.isASCII(pointer, count) {
          lengths[row + 1] = UInt32(count)
          asciiBytes += count
        } else {
          work.wide.append(Int32(row))
          let before = writer.fold
          measureWide(pointer, count, forms: forms, writer: &writer, work: &work)
          lengths[row + 1] = UInt32(writer.fold - before)
        }
      }
    }
    work.record(writer, asciiBytes: asciiBytes)
    return work
  }

  /// Pass 2 over rows lying back to back: copies runs of ASCII rows lowercased in one loop, folds
  /// the wide rows between them, and writes offsets and signatures.
  static func fillContiguous(
    _ source: SourceRows, rows: Range<Int>, work: ChunkFold, writer: inout WideFormWriter,
    into output: (
      bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
      signatures: UnsafeMutablePointer<UInt32>
    ),
    table: UnsafePointer<UInt32>
  ) {
    let base = source.base
    let offsets = source.offsets
    var offset = writer.fold
    var row = rows.lowerBound
    var foreign = 0
    let forms = ScalarFoldTable.forms
    for index in 0...work.wide.count {
      let stop = index < work.wide.count ? Int(work.wide[index]) : rows.upperBound
      if stop > row {
        // Rows row..<stop are ASCII: lowercase their bytes in one pass.
        let start = base + Int(offsets[row])
        let count = Int(offsets[stop]) - Int(offsets[row])
        let target = output.bytes + offset
        for index in 0..<count {
          let byte = start[index]
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
      let start = Int(offsets[stop])
      writer.fold = offset
      writeWide(
        base + start, Int(offsets[stop + 1]) - start, forms: forms, writer: &writer, work: work,
        foreign: &foreign)
      output.signatures[stop] = RowSignature.of(output.bytes + offset, writer.fold - offset, table: table)
      offset = writer.fold
      output.offsets[stop + 1] = UInt32(offset)
      row = stop + 1
    }
  }

  /// Pass 2 over joined rows: `output.offsets[row + 1]` holds each row's length from pass 1 and
  /// becomes its end.
  static func fillJoined(
    _ source: SourceRows, rows: Range<Int>, work: ChunkFold, writer: inout WideFormWriter,
    into output: (
      bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
      signatures: UnsafeMutablePointer<UInt32>
    ),
    table: UnsafePointer<UInt32>
  ) {
    var offset = writer.fold
    var nextWide = 0
    var foreign = 0
    let forms = ScalarFoldTable.forms
    var scratch: [UInt8] = []
    for row in rows {
      let length = Int(output.offsets[row + 1])
      let target = output.bytes + offset
      source.withRow(row, scratch: &scratch) { pointer, count in
        if nextWide < work.wide.count, Int(work.wide[nextWide]) == row {
          writer.fold = offset
          writeWide(pointer, count, forms: forms, writer: &writer, work: work, foreign: &foreign)
          nextWide += 1
        } else {
          for index in 0..<count {
            let byte = pointer[index]
            target[index] = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
          }
        }
      }
      output.signatures[row] = RowSignature.of(target, length, table: table)
      offset += length
      output.offsets[row + 1] = UInt32(offset)
    }
  }

  /// Whether `count` bytes are all ASCII (a loop the compiler vectorises).
  @inline(__always)
  static func isASCII(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var any: UInt8 = 0
    for index in 0..<count { any |= pointer[index] }
    return any < 0x80
  }

  /// Pass 1 for one wide row: counts its fold form; a row outside `ScalarFoldTable` is folded by
  /// Foundation here, once, and its fold form is kept in `work` for pass 2.
  static func measureWide(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: [[UInt8]?], writer: inout WideFormWriter,
    work: inout ChunkFold
  ) {
    let mark = writer
    defer { writer.endRow() }
    if foldLatin(pointer, count, forms: forms, into: &writer) { return }
    writer = mark
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    var form = TextFolding.foldForm(text)
    form.withUTF8 { bytes in
      work.foreign.append(contentsOf: bytes)
      writer.append(bytes, as: .fold)
    }
    work.foreignEnds.append(work.foreign.count)
  }

  /// Pass 2 for one wide row: writes its fold form, through the table again or from the
  /// Foundation form pass 1 kept (the `foreign`-th such row of the chunk).
  static func writeWide(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: [[UInt8]?], writer: inout WideFormWriter,
    work: ChunkFold, foreign: inout Int
  ) {
    let mark = writer
    defer { writer.endRow() }
    if foldLatin(pointer, count, forms: forms, into: &writer) { return }
    // The table refused the same scalar as in pass 1: write over the partial output.
    writer = mark
    work.foreign.withUnsafeBufferPointer { bytes in
      let start = foreign == 0 ? 0 : work.foreignEnds[foreign - 1]
      writer.append(UnsafeBufferPointer(rebasing: bytes[start..<work.foreignEnds[foreign]]), as: .fold)
    }
    foreign += 1
  }

  /// The table path: false as soon as a scalar is not in `forms` (`ScalarFoldTable.forms`, which
  /// callers read once per chunk: a global's lazy accessor per row showed in profiles).
  private static func foldLatin(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: [[UInt8]?], into writer: inout WideFormWriter
  ) -> Bool {
    var index = 0
    while index < count {
      let byte = pointer[index]
      if byte < 0x80 {
        writer.appendASCII(byte)
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
      // A scalar in the table has all four forms or none.
      for variant in TextVariant.allCases {
        guard let form = forms[slot + variant.rawValue] else { return false }
        form.withUnsafeBufferPointer { writer.append($0, as: variant) }
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

  /// Per row, the letters that start a word in its fold form (bit 0 for `a` to bit 25 for `z`).
  ///
  /// A one-letter `prefix` query is then a test of 4 bytes per row, as a one-letter `fold` query
  /// is with `signatures`. Built on first use (a pass over every row on every core), as a session
  /// that never searches by word start should not hold it.
  func initialSignatures(parallelThreshold: Int) -> PinnedBuffer<UInt32> {
    if let initials { return initials }
    let built = PinnedBuffer<UInt32>(count: rowCount, zeroed: false)
    let split = Parallel.chunks(rowCount, threshold: parallelThreshold)
    let base = foldBytes.pointer
    let offsets = foldOffsets.pointer
    let output = UncheckedSendable(built.base)
    Parallel.forEach(split.count) { chunk in
      for row in split.range(chunk) {
        let start = Int(offsets[row])
        let end = Int(offsets[row + 1])
        var letters: UInt32 = 0
        if isWide(row) {
          // Bytes of other scripts may precede a letter: decide word starts scalar by scalar.
          for position in start..<end where base[position] &- 0x61 < 26 {
            if ByteScanner.isWordStart(base, rowStart: start, position) {
              letters |= 1 &<< UInt32(base[position] &- 0x61)
            }
          }
        } else {
          // Without a branch on each byte (whether a letter starts a word is a coin toss).
          var afterWord: UInt32 = 0
          for position in start..<end {
            let byte = base[position]
            let letter: UInt32 = byte &- 0x61 < 26 ? 1 : 0
            let digit: UInt32 = byte &- 0x30 < 10 ? 1 : 0
            letters |= (letter & ~afterWord) &<< (UInt32(truncatingIfNeeded: byte &- 0x61) & 31)
            afterWord = letter | digit
          }
        }
        output.value[row] = letters
      }
    }
    initials = built
    return built
  }

  /// The wide rows' forms in `variants` (of `exact`, `ci` and `strip`) in side arenas indexed by
  /// wide row, each built on first use: a session that only folds (the default rule) never holds
  /// them, and one that only uses `ci` holds only that form, a third of the three.
  ///
  /// Two passes over the wide rows, like the load's: count each chunk's bytes, then write the
  /// missing forms straight into arenas of exact size.
  func sideForms(dataset: Dataset, variants: Set<TextVariant>) -> SideForms {
    let missing = variants.filter { $0 != .fold && sides[$0.rawValue] == nil }
    if !missing.isEmpty { buildSides(dataset: dataset, variants: missing) }
    return SideForms(
      bytes: sides.map { $0?.bytes ?? emptySide.bytes },
      offsets: sides.map { $0?.offsets ?? emptySide.offsets }, exactWideRows: exactWideRows ?? wideRows)
  }

  /// The wide rows whose `exact` form (in `exact`, by wide index) differs from their bytes.
  private func exactDifferences(dataset: Dataset, exact: ArenaView) -> PinnedBuffer<Int32> {
    var rows: [Int32] = []
    // One pass on one core over the wide rows, once: splitting it over the cores saved no more
    // than the machine's drift.
    dataset.withStorage { bytes, offsets in
      let source = SourceRows(
        bytes, offsets, stride: dataset.columns.count, columns: columns,
        placeholder: UnsafeRawPointer(wideRows.base))
      var scratch: [UInt8] = []
      for index in 0..<wideRows.count {
        let row = Int(wideRows.base[index])
        let form = exact.slice(index)
        source.withRow(row, scratch: &scratch) { pointer, count in
          if count != form.count || memcmp(pointer, form.base + form.start, count) != 0 {
            rows.append(Int32(row))
          }
        }
      }
    }
    return PinnedBuffer(rows)
  }

  /// Builds the side forms in `variants`.
  private func buildSides(dataset: Dataset, variants: Set<TextVariant>) {
    let wideCount = wideRows.count
    let split = Parallel.chunks(wideCount, threshold: sideFormThreshold)
    let chunkCount = split.count
    let forms = ScalarFoldTable.forms
    let wide = wideRows.pointer
    let columns = columns
    /// Runs `body` on each chunk's wide indices with a source of row text.
    func eachChunk(_ body: @escaping (Int, Range<Int>, SourceRows) -> Void) {
      dataset.withStorage { bytes, offsets in
        let source = SourceRows(
          bytes, offsets, stride: dataset.columns.count, columns: columns,
          placeholder: UnsafeRawPointer(wideRows.base))
        Parallel.forEach(chunkCount) { chunk in
          body(chunk, split.range(chunk), source)
        }
      }
    }
    func pass(_ writers: UnsafeMutablePointer<WideFormWriter>) {
      let slots = UncheckedSendable(writers)
      eachChunk { chunk, indices, source in
        var writer = slots.value[chunk]
        var scratch: [UInt8] = []
        for index in indices {
          source.withRow(Int(wide[index]), scratch: &scratch) { pointer, count in
            Self.writeSides(pointer, count, forms: forms, writer: &writer)
          }
        }
        slots.value[chunk] = writer
      }
    }
    let counts = UnsafeMutablePointer<WideFormWriter>.allocate(capacity: max(chunkCount, 1))
    defer { counts.deallocate() }
    counts.initialize(repeating: WideFormWriter(), count: max(chunkCount, 1))
    pass(counts)
    // Each chunk's starting position in every side arena, and their totals.
    var starts: [(exact: Int, ci: Int, strip: Int)] = []
    var totals = (exact: 0, ci: 0, strip: 0)
    for chunk in 0..<chunkCount {
      starts.append(totals)
      totals.exact += counts[chunk].exact
      totals.ci += counts[chunk].ci
      totals.strip += counts[chunk].strip
    }
    var built = sides
    for variant in variants {
      let total: Int
      switch variant {
      case .exact: total = totals.exact
      case .ci: total = totals.ci
      case .strip: total = totals.strip
      case .fold: continue
      }
      built[variant.rawValue] = (
        PinnedBuffer(count: total, padding: Self.padding, zeroed: false), PinnedBuffer(count: wideCount + 1)
      )
    }
    // Only the new forms are written; the writer skips forms without a target.
    typealias Target = (bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>)
    func target(_ variant: TextVariant) -> Target? {
      guard variants.contains(variant), let arena = built[variant.rawValue] else { return nil }
      return (arena.bytes.base, arena.offsets.base)
    }
    let targets = WideFormWriter.Targets(
      exact: target(.exact)?.bytes, ci: target(.ci)?.bytes, strip: target(.strip)?.bytes,
      exactOffsets: target(.exact)?.offsets, ciOffsets: target(.ci)?.offsets,
      stripOffsets: target(.strip)?.offsets)
    let writers = UnsafeMutablePointer<WideFormWriter>.allocate(capacity: max(chunkCount, 1))
    defer { writers.deallocate() }
    writers.initialize(repeating: WideFormWriter(), count: max(chunkCount, 1))
    for chunk in 0..<chunkCount {
      let start = starts[chunk]
      writers[chunk] = WideFormWriter(
        into: targets, fold: 0, exact: start.exact, ci: start.ci, strip: start.strip,
        row: split.range(chunk).lowerBound)
    }
    pass(writers)
    sides = built
    if variants.contains(.exact), let arena = built[TextVariant.exact.rawValue] {
      let view = ArenaView(
        base: arena.bytes.pointer, limit: arena.bytes.count + Self.padding, offsets: arena.offsets.pointer,
        stride: 1, column: 0)
      exactWideRows = exactDifferences(dataset: dataset, exact: view)
    }
  }

  /// One wide row's `exact`, `ci` and `strip` forms, through `ScalarFoldTable` or Foundation.
  static func writeSides(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: [[UInt8]?], writer: inout WideFormWriter
  ) {
    let mark = writer
    defer { writer.endRow() }
    if foldLatin(pointer, count, forms: forms, into: &writer) { return }
    writer = mark
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    for variant in [TextVariant.exact, .ci, .strip] {
      var form = TextFolding.form(text, variant)
      form.withUTF8 { writer.append($0, as: variant) }
    }
  }

  /// Whether row `row` has a non-ASCII byte.
  @inline(__always) func isWide(_ row: Int) -> Bool {
    wideBits.base[row >> 6] & (1 << (UInt64(row) & 63)) != 0
  }
}

/// One build chunk's share of the index: its wide rows and how many bytes it adds to each arena.
///
/// Summed over the chunks before it, the same fields give a chunk's starting positions.
struct ChunkFold {
  /// Wide rows in this chunk, ascending.
  var wide: [Int32] = []
  /// Number of wide rows.
  var wideCount = 0
  /// Bytes in the fold arena (every row's fold form).
  var foldBytes = 0
  /// The fold form of each wide row outside `ScalarFoldTable`, which Foundation folds in pass 1
  /// only: it is slow, and such rows are rare.
  var foreign: [UInt8] = []
  /// Where each of those forms ends in `foreign`.
  var foreignEnds: [Int] = []

  /// Takes the totals from pass 1's measuring writer; `asciiBytes` is the ASCII rows' length.
  mutating func record(_ writer: WideFormWriter, asciiBytes: Int) {
    wideCount = wide.count
    foldBytes = asciiBytes + writer.fold
  }
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

extension SourceRows {
  /// The rows of a dataset's storage; `placeholder` stands in for an empty buffer's missing
  /// address (no byte is read through it then).
  init(
    _ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<UInt32>, stride: Int, columns: [Int],
    placeholder: UnsafeRawPointer
  ) {
    self.init(
      base: bytes.baseAddress ?? placeholder.assumingMemoryBound(to: UInt8.self),
      offsets: offsets.baseAddress ?? placeholder.assumingMemoryBound(to: UInt32.self), stride: stride,
      columns: columns)
  }
}

/// The wide rows' side forms: arenas and offsets by `TextVariant.rawValue` (the `fold` slot is
/// empty: wide rows' fold forms are in the fold arena).
struct SideForms {
  let bytes: [PinnedBuffer<UInt8>]
  let offsets: [PinnedBuffer<UInt32>]
  /// The wide rows whose `exact` form is not their bytes, ascending (every wide row while that
  /// form is not built).
  let exactWideRows: PinnedBuffer<Int32>

  /// The wide rows' `variant` form, row by row (row `i` is the `i`-th wide row).
  func view(_ variant: TextVariant) -> ArenaView {
    let bytes = bytes[variant.rawValue]
    return ArenaView(
      base: bytes.pointer, limit: bytes.count + FoldedIndex.padding,
      offsets: offsets[variant.rawValue].pointer, stride: 1, column: 0)
  }
}
