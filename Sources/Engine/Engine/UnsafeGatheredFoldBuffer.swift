/// The fold bytes of a block of candidate rows, copied into one arena of their own so that a
/// previous result's rows are swept as the whole arena's are (`FuzzySweepRanking.run(candidates:)`).
///
/// Owns its memory, which `view` lends out until the next `gather`. Rows the sweep does not take
/// (a fold form that keeps a non-ASCII byte, over `FuzzySweep.longestRow` bytes, or too near the
/// arena's end to copy 64 bytes of) are copied empty and listed in `excluded`, to be ranked from
/// their own bytes.
final class UnsafeGatheredFoldBuffer {
  /// Most rows gathered at a time.
  let capacity: Int
  private let bytes: UnsafeMutablePointer<UInt8>
  private let byteCapacity: Int
  private let offsets: UnsafeMutablePointer<UInt32>
  private let excludedSlots: UnsafeMutablePointer<Int32>
  private var excludedCount = 0
  /// How many rows the last `gather` copied.
  private(set) var count = 0

  /// Room for `capacity` rows of up to `FuzzySweep.longestRow` bytes, each copied 64 bytes at a
  /// time, and the 64 bytes a sweep reads past the last.
  init(capacity: Int) {
    self.capacity = capacity
    byteCapacity = capacity &* Self.rowBytes &+ 4 &* 64
    bytes = .allocate(capacity: byteCapacity)
    offsets = .allocate(capacity: capacity &+ 1)
    excludedSlots = .allocate(capacity: capacity)
  }

  deinit {
    bytes.deallocate()
    offsets.deallocate()
    excludedSlots.deallocate()
  }

  /// The longest row copied, and the bytes each copy writes.
  private static let rowBytes = 57
  private static let copyBytes = 64

  /// The rows gathered, row `slot` being the `slot`th candidate.
  var view: UnsafeArenaView {
    UnsafeArenaView(base: bytes, limit: byteCapacity, offsets: offsets, stride: 1, column: 0)
  }

  /// The slots of the rows copied empty, ascending.
  var excluded: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: excludedSlots, count: excludedCount) }

  /// Copies the fold bytes of the rows `candidates[positions]` (ascending, at most `capacity`),
  /// walking `wide` (the rows whose fold form keeps a non-ASCII byte, ascending) on from
  /// `wideIndex`.
  func gather(
    _ candidates: UnsafePointer<Int32>, _ positions: Range<Int>, fold: UnsafeArenaView,
    wide: UnsafeBufferPointer<Int32>, wideIndex: inout Int
  ) {
    precondition(positions.count <= capacity, "\(positions.count) rows gathered into room for \(capacity)")
    excludedCount = 0
    var written = 0
    offsets[0] = 0
    for (slot, position) in positions.enumerated() {
      let row = Int(candidates[position])
      while wideIndex < wide.count, Int(wide[wideIndex]) < row { wideIndex &+= 1 }
      let start = fold.start(row)
      let length = fold.end(row) &- start
      let isWide = wideIndex < wide.count && Int(wide[wideIndex]) == row
      if isWide || length > Self.rowBytes || start &+ length &+ Self.copyBytes > fold.limit {
        excludedSlots[excludedCount] = Int32(truncatingIfNeeded: slot)
        excludedCount &+= 1
      } else {
        // Reach: 64 bytes from the row's start, within its end plus 64 (checked above) in the
        // arena and within `written + 64 <= capacity * 57 + 64` here.
        assert(written &+ Self.copyBytes <= byteCapacity, "a gathered row past the buffer")
        let source = fold.base + start
        let target = bytes + written
        for part in 0..<4 {
          UnsafeMutableRawPointer(target + part &* 16).storeBytes(
            of: ByteScanner.load16(source + part &* 16), as: SIMD16<UInt8>.self)
        }
        written &+= length
      }
      offsets[slot &+ 1] = UInt32(truncatingIfNeeded: written)
    }
    count = positions.count
    // The 64 bytes a sweep reads past the last row: zero, not a copy's leftovers (within
    // `written + 128 <= capacity * 57 + 256`).
    (bytes + written).update(repeating: 0, count: 2 &* Self.copyBytes)
  }
}
