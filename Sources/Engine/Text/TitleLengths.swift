import Tables

/// Each row's title length (the rank order's tie-break), read from a dataset's storage; valid
/// inside the `Dataset.withStorage` call that gave it.
///
/// A title's length counts its characters (Unicode scalars) without leading and trailing
/// whitespace, as fzf's `--tiebreak=length` counts a line's. A plain title (ASCII, no whitespace
/// at either end: `plain`'s bit set) is as long as its bytes, known from the offsets alone;
/// only the others are read.
struct TitleLengths {
  private let bytes: UnsafePointer<UInt8>?
  private let offsets: UnsafePointer<UInt32>?
  private let stride: Int
  private let column: Int
  /// One bit per row, set where the title is plain (`plainTitles`); nil: every title is read.
  private let plain: UnsafePointer<UInt64>?

  init(
    _ dataset: Dataset, bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>,
    plain: UnsafePinnedBuffer<UInt64>? = nil
  ) {
    self.bytes = bytes.baseAddress
    self.offsets = offsets.baseAddress
    stride = dataset.columns.count
    column = dataset.titleColumn
    self.plain = plain?.pointer
  }

  /// The length of row `row`'s title.
  @inline(__always)
  func callAsFunction(_ row: Int) -> Int {
    guard let offsets else { return 0 }
    let slot = row &* stride &+ column
    let start = Int(offsets[slot])
    let count = Int(offsets[slot &+ 1]) &- start
    if let plain, plain[row &>> 6] &>> UInt64(truncatingIfNeeded: row & 63) & 1 != 0 { return count }
    guard let bytes else { return count }
    return Self.length(bytes + start, count: count)
  }

  /// One bit per row of `dataset`, set where its title is plain.
  ///
  /// `wide` (the index's bits of the rows with a non-ASCII byte in their searched text, which
  /// includes the title) spares reading the other rows' titles for one. Built on every core for
  /// many rows; `searchOutOfMemory` when the system refuses its room.
  static func plainTitles(
    _ dataset: Dataset, wide: UnsafePointer<UInt64>?, threshold: Int
  ) throws(SearchError) -> UnsafePinnedBuffer<UInt64> {
    let rows = dataset.rowCount
    let words = (rows &+ 63) &>> 6
    let (buffer, slots) = try UnsafePinnedBuffer<UInt64>.unsafeWritableChecked(count: words)
    let output = UncheckedSendable(slots)
    let (stride, column) = (dataset.columns.count, dataset.titleColumn)
    dataset.withStorage { bytes, offsets in
      guard let base = bytes.baseAddress, let offsetBase = offsets.baseAddress else { return }
      let split = Parallel.chunks(words, threshold: max(1, threshold / 64))
      Parallel.forEach(split.count) { chunk in
        for word in split.range(chunk) {
          var bits: UInt64 = 0
          for row in word &<< 6..<min(rows, word &<< 6 &+ 64) {
            let slot = row &* stride &+ column
            let start = Int(offsetBase[slot])
            let count = Int(offsetBase[slot &+ 1]) &- start
            let ascii =
              wide.map { $0[word] &>> UInt64(row & 63) & 1 == 0 } ?? isASCII(base + start, count: count)
            let edges = count == 0 || !isSpace(base[start]) && !isSpace(base[start &+ count &- 1])
            if ascii && edges { bits |= 1 &<< UInt64(row & 63) }
          }
          output.value[word] = bits
        }
      }
    }
    return buffer
  }

  /// Whether `byte` is ASCII whitespace.
  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }

  /// Whether the `count` bytes at `text` are ASCII.
  private static func isASCII(_ text: UnsafePointer<UInt8>, count: Int) -> Bool {
    var any: UInt8 = 0
    for index in 0..<count { any |= text[index] }
    return any < 0x80
  }

  /// The length of a title as a `String` (what the reference and PostgreSQL rankings sort by).
  static func length(of title: String) -> Int {
    Array(title.utf8).withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return length(base, count: buffer.count)
    }
  }

  /// The length of the `count` UTF-8 bytes at `text`: its scalars less whitespace at either end.
  ///
  /// Out of line: inlined into the selection's loop over every row, it slowed the plain rows'
  /// path, which most rows take.
  @inline(never)
  static func length(_ text: UnsafePointer<UInt8>, count: Int) -> Int {
    var start = 0
    var end = count
    while start < end {
      let byte = text[start]
      if isSpace(byte) {
        start &+= 1
      } else if byte < 0x80 {
        break
      } else {
        let next = wideSpaceEnd(text, from: start, end: end)
        if next == start { break }
        start = next
      }
    }
    while end > start {
      let byte = text[end &- 1]
      if isSpace(byte) {
        end &-= 1
      } else if byte < 0x80 {
        break
      } else {
        let next = wideSpaceStart(text, from: start, end: end)
        if next == end { break }
        end = next
      }
    }
    return scalars(text + start, count: end &- start)
  }

  /// The scalars in `count` UTF-8 bytes: the bytes that are no continuation byte, 8 at a time.
  @inline(__always)
  private static func scalars(_ text: UnsafePointer<UInt8>, count: Int) -> Int {
    var continuations = 0
    var index = 0
    while index &+ 8 <= count {
      let word = UnsafeRawPointer(text + index).loadUnaligned(as: UInt64.self)
      // A continuation byte is 10xxxxxx: its top bit set and the next one clear.
      continuations &+= (word & ~(word &<< 1) & 0x8080_8080_8080_8080).nonzeroBitCount
      index &+= 8
    }
    while index < count {
      if text[index] & 0xC0 == 0x80 { continuations &+= 1 }
      index &+= 1
    }
    return count &- continuations
  }

  /// After the whitespace scalar starting at `start`, or `start` when it is none.
  @inline(never)
  private static func wideSpaceEnd(_ text: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var next = start &+ 1
    while next < end, text[next] & 0xC0 == 0x80 { next &+= 1 }
    return isWhitespace(ByteScanner.decode(text, start, next)) ? next : start
  }

  /// The start of the whitespace scalar ending at `end`, or `end` when it is none.
  @inline(never)
  private static func wideSpaceStart(_ text: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var lead = end &- 1
    while lead > start, text[lead] & 0xC0 == 0x80 { lead &-= 1 }
    return isWhitespace(ByteScanner.decode(text, lead, end)) ? lead : end
  }

  /// Whether a scalar is whitespace (fzf trims what Go's `unicode.IsSpace` calls so).
  private static func isWhitespace(_ value: UInt32) -> Bool {
    Unicode.Scalar(value)?.properties.isWhitespace ?? false
  }
}
