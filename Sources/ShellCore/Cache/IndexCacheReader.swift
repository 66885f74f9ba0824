import Foundation

/// Opens a persisted index: maps the file read-only and, once every check passes, makes the
/// dataset and its folded index over the mapping itself (nothing copied, nothing folded).
///
/// Nothing in the file is trusted: the header's magic, version, length and checksum, the key,
/// every section's place and size, and then the dataset's and the index's invariants are
/// checked before anything reads it; any failure is an `IndexCacheProblem` (built again).
enum IndexCacheReader {
  /// A dataset and index restored from a cache file.
  struct Restored {
    let dataset: Dataset
    let index: FoldedIndex
    /// The warnings the first load gave (invalid UTF-8, ragged rows), given again.
    let warnings: [String]
    let format: DataFormat
  }

  /// The dataset and index stored at `path` for `key`, named and presented as `options` say.
  static func restore(
    path: String, key: IndexCacheKey, options: LoadOptions, sideFormThreshold: Int
  ) -> Result<Restored, IndexCacheProblem> {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .failure(.missing) }
    guard let file = UnsafeMappedFile(path: path) else { return .failure(.corrupt("it cannot be read")) }
    let headerBytes = (IndexCacheLayout.checksumWord + 2) * 8
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
    let hashed = Array(UnsafeRawBufferPointer(start: file.base, count: headerBytes - 16)) + Array(strings)
    guard IndexCacheKey.hash(hashed) == checksum else {
      return .failure(.corrupt("the header's checksum differs"))
    }
    guard let table = IndexCacheStrings(strings) else {
      return .failure(.corrupt("the strings are malformed"))
    }
    let stored = IndexCacheKey(path: table.path, numbers: Array(words[5..<11]), reading: table.reading)
    guard stored == key else { return .failure(.stale("built from another version of the file")) }
    return restore(file, layout: layout, table: table, options: options, sideFormThreshold: sideFormThreshold)
  }

  /// The dataset and index over `file`'s sections, once their sizes and invariants check.
  private static func restore(
    _ file: UnsafeMappedFile, layout: IndexCacheLayout, table: IndexCacheStrings, options: LoadOptions,
    sideFormThreshold: Int
  ) -> Result<Restored, IndexCacheProblem> {
    let rows = layout.rowCount
    let words = rows / 64 + 1
    typealias Section = IndexCacheLayout.Section
    func bytes(_ section: Section) -> Int { layout.sections[section.rawValue].length }
    func offset(_ section: Section) -> Int { layout.sections[section.rawValue].offset }
    // An empty fold offsets section: one column's fold offsets are the dataset's.
    let sharesOffsets = bytes(.foldOffsets) == 0 && layout.columnCount == 1
    let expected: [(Section, Int)] = [
      (.datasetOffsets, (rows * layout.columnCount + 1) * 4),
      (.rowScopes, layout.scopeColumn == nil ? 0 : rows * 2),
      (.foldOffsets, sharesOffsets ? 0 : (rows + 1) * 4), (.signatures, rows * 4), (.wideBits, words * 8),
      (.wideRanks, words * 4),
      (.byteFrequency, 256 * 8),
    ]
    for (section, length) in expected where bytes(section) != length {
      return .failure(.corrupt("section \(section) has \(bytes(section)) bytes, not \(length)"))
    }
    guard bytes(.datasetBytes) <= Int(UInt32.max), bytes(.foldBytes) >= FoldedIndex.padding,
      bytes(.foldBytes) - FoldedIndex.padding <= Int(UInt32.max), bytes(.wideRows) % 4 == 0,
      bytes(.wideRows) <= rows * 4, bytes(.foldWideRows) % 4 == 0, bytes(.foldWideRows) <= bytes(.wideRows),
      bytes(.grams) == 0 || bytes(.grams) == (GramPresence.wordCount + 1) * 8,
      table.columns.count == layout.columnCount, !table.scopeTitles.isEmpty,
      table.scopeTitles.count <= Int(UInt16.max) + 1, DataFormat.allCases.indices.contains(layout.format)
    else { return .failure(.corrupt("a section's size or a header field is inconsistent")) }
    func pinned<T>(_ section: Section, _ type: T.Type, padding: Int = 0) -> PinnedBuffer<T> {
      PinnedBuffer(
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
    let dataset = Dataset(
      name: options.name, source: options.source, columns: table.columns, titleColumn: layout.titleColumn,
      scopeColumn: layout.scopeColumn, scopeTitles: table.scopeTitles, rowScopes: Array(scopes),
      presets: options.presets,
      arena: GrowableBuffer(unsafeMapped: file, offset: offset(.datasetBytes), count: bytes(.datasetBytes)),
      offsets: GrowableBuffer(
        unsafeMapped: file, offset: offset(.datasetOffsets), count: bytes(.datasetOffsets) / 4))
    if let violation = dataset.invariantViolation() { return .failure(.corrupt(violation)) }
    // A folding search reads the rows' own text only to draw them: checked, it may leave memory.
    file.releasePages(offset: offset(.datasetBytes), length: bytes(.datasetBytes))
    file.populate(offset: offset(.foldBytes), length: layout.fileLength - offset(.foldBytes))
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
    let index = FoldedIndex(
      restoring: parts, rowCount: rows, columns: [layout.titleColumn], sideFormThreshold: sideFormThreshold)
    if let violation = index.invariantViolation() { return .failure(.corrupt(violation)) }
    return .success(
      Restored(
        dataset: dataset, index: index, warnings: table.warnings, format: DataFormat.allCases[layout.format]))
  }
}
