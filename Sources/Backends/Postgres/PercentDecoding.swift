/// RFC 3986 percent-decoding as libpq applies it to URL parts (no `+` for space, no `%00`).
enum PercentDecoding {
  /// `text` with each `%XX` replaced by its byte; nil for a bad escape, `%00` or bytes that are not UTF-8.
  static func decode(_ text: Substring) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      let decoded = high << 4 | low
      guard decoded != 0 else { return nil }
      bytes.append(decoded)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The value of one hexadecimal digit, or nil.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
