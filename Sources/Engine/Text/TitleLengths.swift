import Tables

/// Each row's title length (the rank order's tie-break), read from a dataset's storage; valid
/// inside the `Dataset.withStorage` call that gave it.
///
/// A title's length counts its characters (Unicode scalars) without leading and trailing
/// whitespace, as fzf's `--tiebreak=length` counts a line's.
struct TitleLengths {
  private let bytes: UnsafePointer<UInt8>?
  private let offsets: UnsafePointer<UInt32>?
  private let stride: Int
  private let column: Int

  init(_ dataset: Dataset, bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>) {
    self.bytes = bytes.baseAddress
    self.offsets = offsets.baseAddress
    stride = dataset.columns.count
    column = dataset.titleColumn
  }

  /// The length of row `row`'s title.
  @inline(__always)
  func callAsFunction(_ row: Int) -> Int {
    guard let offsets, let bytes else { return 0 }
    let slot = row &* stride &+ column
    let start = Int(offsets[slot])
    return Self.length(bytes + start, count: Int(offsets[slot &+ 1]) &- start)
  }

  /// The length of a title as a `String` (what the reference and PostgreSQL rankings sort by).
  static func length(of title: String) -> Int {
    Array(title.utf8).withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return length(base, count: buffer.count)
    }
  }

  /// The length of the `count` UTF-8 bytes at `text`: its scalars less whitespace at either end.
  @inline(__always)
  static func length(_ text: UnsafePointer<UInt8>, count: Int) -> Int {
    var start = 0
    var end = count
    while start < end {
      let byte = text[start]
      if byte == 0x20 || byte &- 0x09 < 5 {
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
      if byte == 0x20 || byte &- 0x09 < 5 {
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
    return isSpace(ByteScanner.decode(text, start, next)) ? next : start
  }

  /// The start of the whitespace scalar ending at `end`, or `end` when it is none.
  @inline(never)
  private static func wideSpaceStart(_ text: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var lead = end &- 1
    while lead > start, text[lead] & 0xC0 == 0x80 { lead &-= 1 }
    return isSpace(ByteScanner.decode(text, lead, end)) ? lead : end
  }

  /// Whether a scalar is whitespace (fzf trims what Go's `unicode.IsSpace` calls so).
  private static func isSpace(_ value: UInt32) -> Bool {
    Unicode.Scalar(value)?.properties.isWhitespace ?? false
  }
}
