import Foundation

/// A worker's growable block of bytes (a block read from a pipe, or a block lowercased), with
/// `padding` zeroed bytes past its room for the kernels' over-reads.
final class UnsafeBlockBuffer {
  /// Bytes readable past the room: the fuzzy mask kernel reads 64 from a text's start.
  static let padding = UnsafeFuzzyMaskScorer.reach
  /// The bytes.
  private(set) var pointer: UnsafeMutablePointer<UInt8>
  /// Room, padding excluded.
  private(set) var capacity: Int

  /// A buffer with room for `capacity` bytes (only the padding is written: untouched pages of a
  /// large room cost nothing until used).
  init(capacity: Int) throws(SearchError) {
    let room = max(capacity, 1)
    pointer = try SearchMemory.allocate(UInt8.self, count: room &+ Self.padding)
    self.capacity = room
    (pointer + room).initialize(repeating: 0, count: Self.padding)
  }

  deinit { free(pointer) }

  /// How many bytes may be read from `pointer`.
  var limit: Int { capacity &+ Self.padding }

  /// Grows the room to at least `count` bytes, keeping the bytes it holds.
  func reserve(_ count: Int) throws(SearchError) {
    guard count > capacity else { return }
    let grown = max(count, capacity <= Int.max / 2 ? capacity &* 2 : count)
    let (total, overflow) = grown.addingReportingOverflow(Self.padding)
    guard !overflow else { throw .searchOutOfMemory(requested: .max) }
    guard let moved = realloc(pointer, total) else { throw .searchOutOfMemory(requested: total) }
    pointer = moved.assumingMemoryBound(to: UInt8.self)
    capacity = grown
    (pointer + grown).initialize(repeating: 0, count: Self.padding)
  }

  /// Checks that the padding is zeroed.
  func checkInvariants() {
    for index in capacity..<limit {
      precondition(pointer[index] == 0, "a block buffer's padding was written")
    }
  }
}

/// A block of whole rows, each ended by the separator but perhaps the input's last; valid while
/// its buffer (or the mapped file) is.
struct UnsafeLineChunk {
  /// The first byte.
  let base: UnsafePointer<UInt8>
  /// How many bytes the rows take.
  let count: Int
  /// How many bytes may be read from `base` (SIMD loads stay below it).
  let limit: Int
  /// The block's place in the input (0, 1, …), which orders its output and its matches.
  let ordinal: Int
}
