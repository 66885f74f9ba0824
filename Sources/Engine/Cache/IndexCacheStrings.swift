/// The header's lists of strings (the key's path and reading, the columns, the scope titles and
/// the load's warnings), as length-prefixed UTF-8, and read back within bounds.
struct IndexCacheStrings: Equatable {
  var path: String
  var reading: String
  var columns: [String]
  var scopeTitles: [String]
  var warnings: [String]

  /// The lists, in stored order.
  private var lists: [[String]] { [[path], [reading], columns, scopeTitles, warnings] }

  /// The encoded bytes: per list its count, then per string its length and bytes (32-bit counts).
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    func append(_ value: Int) {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: value)) { bytes += $0 }
    }
    for list in lists {
      append(list.count)
      for text in list {
        append(text.utf8.count)
        bytes += text.utf8
      }
    }
    return bytes
  }

  init(path: String, reading: String, columns: [String], scopeTitles: [String], warnings: [String]) {
    self.path = path
    self.reading = reading
    self.columns = columns
    self.scopeTitles = scopeTitles
    self.warnings = warnings
  }

  /// The lists `bytes` encode, or nil when they run past the end or are not five lists of
  /// UTF-8 (one path, one reading).
  init?(_ bytes: UnsafeRawBufferPointer) {
    var position = 0
    func number() -> Int? {
      guard position + 4 <= bytes.count else { return nil }
      let value = bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
      position += 4
      return Int(value)
    }
    var lists: [[String]] = []
    for _ in 0..<5 {
      guard let count = number(), count <= bytes.count else { return nil }
      var list: [String] = []
      for _ in 0..<count {
        guard let length = number(), length <= bytes.count - position else { return nil }
        let text = UnsafeRawBufferPointer(rebasing: bytes[position..<position + length])
        guard let string = String(validating: text, as: UTF8.self) else { return nil }
        list.append(string)
        position += length
      }
      lists.append(list)
    }
    guard lists[0].count == 1, lists[1].count == 1 else { return nil }
    self.init(
      path: lists[0][0], reading: lists[1][0], columns: lists[2], scopeTitles: lists[3], warnings: lists[4])
  }
}
