import Foundation

/// A cell's bytes in a dataset's arena as a dictionary key, hashed and compared by content
/// without copying them: valid only while the arena is (inside `Dataset.withStorage`).
struct UnsafeCellKey: Hashable {
  /// The cell's bytes, borrowed from the arena.
  let bytes: UnsafeBufferPointer<UInt8>

  func hash(into hasher: inout Hasher) {
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
  }

  static func == (left: UnsafeCellKey, right: UnsafeCellKey) -> Bool {
    left.bytes.count == right.bytes.count && compare(left.bytes, right.bytes) == 0
  }

  /// Negative, zero or positive as `left`'s bytes sort before, with or after `right`'s (a
  /// shorter cell before a longer one it starts): code point order, as `COLLATE "C"`.
  static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    if common > 0, let a = left.baseAddress, let b = right.baseAddress {
      let result = Int(memcmp(a, b, common).signum())
      if result != 0 { return result }
    }
    return left.count < right.count ? -1 : (left.count > right.count ? 1 : 0)
  }
}
