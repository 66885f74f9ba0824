/// Checks cells for well-formed UTF-8 and replaces what is not with U+FFFD.
package enum UTF8Repair {
  /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return true }
    if isASCII(base, count) { return true }
    while index < count {
      // Plain ASCII eight bytes at a time.
      while index &+ 8 <= count,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index &+= 8
      }
      if index == count { break }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard let length = scalarLength(base, at: index, count: count) else { return false }
      index += length
    }
    return true
  }

  /// The length of the well-formed character whose lead byte (not ASCII) is at `index` of
  /// `count` bytes, or nil when it is malformed or cut off.
  @inline(__always)
  static func scalarLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch base[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return nil
    }
    guard index + length <= count else { return nil }
    let second = base[index + 1]
    guard second >= low, second <= high else { return nil }
    for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Whether every byte of `bytes` is ASCII.
  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    return isASCII(base, bytes.count)
  }

  /// Whether `count` bytes are all ASCII: most cells are, and this settles them without a byte
  /// loop (the last word overlaps the one before it).
  @inline(__always)
  private static func isASCII(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    guard count >= 8 else {
      var any: UInt8 = 0
      for index in 0..<count { any |= base[index] }
      return any < 0x80
    }
    let raw = UnsafeRawPointer(base)
    var any = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    var index = 0
    while index &+ 8 <= count {
      any |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index &+= 8
    }
    return any & high == 0
  }

  /// `bytes` with each maximal invalid sequence replaced by U+FFFD, as Swift's decoder does.
  static func repaired(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    Array(String(decoding: bytes, as: UTF8.self).utf8)
  }

  /// Bytes repaired at once by `repair(_:into:)`: a huge invalid cell is never copied whole.
  static let repairWindow = 64 * 1024

  /// Appends `bytes` to `out` repaired as `repaired(_:)` does, a window at a time.
  ///
  /// A window ends before a byte that is not a continuation byte (which starts a new sequence
  /// or invalid subpart), or after three continuation bytes in a row (no sequence starting
  /// before them reaches past them), so cutting there decodes exactly as the whole does.
  static func repair(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeGrowableBuffer<UInt8>)
    throws(TableError)
  {
    var start = 0
    while start < bytes.count {
      var end = min(start &+ repairWindow, bytes.count)
      var run = 0
      while end < bytes.count, bytes[end] & 0xC0 == 0x80, run < 3 {
        end &+= 1
        run &+= 1
      }
      let text = Array(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).utf8)
      try text.withUnsafeBufferPointer { (repaired) throws(TableError) in try out.append(contentsOf: repaired)
      }
      start = end
    }
  }
}
