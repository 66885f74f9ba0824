import Foundation
import Tables

/// Folding rows into the index's arenas: the build's two passes (measuring, then writing) and
/// the wide rows' side forms.
extension FoldedIndex {
  /// Pass 1 over rows lying back to back: finds the wide rows (a word-wise scan for bytes >= 0x80
  /// over the whole range), writing them ascending from `wide` (room for every row of `rows`),
  /// and measures their forms.
  static func measureContiguous(
    _ source: UnsafeSourceRows, rows: Range<Int>, wide: UnsafeMutablePointer<Int32>
  ) -> ChunkFold {
    var work = ChunkFold()
    guard !rows.isEmpty else { return work }
    let base = source.base
    let offsets = source.offsets
    let end = Int(offsets[rows.upperBound])
    var row = rows.lowerBound
    var position = Int(offsets[row])
    var wideCount = 0
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
      // At most one per row of `rows`: the room `wide` has.
      wide[wideCount] = Int32(row)
      wideCount &+= 1
      position = Int(offsets[row + 1])
      row &+= 1
    }
    var writer = WideFormWriter()
    var wideBytes = 0
    let forms = ScalarFoldTable.packed.pointer
    do {
      for index in 0..<wideCount {
        let wideRow = Int(wide[index])
        let start = Int(offsets[wideRow])
        let count = Int(offsets[wideRow + 1]) - start
        wideBytes += count
        let before = writer.fold
        try measureWide(base + start, count, forms: forms, writer: &writer, work: &work)
        if writer.fold &- before > count { work.fitsLengths = false }
      }
    } catch {
      work.refusedBytes = refusedBytes(error)
      return work
    }
    let sourceBytes = end - Int(offsets[rows.lowerBound])
    work.record(writer, wideCount: wideCount, asciiBytes: sourceBytes - wideBytes, sourceBytes: sourceBytes)
    return work
  }

  /// Pass 1 over rows joined from several columns: stores each row's folded length at
  /// `lengths[row + 1]`, writes the wide rows ascending from `wide` (room for every row of
  /// `rows`) and measures their forms.
  static func measureJoined(
    _ source: UnsafeSourceRows, rows: Range<Int>, lengths: UnsafeMutablePointer<UInt32>,
    wide: UnsafeMutablePointer<Int32>
  )
    -> ChunkFold
  {
    var work = ChunkFold()
    var wideCount = 0
    var writer = WideFormWriter()
    var asciiBytes = 0
    let forms = ScalarFoldTable.packed.pointer
    var scratch: [UInt8] = []
    var refused: SearchError?
    for row in rows {
      source.withRow(row, scratch: &scratch) { pointer, count in
        if Self.isASCII(pointer, count) {
          lengths[row + 1] = UInt32(count)
          asciiBytes += count
        } else {
          wide[wideCount] = Int32(row)
          wideCount &+= 1
          let before = writer.fold
          do throws(SearchError) {
            try measureWide(pointer, count, forms: forms, writer: &writer, work: &work)
          } catch {
            refused = error
          }
          lengths[row + 1] = UInt32(writer.fold - before)
        }
      }
      if let refused {
        work.refusedBytes = refusedBytes(refused)
        return work
      }
    }
    work.record(writer, wideCount: wideCount, asciiBytes: asciiBytes)
    return work
  }

  /// Pass 2 over rows lying back to back: copies runs of ASCII rows lowercased in one loop, folds
  /// the wide rows between them, and writes offsets and signatures.
  ///
  /// Without `writesOffsets` the fold offsets are the dataset's: a wide row's fold form (no
  /// longer than its text, as pass 1 found) is followed by pad bytes up to the row's length.
  static func fillContiguous(
    _ source: UnsafeSourceRows, rows: Range<Int>, work: ChunkFold, wide: UnsafePointer<Int32>,
    writer: inout WideFormWriter,
    into output: (
      bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
      signatures: UnsafeMutablePointer<UInt32>
    ),
    table: UnsafePointer<UInt32>, writesOffsets: Bool
  ) {
    let base = source.base
    let offsets = source.offsets
    var offset = writer.fold
    var row = rows.lowerBound
    var foreign = 0
    let forms = ScalarFoldTable.packed.pointer
    for index in 0...work.wideCount {
      let stop = index < work.wideCount ? Int(wide[index]) : rows.upperBound
      if stop > row {
        // Rows row..<stop are ASCII: lowercase their bytes in one pass.
        let start = base + Int(offsets[row])
        let count = Int(offsets[stop]) - Int(offsets[row])
        let target = output.bytes + offset
        for index in 0..<count {
          let byte = start[index]
          target[index] = ByteCodes.lowercased(byte)
        }
        let shift = UInt32(truncatingIfNeeded: offset &- Int(offsets[row]))
        for each in row..<stop {
          let end = offsets[each + 1] &+ shift
          if writesOffsets { output.offsets[each + 1] = end }
          let start = Int(offsets[each] &+ shift)
          output.signatures[each] = RowSignature.of(output.bytes + start, Int(end) &- start, table: table)
        }
        offset += count
      }
      guard index < work.wideCount else { break }
      let start = Int(offsets[stop])
      let count = Int(offsets[stop + 1]) - start
      writer.fold = offset
      writeWide(base + start, count, forms: forms, writer: &writer, work: work, foreign: &foreign)
      output.signatures[stop] = RowSignature.of(output.bytes + offset, writer.fold - offset, table: table)
      if writesOffsets {
        offset = writer.fold
        output.offsets[stop + 1] = UInt32(offset)
      } else {
        // Pass 1 found the form no longer than the row (`ChunkFold.fitsLengths`).
        precondition(writer.fold - offset <= count, "a padded fold form is no longer than its row")
        let padded = offset + count
        (output.bytes + writer.fold).update(repeating: padByte, count: padded - writer.fold)
        offset = padded
      }
      row = stop + 1
    }
  }

  /// Pass 2 over joined rows: `output.offsets[row + 1]` holds each row's length from pass 1 and
  /// becomes its end.
  static func fillJoined(
    _ source: UnsafeSourceRows, rows: Range<Int>, work: ChunkFold, wide: UnsafePointer<Int32>,
    writer: inout WideFormWriter,
    into output: (
      bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
      signatures: UnsafeMutablePointer<UInt32>
    ),
    table: UnsafePointer<UInt32>
  ) {
    var offset = writer.fold
    var nextWide = 0
    var foreign = 0
    let forms = ScalarFoldTable.packed.pointer
    var scratch: [UInt8] = []
    for row in rows {
      let length = Int(output.offsets[row + 1])
      let target = output.bytes + offset
      source.withRow(row, scratch: &scratch) { pointer, count in
        if nextWide < work.wideCount, Int(wide[nextWide]) == row {
          writer.fold = offset
          writeWide(pointer, count, forms: forms, writer: &writer, work: work, foreign: &foreign)
          nextWide += 1
        } else {
          for index in 0..<count {
            let byte = pointer[index]
            target[index] = ByteCodes.lowercased(byte)
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
  ///
  /// Throws `searchOutOfMemory` when the system refuses `work` room for the form.
  static func measureWide(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: UnsafePointer<UInt64>, writer: inout WideFormWriter,
    work: inout ChunkFold
  ) throws(SearchError) {
    let mark = writer
    defer { writer.endRow() }
    if foldLatin(pointer, count, forms: forms, into: &writer, sides: false) { return }
    writer = mark
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    var form = TextFolding.foldForm(text)
    let refused = form.withUTF8 { bytes -> SearchError? in
      writer.append(bytes, as: .fold)
      do throws(SearchError) {
        try work.foreign.append(bytes)
        return nil
      } catch {
        return error
      }
    }
    if let refused { throw refused }
  }

  /// Pass 2 for one wide row: writes its fold form, through the table again or from the
  /// Foundation form pass 1 kept (the `foreign`-th such row of the chunk).
  static func writeWide(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: UnsafePointer<UInt64>, writer: inout WideFormWriter,
    work: ChunkFold, foreign: inout Int
  ) {
    let mark = writer
    defer { writer.endRow() }
    if foldLatin(pointer, count, forms: forms, into: &writer, sides: false) { return }
    // The table refused the same scalar as in pass 1: write over the partial output.
    writer = mark
    writer.append(work.foreign.form(foreign), as: .fold)
    foreign += 1
  }

  /// The table path: false as soon as a scalar is not in `forms` (`ScalarFoldTable.packed`, which
  /// callers read once per chunk: a global's lazy accessor per row showed in profiles).
  ///
  /// The `fold` form only, or with `sides` all four (a constant at each call, which the compiler
  /// specializes: the loop of the load's passes keeps no side form's position).
  static func foldLatin(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: UnsafePointer<UInt64>,
    into writer: inout WideFormWriter, sides: Bool
  ) -> Bool {
    var index = 0
    while index < count {
      let byte = pointer[index]
      if byte < 0x80 {
        if sides {
          // A run of ASCII bytes goes to every form at once: per byte, four forms' positions and
          // targets cost the side-form pass most of its time.
          var end = index + 1
          while end < count, pointer[end] < 0x80 { end += 1 }
          writer.appendASCII(UnsafeBufferPointer(start: pointer + index, count: end - index))
          index = end
        } else {
          writer.appendFoldASCII(byte)
          index += 1
        }
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
      guard forms[slot] != ScalarFoldTable.absent else { return false }
      if sides {
        for variant in TextVariant.allCases {
          writer.append(packed: forms[slot + variant.rawValue], as: variant)
        }
      } else {
        writer.append(packed: forms[slot + TextVariant.fold.rawValue], as: .fold)
      }
      index += 2
    }
    return true
  }

  /// One wide row's `exact`, `ci` and `strip` forms, through `ScalarFoldTable` or Foundation.
  static func writeSides(
    _ pointer: UnsafePointer<UInt8>, _ count: Int, forms: UnsafePointer<UInt64>, writer: inout WideFormWriter
  ) {
    let mark = writer
    defer { writer.endRow() }
    if foldLatin(pointer, count, forms: forms, into: &writer, sides: true) { return }
    writer = mark
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    for variant in [TextVariant.exact, .ci, .strip] {
      var form = TextFolding.form(text, variant)
      form.withUTF8 { writer.append($0, as: variant) }
    }
  }
}
