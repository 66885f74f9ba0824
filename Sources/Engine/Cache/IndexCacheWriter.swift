import Foundation
import Tables

/// Writes a dataset and its folded index as one persisted index file: a private temporary file
/// (0600, never through a link) made under the folder's lock once there is room, synced, and
/// renamed into place (a reader sees the old file, the new one, or none).
package enum IndexCacheWriter {
  /// Bytes written between two looks at `isCancelled`.
  private static let piece = 16 << 20

  /// Writes `dataset` (loaded as `format`, with `warnings`) and `index` under `key` to `path`
  /// in `folder`, every section checksummed with `secret`.
  ///
  /// `isCancelled` (asked between pieces) stops the write, leaving no file behind.
  package static func write(
    _ dataset: Dataset, index: FoldedIndex, key: IndexCacheKey, format: DataFormat, warnings: [String],
    to path: String, folder: IndexCacheFolder, secret: IndexCacheSecret,
    isCancelled: @escaping () -> Bool = { false }
  ) throws(TableError) {
    let frequency = UnsafePinnedBuffer<Int64>(index.byteFrequency.map { Int64($0) })
    let grams = index.grams?.stored
    let kinds = cellKinds(dataset)
    try withExtendedLifetime((dataset, index, frequency, grams, kinds)) { () throws(TableError) in
      let sections = Self.sections(dataset, index: index, frequency: frequency, grams: grams, kinds: kinds)
      var (layout, strings) = Self.layout(
        dataset, sections: sections, key: key, format: format, warnings: warnings)
      layout.digests = sections.enumerated().map { number, bytes in
        IndexCacheChecksum.digest(bytes, secret: secret, tweak: UInt64(number))
      }
      let header = Self.header(layout, key: key, strings: strings, secret: secret)
      let temporary = try reserve(layout.fileLength, at: path, in: folder, isCancelled: isCancelled)
      try GuardedFileWriter.finishPrivate(temporary, over: path, slot: .background) {
        (output: inout BufferedFileWriter) throws(TableError) in
        try write(header, into: &output)
        var written = header.count
        for (section, bytes) in zip(layout.sections, sections) {
          try zeros(section.offset - written, into: &output)
          var start = 0
          while start < bytes.count {
            if isCancelled() { throw .unwritableFile(path, reason: "the write was cancelled") }
            let end = min(bytes.count, start + piece)
            try output.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            start = end
          }
          written = section.offset + bytes.count
        }
        try zeros(layout.fileLength - written, into: &output)
      }
    }
  }

  /// Under the folder's lock: room made for `length` bytes and the temporary file made at that
  /// size, so a concurrent writer counts it.
  private static func reserve(
    _ length: Int, at path: String, in folder: IndexCacheFolder, isCancelled: () -> Bool
  ) throws(TableError) -> GuardedFileWriter.PrivateTemporary {
    guard let lock = IndexCacheFolderLock(folder: folder.settings.folder, isCancelled: isCancelled) else {
      throw .unwritableFile(
        path, reason: isCancelled() ? "the write was cancelled" : "the cache folder cannot be locked")
    }
    return try withExtendedLifetime(lock) { () throws(TableError) in
      if let problem = folder.makeRoom(for: length, at: path) { throw .unwritableFile(path, reason: problem) }
      return try GuardedFileWriter.createPrivate(beside: path, length: length, slot: .background)
    }
  }

  /// How long the file for `dataset` and `index` is (to make room for it first).
  package static func fileLength(
    _ dataset: Dataset, index: FoldedIndex, key: IndexCacheKey, warnings: [String]
  )
    -> Int
  {
    let frequency = UnsafePinnedBuffer<Int64>(count: index.byteFrequency.count)
    let grams = index.grams.map { _ in UnsafePinnedBuffer<UInt64>(count: GramPresence.wordCount + 1) }
    let kinds = cellKinds(dataset)
    return withExtendedLifetime((dataset, index, frequency, grams, kinds)) {
      let sections = Self.sections(dataset, index: index, frequency: frequency, grams: grams, kinds: kinds)
      return layout(dataset, sections: sections, key: key, format: .text, warnings: warnings).layout
        .fileLength
    }
  }

  /// Where the sections go, and the header's strings.
  private static func layout(
    _ dataset: Dataset, sections: [UnsafeRawBufferPointer], key: IndexCacheKey, format: DataFormat,
    warnings: [String]
  ) -> (layout: IndexCacheLayout, strings: [UInt8]) {
    let strings = IndexCacheStrings(
      path: key.path, reading: key.reading, columns: dataset.columns, scopeTitles: dataset.scopeTitles,
      warnings: warnings
    ).bytes
    let layout = IndexCacheLayout(
      rowCount: dataset.rowCount, columnCount: dataset.columns.count, titleColumn: dataset.titleColumn,
      scopeColumn: dataset.scopeColumn, format: DataFormat.allCases.firstIndex(of: format) ?? 0,
      stringBytes: strings.count, lengths: sections.map(\.count))
    return (layout, strings)
  }

  /// The header: its words, the checksum over them and the strings, the strings' length, the
  /// strings, and zeros up to the first section.
  static func header(
    _ layout: IndexCacheLayout, key: IndexCacheKey, strings: [UInt8], secret: IndexCacheSecret
  )
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    for word in layout.words(key: key) { withUnsafeBytes(of: word) { bytes += $0 } }
    let checksumAt = bytes.count
    withUnsafeBytes(of: UInt64(0)) { bytes += $0 }
    withUnsafeBytes(of: UInt64(strings.count)) { bytes += $0 }
    bytes += strings
    let checksum = bytes.withUnsafeBytes { all in
      IndexCacheReader.headerChecksum(
        UnsafeRawBufferPointer(rebasing: all[0..<checksumAt + 16]),
        strings: UnsafeRawBufferPointer(rebasing: all[checksumAt + 16..<all.count]), secret: secret)
    }
    withUnsafeBytes(of: checksum) { bytes.replaceSubrange(checksumAt..<checksumAt + 8, with: $0) }
    bytes += [UInt8](repeating: 0, count: layout.headerLength - bytes.count)
    return bytes
  }

  /// Each section's bytes, in `IndexCacheLayout.Section` order; valid while `dataset` and
  /// `index` live (their buffers never move once built).
  private static func sections(
    _ dataset: Dataset, index: FoldedIndex, frequency: UnsafePinnedBuffer<Int64>,
    grams: UnsafePinnedBuffer<UInt64>?, kinds: CellKinds
  ) -> [UnsafeRawBufferPointer] {
    let (bytes, offsets) = dataset.withStorage { ($0, $1) }
    let parts = index.parts
    func raw<T>(_ buffer: UnsafePinnedBuffer<T>, padding: Int = 0) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: buffer.base, count: (buffer.count + padding) * MemoryLayout<T>.stride)
    }
    let scopes = dataset.rowScopes.withUnsafeBytes {
      UnsafeRawBufferPointer(start: $0.baseAddress, count: $0.count)
    }
    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
    // Fold offsets that are the dataset's own are stored once: an empty section says so.
    let foldOffsets = parts.foldOffsets.base == offsets.baseAddress ? empty : raw(parts.foldOffsets)
    let ordered: [IndexCacheLayout.Section: UnsafeRawBufferPointer] = [
      .datasetBytes: UnsafeRawBufferPointer(bytes), .datasetOffsets: UnsafeRawBufferPointer(offsets),
      .rowScopes: scopes, .columnTypes: raw(kinds.types), .missingCells: raw(kinds.missing),
      .foldBytes: raw(parts.foldBytes, padding: FoldedIndex.padding),
      .foldOffsets: foldOffsets, .signatures: raw(parts.signatures),
      .wideRows: raw(parts.wideRows),
      .wideBits: raw(parts.wideBits), .wideRanks: raw(parts.wideRanks),
      .foldWideRows: raw(parts.foldWideRows),
      .byteFrequency: raw(frequency),
      .grams: grams.map { raw($0) } ?? empty,
    ]
    return IndexCacheLayout.Section.allCases.map { ordered[$0] ?? empty }
  }

  /// A JSON dataset's column types (a byte each; none when every column is text) and the cells
  /// its rows lacked (none, or a bit per row per column), pinned while the sections are written.
  private typealias CellKinds = (types: UnsafePinnedBuffer<UInt8>, missing: UnsafePinnedBuffer<UInt64>)

  /// `dataset`'s column types and missing cells, as the cache stores them.
  private static func cellKinds(_ dataset: Dataset) -> CellKinds {
    let types = UnsafePinnedBuffer<UInt8>(dataset.columnTypes.map(\.code))
    let words = dataset.missing.words(columnCount: dataset.columns.count, rowCount: dataset.rowCount)
    return (types, UnsafePinnedBuffer<UInt64>(words))
  }

  /// Writes `count` zero bytes (the alignment between sections).
  private static func zeros(_ count: Int, into output: inout BufferedFileWriter) throws(TableError) {
    guard count > 0 else { return }
    try write([UInt8](repeating: 0, count: count), into: &output)
  }

  /// Writes an array's bytes.
  private static func write(_ array: [UInt8], into output: inout BufferedFileWriter) throws(TableError) {
    var failure: TableError?
    array.withUnsafeBytes { bytes in
      do throws(TableError) { try output.write(bytes: bytes) } catch { failure = error }
    }
    if let failure { throw failure }
  }
}
