import Foundation
import Tables

/// Opens a persisted index: maps the file read-only and, once every check passes, makes the
/// dataset and its folded index over the mapping itself (nothing copied, nothing folded).
///
/// Nothing in the file is trusted, as SQLite trusts no database file: the header's magic,
/// version, length and keyed checksum, the key, every section's place and size (against the
/// file's real size, in arithmetic that cannot overflow), every section's keyed checksum, the
/// zeros between sections, and the dataset's invariants are checked before anything reads it;
/// any failure is an `IndexCacheProblem` (built again). The index's own sections and invariants
/// are checked by `Restored.verifyIndex`, which the open starts in the background and the first
/// search waits for: then damage there builds the index again from the verified dataset.
package enum IndexCacheReader {
  /// A dataset and index restored from a cache file.
  package struct Restored {
    package let dataset: Dataset
    package let index: FoldedIndex
    /// The warnings the first load gave (invalid UTF-8, ragged rows), given again.
    package let warnings: [String]
    package let format: DataFormat
    /// The mapped entry.
    package let file: UnsafeMappedFile
    /// Why the index's sections (checksums, invariants) are damaged, or nil.
    ///
    /// Nothing may read `index` before it returns nil. It stops early when its argument turns true.
    package let verifyIndex: @Sendable (_ isAbandoned: @Sendable () -> Bool) -> String?
  }

  /// The dataset and index stored at `path` for `key`, named and presented as `options` say;
  /// `searched` gives the columns the index folds, from the dataset as restored (as it gave
  /// them to the index written: the same rows give the same columns).
  package static func restore(
    path: String, key: IndexCacheKey, secret: IndexCacheSecret, options: LoadOptions, sideFormThreshold: Int,
    searched: (Dataset) -> [Int] = { [$0.titleColumn] }
  ) -> Result<Restored, IndexCacheProblem> {
    let file: UnsafeMappedFile
    switch UnsafeMappedFile.map(path) {
    case .success(let mapped): file = mapped
    case .failure(.missing): return .failure(.missing)
    case .failure(.notRegular): return .failure(.notRegular)
    case .failure(.unreadable): return .failure(.corrupt("it cannot be read"))
    }
    let headerBytes = IndexCacheLayout.headerWordsLength
    guard file.count >= headerBytes else { return .failure(.corrupt("it is shorter than a header")) }
    let words = (0..<IndexCacheLayout.checksumWord).map {
      file.base.load(fromByteOffset: $0 * 8, as: UInt64.self)
    }
    let layout: IndexCacheLayout
    switch IndexCacheLayout.read(words, fileLength: file.count) {
    case .success(let read): layout = read
    case .failure(let problem): return .failure(problem)
    }
    let checksum = file.base.load(fromByteOffset: headerBytes - 16, as: UInt64.self)
    let stringCount = file.base.load(fromByteOffset: headerBytes - 8, as: UInt64.self)
    guard stringCount <= UInt64(layout.headerLength - headerBytes) else {
      return .failure(.corrupt("the strings overrun the header"))
    }
    let strings = UnsafeRawBufferPointer(start: file.base + headerBytes, count: Int(stringCount))
    guard
      headerChecksum(
        UnsafeRawBufferPointer(start: file.base, count: headerBytes), strings: strings, secret: secret)
        == checksum
    else {
      return .failure(.corrupt("the header's checksum differs"))
    }
    guard let table = IndexCacheStrings(strings) else {
      return .failure(.corrupt("the strings are malformed"))
    }
    let stored = IndexCacheKey(
      path: table.path, numbers: Array(words[5..<5 + IndexCacheKey.numberCount]), reading: table.reading)
    guard stored == key else { return .failure(.stale("built from another version of the file")) }
    guard gapsAreZero(file, layout: layout, stringsEnd: headerBytes + strings.count) else {
      return .failure(.corrupt("the bytes between sections are not zero"))
    }
    return restore(
      file, layout: layout, table: table, secret: secret, options: options,
      sideFormThreshold: sideFormThreshold, searched: searched)
  }

  /// The keyed checksum of a header at `base` (its words but the checksum, the strings'
  /// length) and its `strings`, as the writer computes it.
  static func headerChecksum(
    _ words: UnsafeRawBufferPointer, strings: UnsafeRawBufferPointer, secret: IndexCacheSecret
  ) -> UInt64 {
    var bytes = Array(words) + Array(strings)
    let checksum = IndexCacheLayout.checksumWord * 8
    for index in checksum..<checksum + 8 { bytes[index] = 0 }
    return bytes.withUnsafeBytes { IndexCacheChecksum.digest($0, secret: secret, tweak: UInt64.max) }
  }

  /// Whether every byte no section holds (after the strings, between and after sections) is
  /// zero, as the writer leaves it: then every byte of the file is checksummed or known.
  private static func gapsAreZero(_ file: UnsafeMappedFile, layout: IndexCacheLayout, stringsEnd: Int) -> Bool
  {
    var gaps: [Range<Int>] = []
    var end = stringsEnd
    for section in layout.sections {
      gaps.append(end..<section.offset)
      end = section.offset + section.length
    }
    gaps.append(end..<layout.fileLength)
    let bytes = file.base.assumingMemoryBound(to: UInt8.self)
    return gaps.allSatisfy { gap in gap.allSatisfy { bytes[$0] == 0 } }
  }

  /// Whether each of `sections` has the checksum the header gives it.
  private static func checksumsMatch(
    _ sections: [IndexCacheLayout.Section], in file: UnsafeMappedFile, layout: IndexCacheLayout,
    secret: IndexCacheSecret
  ) -> Bool {
    sections.allSatisfy { section in
      let place = layout.sections[section.rawValue]
      let bytes = UnsafeRawBufferPointer(start: file.base + place.offset, count: place.length)
      return IndexCacheChecksum.digest(bytes, secret: secret, tweak: UInt64(section.rawValue))
        == layout.digests[section.rawValue]
    }
  }

  /// Why `layout`'s section sizes or header fields disagree with its rows, columns and strings,
  /// or nil: every size the restore relies on, checked before any section is read.
  private static func sizeProblem(_ layout: IndexCacheLayout, table: IndexCacheStrings, sharesOffsets: Bool)
    -> IndexCacheProblem?
  {
    let rows = layout.rowCount
    let words = rows / 64 + 1
    typealias Section = IndexCacheLayout.Section
    func bytes(_ section: Section) -> Int { layout.sections[section.rawValue].length }
    let expected: [(Section, Int)] = [
      (.datasetOffsets, (rows * layout.columnCount + 1) * 4),
      (.rowScopes, layout.scopeColumn == nil ? 0 : rows * 2),
      (.columnTypes, bytes(.columnTypes) == 0 ? 0 : layout.columnCount),
      (
        .missingCells,
        bytes(.missingCells) == 0 ? 0 : layout.columnCount * MissingCells.wordsPerColumn(rows) * 8
      ),
      (.foldOffsets, sharesOffsets ? 0 : (rows + 1) * 4), (.signatures, rows * 4), (.wideBits, words * 8),
      (.wideRanks, words * 4),
      (.byteFrequency, 256 * 8),
    ]
    for (section, length) in expected where bytes(section) != length {
      return .corrupt("section \(section) has \(bytes(section)) bytes, not \(length)")
    }
    guard bytes(.datasetBytes) <= Int(UInt32.max), bytes(.foldBytes) >= FoldedIndex.padding,
      bytes(.foldBytes) - FoldedIndex.padding <= Int(UInt32.max), bytes(.wideRows) % 4 == 0,
      bytes(.wideRows) <= rows * 4, bytes(.foldWideRows) % 4 == 0, bytes(.foldWideRows) <= bytes(.wideRows),
      bytes(.grams) == 0 || bytes(.grams) == (GramPresence.wordCount + 1) * 8,
      table.columns.count == layout.columnCount, !table.scopeTitles.isEmpty,
      table.scopeTitles.count <= Int(UInt16.max) + 1, DataFormat.allCases.indices.contains(layout.format)
    else { return .corrupt("a section's size or a header field is inconsistent") }
    return nil
  }

  /// `columns` when they are distinct columns of `dataset`, at least one.
  private static func validColumns(_ columns: [Int], of dataset: Dataset) -> [Int]? {
    guard !columns.isEmpty, columns.allSatisfy(dataset.columns.indices.contains),
      Set(columns).count == columns.count
    else { return nil }
    return columns
  }

  /// A JSON file's column types and missing keys as stored (both empty for other files), or nil
  /// when a type code is unknown or a bit lies past the last row.
  private static func cellKinds(_ file: UnsafeMappedFile, layout: IndexCacheLayout)
    -> (types: [ColumnType], missing: MissingCells)?
  {
    let types = layout.sections[IndexCacheLayout.Section.columnTypes.rawValue]
    let missing = layout.sections[IndexCacheLayout.Section.missingCells.rawValue]
    let codes = UnsafeBufferPointer(
      start: (file.base + types.offset).assumingMemoryBound(to: UInt8.self), count: types.length)
    let decoded = codes.compactMap(ColumnType.init(code:))
    let words = UnsafeBufferPointer(
      start: (file.base + missing.offset).assumingMemoryBound(to: UInt64.self), count: missing.length / 8)
    guard decoded.count == codes.count,
      let cells = MissingCells(
        words: words, columnCount: missing.length == 0 ? 0 : layout.columnCount, rowCount: layout.rowCount)
    else { return nil }
    return (decoded, cells)
  }

  /// The dataset and index over `file`'s sections, once their sizes and invariants check.
  private static func restore(
    _ file: UnsafeMappedFile, layout: IndexCacheLayout, table: IndexCacheStrings, secret: IndexCacheSecret,
    options: LoadOptions, sideFormThreshold: Int, searched: (Dataset) -> [Int]
  ) -> Result<Restored, IndexCacheProblem> {
    let rows = layout.rowCount
    typealias Section = IndexCacheLayout.Section
    func bytes(_ section: Section) -> Int { layout.sections[section.rawValue].length }
    func offset(_ section: Section) -> Int { layout.sections[section.rawValue].offset }
    // An empty fold offsets section: one column's fold offsets are the dataset's.
    let sharesOffsets = bytes(.foldOffsets) == 0 && layout.columnCount == 1
    if let problem = sizeProblem(layout, table: table, sharesOffsets: sharesOffsets) {
      return .failure(problem)
    }
    func pinned<T>(_ section: Section, _ type: T.Type, padding: Int = 0) -> UnsafePinnedBuffer<T> {
      UnsafePinnedBuffer(
        unsafeMapped: file, offset: offset(section),
        count: (bytes(section) - padding) / MemoryLayout<T>.stride)
    }
    let scopes = UnsafeBufferPointer(
      start: (file.base + offset(.rowScopes)).assumingMemoryBound(to: UInt16.self),
      count: bytes(.rowScopes) / 2)
    let frequency = UnsafeBufferPointer(
      start: (file.base + offset(.byteFrequency)).assumingMemoryBound(to: Int64.self), count: 256)
    // The dataset's sections first, then the index's: checked and released, the dataset's text
    // is never resident with the fold arena during the checks.
    file.populate(offset: offset(.datasetBytes), length: offset(.foldBytes) - offset(.datasetBytes))
    guard
      checksumsMatch(
        [.datasetBytes, .datasetOffsets, .rowScopes, .columnTypes, .missingCells], in: file, layout: layout,
        secret: secret)
    else { return .failure(.corrupt("the dataset's checksum differs")) }
    guard let (types, missing) = cellKinds(file, layout: layout) else {
      return .failure(.corrupt("a column's type or its missing cells are out of range"))
    }
    let dataset = Dataset(
      name: options.name, source: options.source, columns: table.columns, titleColumn: layout.titleColumn,
      scopeColumn: layout.scopeColumn, scopeTitles: table.scopeTitles, rowScopes: Array(scopes),
      presets: options.presets,
      arena: UnsafeGrowableBuffer(
        unsafeMapped: file, offset: offset(.datasetBytes), count: bytes(.datasetBytes)),
      offsets: UnsafeGrowableBuffer(
        unsafeMapped: file, offset: offset(.datasetOffsets), count: bytes(.datasetOffsets) / 4),
      columnTypes: types, missing: missing)
    if let violation = dataset.invariantViolation() { return .failure(.corrupt(violation)) }
    // A folding search reads the rows' own text only to draw them: checked, it may leave memory.
    file.releasePages(offset: offset(.datasetBytes), length: bytes(.datasetBytes))
    var parts = FoldedIndex.Parts(
      foldBytes: pinned(.foldBytes, UInt8.self, padding: FoldedIndex.padding),
      foldOffsets: pinned(sharesOffsets ? .datasetOffsets : .foldOffsets, UInt32.self),
      signatures: pinned(.signatures, UInt32.self),
      wideRows: pinned(.wideRows, Int32.self), wideBits: pinned(.wideBits, UInt64.self),
      wideRanks: pinned(.wideRanks, UInt32.self), foldWideRows: pinned(.foldWideRows, Int32.self),
      byteFrequency: frequency.map { Int(truncatingIfNeeded: $0) })
    var grams: GramPresence?
    if bytes(.grams) != 0 {
      guard let restored = GramPresence.restoring(pinned(.grams, UInt64.self)) else {
        return .failure(.corrupt("the grams' checksum disagrees"))
      }
      grams = restored
    }
    parts.grams = grams
    guard let columns = validColumns(searched(dataset), of: dataset) else {
      return .failure(.corrupt("the searched columns are out of range"))
    }
    let index = FoldedIndex(
      restoring: parts, rowCount: rows, columns: columns, sideFormThreshold: sideFormThreshold)
    // The index's sections are checked on a thread of their own: the open returns now, and
    // the first search waits for the check (`IndexCacheCheck`).
    let check = UncheckedSendable((file, layout, secret, index))
    let verify: @Sendable (_ isAbandoned: @Sendable () -> Bool) -> String? = { isAbandoned in
      let (file, layout, secret, index) = check.value
      let start = layout.sections[Section.foldBytes.rawValue].offset
      file.populate(offset: start, length: layout.fileLength - start)
      for section in Section.allCases where section.rawValue >= Section.foldBytes.rawValue {
        if isAbandoned() { return "the check was abandoned" }
        guard checksumsMatch([section], in: file, layout: layout, secret: secret) else {
          return "the index's checksum differs"
        }
      }
      return isAbandoned() ? "the check was abandoned" : index.invariantViolation()
    }
    return .success(
      Restored(
        dataset: dataset, index: index, warnings: table.warnings, format: DataFormat.allCases[layout.format],
        file: file, verifyIndex: verify))
  }
}
