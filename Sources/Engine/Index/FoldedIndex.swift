import Foundation
import Tables

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
package final class FoldedIndex: @unchecked Sendable {
  /// Number of rows.
  let rowCount: Int
  /// The searched columns (their text is joined with one space).
  let columns: [Int]
  /// The fold arena, followed by `padding` zero bytes so SIMD loads may run past the last row.
  let foldBytes: UnsafePinnedBuffer<UInt8>
  /// Row `r` of the fold arena spans `foldOffsets[r] ..< foldOffsets[r + 1]`.
  let foldOffsets: UnsafePinnedBuffer<UInt32>
  /// The rows with a non-ASCII byte, ascending.
  let wideRows: UnsafePinnedBuffer<Int32>
  /// One bit per row: set for wide rows.
  let wideBits: UnsafePinnedBuffer<UInt64>
  /// Per word of `wideBits`, how many wide rows come before its first row: a row's index among
  /// the wide rows is then a load and a count of bits (`UnsafeRowTexts.lowerWide`).
  let wideRanks: UnsafePinnedBuffer<UInt32>
  /// The rows whose fold form keeps a non-ASCII byte, ascending (a word start's sweep tells word
  /// bytes apart in ASCII only; most wide rows fold to ASCII: `café`, `Øresund`).
  let foldWideRows: UnsafePinnedBuffer<Int32>
  /// The wide rows' `exact`, `ci` and `strip` forms, each once a search has asked for it
  /// (`sideForms`), by `TextVariant.rawValue`; only `buildSides` (FoldedIndex+SideForms) sets it.
  var sides: [(bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>)?] = Array(
    repeating: nil, count: TextVariant.allCases.count)
  /// The wide rows whose `exact` form is not their own bytes (text not in NFC), ascending, built
  /// with that form: other rows are compared in their bytes as they stand.
  var exactWideRows: UnsafePinnedBuffer<Int32>?
  /// What forms not built stand on in `SideForms` (no term reads them), made once rather than at
  /// every search that compares outside `fold`.
  let emptySide = (
    bytes: UnsafePinnedBuffer<UInt8>(count: 0, padding: padding),
    offsets: UnsafePinnedBuffer<UInt32>(count: 1)
  )
  /// Per row, the set of byte classes in its fold form (`RowSignature`): short queries test
  /// it instead of scanning text.
  let signatures: UnsafePinnedBuffer<UInt32>
  /// How often each byte occurs in (a sample of) the fold arena, to pick a needle's rarest bytes.
  let byteFrequency: [Int]
  /// Which short grams some row's fold form holds (large datasets only: `gramRows`).
  let grams: GramPresence?
  /// The searched columns' original text joined with a space, for multi-column search only.
  private(set) var cased: (bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>)?
  /// Per row, the letters that start a word in its fold form (`PackedInitials`), once asked for:
  /// by `prefix`'s preparation (`SearchEngine.prepare`) or its first search.
  private var initials: PackedInitials?

  /// Wide rows from which the side forms are built on every core.
  let sideFormThreshold: Int

  /// Bytes readable past every arena's last row.
  static let padding = 96

  /// What follows a row's fold form when it is shorter than the row and the fold offsets are the
  /// dataset's: a byte no UTF-8 text holds, so no needle matches it, and `UnsafeArenaView.slice` drops it.
  static let padByte: UInt8 = 0xFF

  /// Whether the build was cancelled: every row is then empty text and the index is to be
  /// thrown away (a load cancelled by Ctrl-C keeps the previous dataset).
  let wasCancelled: Bool
  /// Whether pass 1 found the index would take more than `indexBytes`, so nothing was folded
  /// (every row is then empty text, as after a cancel).
  let exceededLimit: Bool
  /// The bytes of the allocation the system refused (`ulimit -v`, an exhausted address space),
  /// when it refused one: the build stopped there (every buffer is empty unless the last step,
  /// the gram presence, was refused), `wasCancelled` is set, and the index is to be thrown away
  /// with an error.
  let refusedBytes: Int?
  /// Bytes the index takes per row besides its fold text, at most: a fold offset, a signature,
  /// the wide-row lookup, with room to spare (`plannedBytes`).
  static let bytesPerRow = 16

  /// The fold arena, row by row.
  var foldView: UnsafeArenaView {
    UnsafeArenaView(
      base: foldBytes.pointer, limit: foldBytes.count + Self.padding, offsets: foldOffsets.pointer, stride: 1,
      column: 0)
  }

  /// Folds the `columns` of every row of `dataset`.
  ///
  /// Pass 1 finds the wide rows and measures their fold forms; pass 2 writes every row's fold
  /// form straight into an arena of exact size, each chunk of rows into its own slice
  /// (`FoldPasses`). The wide rows' other forms wait for `sideForms`.
  ///
  /// `isCancelled` is asked before each chunk of pass 1 and between the passes; once it says
  /// stop, the rest of the work is skipped and `wasCancelled` is set.
  init(
    dataset: Dataset, columns: [Int], parallelThreshold: Int = 65_536, sideFormThreshold: Int = 4_096,
    gramRows: Int = .max, indexBytes: Int = .max, isCancelled: (() -> Bool)? = nil
  ) {
    rowCount = dataset.rowCount
    self.sideFormThreshold = sideFormThreshold
    self.columns = columns
    let rowCount = self.rowCount
    let passes = FoldPasses(dataset: dataset, columns: columns, parallelThreshold: parallelThreshold)
    // Pass 1 writes joined rows' lengths; one column's rows need no offsets until pass 2.
    var refused: Int?
    let joined =
      passes.contiguous
      ? nil
      : Self.refusing(&refused) { () throws(SearchError) in
        try UnsafePinnedBuffer<UInt32>.unsafeWritableChecked(count: rowCount + 1)
      }
    // Pass 1's list of wide rows, room for every row, taken here: its workers allocate nothing
    // of size (`FoldPasses.measure`).
    let wide =
      refused != nil
      ? nil
      : Self.refusing(&refused) { () throws(SearchError) in
        try UnsafePinnedBuffer<Int32>.unsafeWritableChecked(count: rowCount, zeroed: false)
      }
    var unused: UInt32 = 0
    var measured = withUnsafeMutablePointer(to: &unused) { placeholder in
      guard let wide, refused == nil else { return nil as [ChunkFold]? }
      return Self.refusing(&refused) { () throws(SearchError) in
        try passes.measure(
          lengths: joined?.elements ?? placeholder, wide: wide.elements, isCancelled: isCancelled)
      } ?? nil
    }
    var shared =
      measured.map { passes.contiguous && $0.allSatisfy(\.fitsLengths) } == true
      ? Self.sharedOffsets(dataset, rowCount: rowCount) : nil
    // A cancelled build skips pass 2 over empty chunks: every row is then empty text. With shared
    // offsets every row's fold form is padded to its length.
    var chunks =
      measured.map { measured in shared == nil ? measured : measured.map(\.paddedToSource) }
      ?? [ChunkFold](repeating: ChunkFold(), count: passes.split.count)
    var (starts, total) = ChunkFold.starts(of: chunks)
    // Pass 1 knows the fold text's size before pass 2 allocates it: an index over the limit is
    // refused here, before its memory is taken, and built as a cancelled one (empty).
    exceededLimit =
      measured != nil && Self.plannedBytes(foldBytes: total.foldBytes, rows: rowCount) > indexBytes
    if exceededLimit {
      measured = nil
      shared = nil
      chunks = [ChunkFold](repeating: ChunkFold(), count: passes.split.count)
      (starts, total) = ChunkFold.starts(of: chunks)
    }
    precondition(total.foldBytes <= Int(UInt32.max), "a dataset's folded text is limited to 4 GiB")
    let arenas = FoldArenas.unlessRefused(
      &refused, offsets: shared ?? joined?.buffer, rows: rowCount, total: total, zeroed: measured == nil)
    let (foldOffsets, offsets) = arenas.offsets
    let (foldBytes, bytes) = arenas.bytes
    let (signatures, signatureSlots) = arenas.signatures
    let (wideRows, wideSlots) = arenas.wideRows
    if refused != nil {
      measured = nil
    } else if measured != nil, let wide {
      passes.fill(
        chunks, starts: starts, into: (bytes, offsets, signatureSlots), wide: wide.elements,
        wideRows: wideSlots,
        writesOffsets: shared == nil)
    } else if joined != nil {
      offsets.update(repeating: 0, count: rowCount + 1)
    }
    if shared == nil { offsets[0] = 0 }
    self.foldBytes = foldBytes
    self.foldOffsets = foldOffsets
    self.signatures = signatures
    self.wideRows = wideRows
    (wideBits, wideRanks, foldWideRows) = Self.wideLookup(
      wideRows, signatures: signatures, rowCount: rowCount, unlessRefused: &refused)
    if refused != nil { measured = nil }
    byteFrequency = Self.sampleFrequency(foldBytes.pointer, count: foldBytes.count)
    let counted =
      measured == nil || rowCount < gramRows
      ? nil
      : Self.refusing(&refused) { () throws(SearchError) in
        try GramScan.presence(fold: foldBytes.pointer, count: total.foldBytes, isCancelled: isCancelled)
      } ?? nil
    refusedBytes = refused
    grams = counted
    // A count stopped part way is a cancelled load, as a fold pass stopped is.
    wasCancelled = measured == nil || (counted == nil && rowCount >= gramRows)
  }

  /// The most bytes an index over `rows` rows with `foldBytes` of fold text takes when built,
  /// but for a fixed few (padding, the gram presence, byte frequencies).
  static func plannedBytes(foldBytes: Int, rows: Int) -> Int {
    foldBytes &+ rows &* bytesPerRow
  }

  /// The dataset's own offsets as the fold arena's, when they start at 0 and one column is folded
  /// with no row's fold form longer than the row: a fold offset per row the index need not hold.
  private static func sharedOffsets(_ dataset: Dataset, rowCount: Int) -> UnsafePinnedBuffer<UInt32>? {
    dataset.withStorage { _, offsets in
      guard dataset.columns.count == 1, offsets.count == rowCount + 1, let base = offsets.baseAddress,
        base[0] == 0
      else { return nil }
      return UnsafePinnedBuffer(unsafeBorrowing: base, count: rowCount + 1, owner: dataset)
    }
  }

  /// What the index is made of once built, as a persisted index stores it (`IndexCacheFile`).
  struct Parts {
    let foldBytes: UnsafePinnedBuffer<UInt8>
    let foldOffsets: UnsafePinnedBuffer<UInt32>
    let signatures: UnsafePinnedBuffer<UInt32>
    let wideRows: UnsafePinnedBuffer<Int32>
    let wideBits: UnsafePinnedBuffer<UInt64>
    let wideRanks: UnsafePinnedBuffer<UInt32>
    let foldWideRows: UnsafePinnedBuffer<Int32>
    let byteFrequency: [Int]
    var grams: GramPresence? = nil
  }

  /// An index over `rowCount` rows of `columns` from parts built before (a persisted index).
  ///
  /// Nothing is folded again. The caller checks the parts (`invariantViolation`) before any
  /// search reads them.
  init(restoring parts: Parts, rowCount: Int, columns: [Int], sideFormThreshold: Int) {
    self.rowCount = rowCount
    self.columns = columns
    self.sideFormThreshold = sideFormThreshold
    wasCancelled = false
    exceededLimit = false
    refusedBytes = nil
    foldBytes = parts.foldBytes
    foldOffsets = parts.foldOffsets
    signatures = parts.signatures
    wideRows = parts.wideRows
    wideBits = parts.wideBits
    wideRanks = parts.wideRanks
    foldWideRows = parts.foldWideRows
    byteFrequency = parts.byteFrequency
    grams = parts.grams
  }

  /// The parts a persisted index stores.
  var parts: Parts {
    Parts(
      foldBytes: foldBytes, foldOffsets: foldOffsets, signatures: signatures, wideRows: wideRows,
      wideBits: wideBits, wideRanks: wideRanks, foldWideRows: foldWideRows, byteFrequency: byteFrequency,
      grams: grams)
  }

  /// The original text of the searched columns joined with a space (multi-column search only),
  /// or `searchOutOfMemory` when the system refuses it (nothing is kept; the next search tries
  /// again).
  ///
  /// One pass measures the rows, so that the text and offsets are allocated, checked, at their
  /// exact size before a second pass writes them.
  func casedArena(
    dataset: Dataset
  ) throws(SearchError) -> (bytes: UnsafePinnedBuffer<UInt8>, offsets: UnsafePinnedBuffer<UInt32>) {
    if let cased { return cased }
    let (offsets, offsetSlots) = try UnsafePinnedBuffer<UInt32>.unsafeWritableChecked(count: rowCount + 1)
    var total = 0
    withCasedRows(dataset) { row, _, count in
      total &+= count
      offsetSlots[row + 1] = UInt32(total)
    }
    offsetSlots[0] = 0
    let (bytes, byteSlots) = try UnsafePinnedBuffer<UInt8>.unsafeWritableChecked(
      count: total, padding: Self.padding, zeroed: false)
    withCasedRows(dataset) { row, pointer, count in
      (byteSlots + Int(offsetSlots[row])).update(from: pointer, count: count)
    }
    let built = (bytes, offsets)
    cased = built
    return built
  }

  /// Calls `body` with each row's searched columns joined with a space, in row order.
  private func withCasedRows(_ dataset: Dataset, _ body: (Int, UnsafePointer<UInt8>, Int) -> Void) {
    let datasetColumns = dataset.columns.count
    dataset.withStorage { bytes, rowOffsets in
      guard let base = bytes.baseAddress, let offsetBase = rowOffsets.baseAddress else { return }
      let source = UnsafeSourceRows(base: base, offsets: offsetBase, stride: datasetColumns, columns: columns)
      var scratch: [UInt8] = []
      for row in 0..<rowCount {
        source.withRow(row, scratch: &scratch) { pointer, count in body(row, pointer, count) }
      }
    }
  }

  /// Per row, the letters that start a word in its fold form (`PackedInitials`).
  ///
  /// A one-letter `prefix` query is then a test of 3 bytes per row, as a one-letter `fold` query
  /// is of 4 with `signatures`. Built on first use (a pass over every row on every core), as a
  /// session that never searches by word start should not hold it.
  /// Refused memory is `searchOutOfMemory`, and nothing is kept.
  func initialSignatures(parallelThreshold: Int) throws(SearchError) -> PackedInitials {
    if let initials { return initials }
    let (built, letterSlots) = try PackedInitials.unsafeWritable(rowCount: rowCount)
    let split = Parallel.chunks(rowCount, threshold: parallelThreshold)
    let base = foldBytes.pointer
    let offsets = foldOffsets.pointer
    let limit = foldBytes.count + Self.padding
    let signatures = signatures.pointer
    let nonASCII = RowSignature.nonASCII
    let output = UncheckedSendable(letterSlots)
    Parallel.forEach(split.count) { chunk in
      let scan = InitialScan()
      for row in split.range(chunk) {
        let start = Int(offsets[row])
        let end = Int(offsets[row + 1])
        var letters: UInt32 = 0
        if signatures[row] & nonASCII != 0 {
          // Bytes of other scripts may precede a letter: decide word starts scalar by scalar (a
          // wide row whose fold form is ASCII, `café`, is scanned as the others are).
          for position in start..<end where base[position] &- 0x61 < 26 {
            if ByteScanner.isWordStart(base, rowStart: start, position) {
              letters |= 1 &<< UInt32(base[position] &- 0x61)
            }
          }
        } else {
          assert(end + InitialScan.readsPast <= limit, "row \(row)'s initials read past the padding")
          letters = scan.letters(base, start: start, end: end)
        }
        PackedInitials.store(letters, row: row, into: output.value)
      }
    }
    let packed = PackedInitials(bytes: built, rowCount: rowCount)
    initials = packed
    return packed
  }

  /// What was built beyond the load's structures (tests): the side forms, and whether
  /// the initials and the joined original text are held.
  var prepared: (sides: [TextVariant], initials: Bool, cased: Bool) {
    (TextVariant.allCases.filter { sides[$0.rawValue] != nil }, initials != nil, cased != nil)
  }

  /// Whether row `row` has a non-ASCII byte.
  @inline(__always) func isWide(_ row: Int) -> Bool {
    wideBits.base[row >> 6] & (1 << (UInt64(row) & 63)) != 0
  }
}
