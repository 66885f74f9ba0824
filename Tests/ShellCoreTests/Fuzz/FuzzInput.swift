/// A fuzz target's bytes read front to back; past the end every byte reads as 0, so any input
/// decodes to something.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  var isEmpty: Bool { position >= bytes.count }

  /// The next byte (0 past the end).
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    position += 1
    return bytes[position - 1]
  }
}
