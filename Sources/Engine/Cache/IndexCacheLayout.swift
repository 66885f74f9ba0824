/// Where each part of a persisted index lies in its file, and the header that says so.
///
/// The file is a header of 64-bit words and a table of strings, then one section per part,
/// each at a multiple of 64 bytes so every element is aligned when the file is mapped. All
/// numbers are in the machine's byte order (a file from another order fails the magic check).
struct IndexCacheLayout: Equatable {
  /// The parts, in file order.
  enum Section: Int, CaseIterable {
    case datasetBytes, datasetOffsets, rowScopes, columnTypes, missingCells
    case foldBytes, foldOffsets, signatures, wideRows, wideBits, wideRanks, foldWideRows, byteFrequency
    case grams
  }

  /// The first word: "SSHIDX" and two zero bytes, read in the machine's order.
  static let magic: UInt64 = 0x0000_5844_4948_5353
  /// Every section starts at a multiple of this.
  static let alignment = 64
  /// Words before the sections' table: magic, version, file length, header length, rows,
  /// the key's eight numbers, columns, title, scope + 1, format, section count.
  static let fixedWords = 10 + IndexCacheKey.numberCount
  /// Words per section in the table: its offset, length and keyed checksum.
  static let sectionWords = 3
  /// Where the checksum word lies: after the fixed words and the sections' table.
  static var checksumWord: Int { fixedWords + sectionWords * Section.allCases.count }
  /// The header's words: the checksum word, then the strings' length.
  static var headerWordsLength: Int { (checksumWord + 2) * 8 }

  /// Rows, columns, the title column and the scope column (nil: none).
  var rowCount: Int
  var columnCount: Int
  var titleColumn: Int
  var scopeColumn: Int?
  /// The format's index in `DataFormat.allCases`.
  var format: Int
  /// Per section, its byte offset and length.
  var sections: [(offset: Int, length: Int)]
  /// Per section, its keyed checksum (`IndexCacheChecksum.digest`, tweaked by its number).
  var digests: [UInt64] = []
  /// Bytes before the first section (header, checksum, strings, alignment).
  var headerLength: Int
  /// The whole file's length.
  var fileLength: Int

  static func == (lhs: IndexCacheLayout, rhs: IndexCacheLayout) -> Bool {
    lhs.rowCount == rhs.rowCount && lhs.columnCount == rhs.columnCount && lhs.titleColumn == rhs.titleColumn
      && lhs.scopeColumn == rhs.scopeColumn && lhs.format == rhs.format
      && lhs.headerLength == rhs.headerLength
      && lhs.fileLength == rhs.fileLength
      && lhs.sections.map(\.offset) == rhs.sections.map(\.offset)
      && lhs.sections.map(\.length) == rhs.sections.map(\.length) && lhs.digests == rhs.digests
  }

  /// Places sections of `lengths` bytes after a header with `strings` bytes of strings.
  init(
    rowCount: Int, columnCount: Int, titleColumn: Int, scopeColumn: Int?, format: Int, stringBytes: Int,
    lengths: [Int]
  ) {
    self.rowCount = rowCount
    self.columnCount = columnCount
    self.titleColumn = titleColumn
    self.scopeColumn = scopeColumn
    self.format = format
    headerLength = Self.aligned(Self.headerWordsLength + stringBytes)
    var offset = headerLength
    sections = []
    for length in lengths {
      sections.append((offset, length))
      // An empty section still takes a slot, so its address lies inside the file.
      offset += Self.aligned(max(length, 1))
    }
    fileLength = offset
  }

  /// `value` rounded up to `alignment`.
  static func aligned(_ value: Int) -> Int { (value + alignment - 1) / alignment * alignment }

  /// The header's words up to the checksum, for `key`.
  func words(key: IndexCacheKey) -> [UInt64] {
    var words: [UInt64] = [
      Self.magic, IndexCacheKey.layoutVersion, UInt64(fileLength), UInt64(headerLength), UInt64(rowCount),
    ]
    words += key.numbers
    words += [
      UInt64(columnCount), UInt64(titleColumn), UInt64(scopeColumn.map { $0 + 1 } ?? 0), UInt64(format),
      UInt64(sections.count),
    ]
    for (index, section) in sections.enumerated() {
      words += [UInt64(section.offset), UInt64(section.length), index < digests.count ? digests[index] : 0]
    }
    return words
  }

  /// The layout the header's `words` describe, or why they describe none that fits a file of
  /// `fileLength` bytes: every section aligned, in order, inside the file.
  static func read(_ words: [UInt64], fileLength: Int) -> Result<IndexCacheLayout, IndexCacheProblem> {
    guard words.count == checksumWord, words[0] == magic else {
      return .failure(.corrupt("not an index cache file"))
    }
    guard words[1] == IndexCacheKey.layoutVersion else {
      return .failure(.stale("layout version \(words[1])"))
    }
    // Every count and offset fits far below this (a dataset's text is at most 4 GiB).
    let limit = UInt64(1) << 40
    func int(_ index: Int) -> Int? { words[index] <= limit ? Int(words[index]) : nil }
    guard let length = int(2), length == fileLength else {
      return .failure(.corrupt("the file's length is not its header's"))
    }
    let fields = 5 + IndexCacheKey.numberCount
    guard let header = int(3), let rows = int(4), let columns = int(fields), let title = int(fields + 1),
      let scope = int(fields + 2), let format = int(fields + 3), int(fields + 4) == Section.allCases.count
    else { return .failure(.corrupt("a header field is out of range")) }
    // The header's words and strings lie before the first section, inside the file.
    guard header >= headerWordsLength, header % alignment == 0, header <= length else {
      return .failure(.corrupt("the header's length is out of range"))
    }
    guard rows < Int(Int32.max), columns > 0, columns < 1 << 20, title < columns, scope <= columns else {
      return .failure(.corrupt("the rows or columns are out of range"))
    }
    var layout = IndexCacheLayout(
      rowCount: rows, columnCount: columns, titleColumn: title, scopeColumn: scope == 0 ? nil : scope - 1,
      format: format, stringBytes: 0, lengths: [])
    layout.headerLength = header
    layout.fileLength = length
    var next = header
    for index in Section.allCases.indices {
      let at = fixedWords + sectionWords * index
      // Both at most 2^40: the sums below cannot overflow.
      guard let offset = int(at), let bytes = int(at + 1), offset % alignment == 0, offset >= next,
        offset + bytes <= length
      else { return .failure(.corrupt("section \(index) lies outside the file")) }
      layout.sections.append((offset, bytes))
      layout.digests.append(words[at + 2])
      next = offset + max(bytes, 1)
    }
    guard next <= length else { return .failure(.corrupt("the sections overrun the file")) }
    return .success(layout)
  }
}

/// Why a persisted index was not used (it is then built again from the file).
package enum IndexCacheProblem: Error, Equatable {
  /// No cache file for this file and way of reading it.
  case missing
  /// Built from another version of the file, or by another layout or fold.
  case stale(String)
  /// Truncated, damaged or inconsistent: refused, never trusted.
  case corrupt(String)
  /// Something other than a regular file at the entry's name (a link, a FIFO): never followed,
  /// never waited on, and not written over by this load.
  case notRegular
}
