/// A branch-free test of a needle of one to three bytes against one row of up to 48 start positions.
///
/// One- and two-letter queries match a large share of the rows, and there the scan's per-hit work
/// (finding the hit's row, then a branch the CPU cannot predict) costs more than the scan itself.
/// A probe costs every row the same few vector operations: compare 48 positions, clear the lanes
/// past the row's end with a mask loaded from a table (no `SIMDMask` conversion, which Swift turns
/// into per-lane code), and OR the result to one word.
struct RowProbe<Shape: ProbeShape> {
  /// Lanes as a comparison gives them (0xFF or 0 per byte).
  typealias Lanes = SIMDMask<SIMD32<Int8>>
  /// The last 16 positions' lanes.
  typealias HighLanes = SIMDMask<SIMD16<Int8>>

  // Every vector is built once, here: Swift turns splats built inside a loop into per-lane code,
  // as it does `&` and `|` on `SIMD32<UInt8>` (the mask operators `.&` and `.|` stay vector code).
  // The 16-lane halves are vectors of their own too: `lowHalf` is a generic call that the
  // optimiser inlined into some specialisations of the probe loop and not others.
  private let first: SIMD32<UInt8>
  private let second: SIMD32<UInt8>
  private let third: SIMD32<UInt8>
  private let first16: SIMD16<UInt8>
  private let second16: SIMD16<UInt8>
  private let third16: SIMD16<UInt8>
  private let letterBase = SIMD32<UInt8>(repeating: 0x61)
  private let letterCount = SIMD32<UInt8>(repeating: 26)
  private let digitBase = SIMD32<UInt8>(repeating: 0x30)
  private let digitCount = SIMD32<UInt8>(repeating: 10)
  private let letterBase16 = SIMD16<UInt8>(repeating: 0x61)
  private let letterCount16 = SIMD16<UInt8>(repeating: 26)
  private let digitBase16 = SIMD16<UInt8>(repeating: 0x30)
  private let digitCount16 = SIMD16<UInt8>(repeating: 10)
  /// The row's first lane, a word start whatever byte precedes it.
  private let firstLane: Lanes
  private let masks: UnsafePointer<UInt8>

  /// The most bytes a probed row has; longer rows take another path.
  ///
  /// 48 covers nearly every row of short text (2-4 words) with three 16-byte vectors per needle
  /// byte, where 64 would take four.
  static var maxRowBytes: Int { 48 }
  /// How far from a row's first byte a probe reads (it also reads the byte before it).
  static var reach: Int { 66 }

  /// 64 bytes of 0xFF, then 64 of zero: the 32 bytes from `64 - n` keep the first `n` lanes.
  private static var lengthMasks: UnsafePinnedBuffer<UInt8> { ProbeLengthMasks.table }

  /// A probe for `needle`, of `Shape`'s length (for a word-start shape, on ASCII rows only:
  /// every byte outside `a-z0-9` ends a word, as in the `fold` form of an ASCII row).
  init(needle: [UInt8]) {
    precondition(needle.count == Shape.byteCount, "the needle has the probe's length")
    first = SIMD32(repeating: needle[0])
    second = SIMD32(repeating: needle[min(1, needle.count - 1)])
    third = SIMD32(repeating: needle[needle.count - 1])
    first16 = SIMD16(repeating: needle[0])
    second16 = SIMD16(repeating: needle[min(1, needle.count - 1)])
    third16 = SIMD16(repeating: needle[needle.count - 1])
    var lane = Lanes(repeating: false)
    lane[0] = true
    firstLane = lane
    masks = Self.lengthMasks.pointer
  }

  /// 1 if the needle starts at one of the first `positions` (0...48) bytes from `row`, else 0.
  ///
  /// A number, for callers that count hits without a branch. The row must be preceded by a
  /// readable byte and followed by `reach - 1` readable bytes.
  ///
  /// `Shape` is a type so that each specialisation is straight-line code: a mask assigned on one
  /// side of a branch taken at run time is split into 32 booleans where the paths join.
  @inline(__always)
  func matches(_ row: UnsafePointer<UInt8>, positions: Int) -> Int {
    // Reach: `row - 1` through `row + 34 + 15 < row + reach`; the masks from `masks + 16` through
    // `masks + 96 + 15`, inside their 128 bytes for `positions` in 0...48.
    assert(positions >= 0 && positions <= Self.maxRowBytes, "a probe of \(positions) positions")
    var low = (ByteScanner.load(row) .== first) .& Self.lanes(masks + (64 &- positions))
    var high = (ByteScanner.load16(row + 32) .== first16) .& Self.highLanes(masks + (96 &- positions))
    if Shape.byteCount >= 2 {
      low = low .& (ByteScanner.load(row + 1) .== second)
      high = high .& (ByteScanner.load16(row + 33) .== second16)
    }
    if Shape.byteCount >= 3 {
      low = low .& (ByteScanner.load(row + 2) .== third)
      high = high .& (ByteScanner.load16(row + 34) .== third16)
    }
    if Shape.wordStart {
      // A word starts at the row's first byte, or after a byte that is not a letter or digit.
      low = low .& (nonWord(ByteScanner.load(row - 1)) .| firstLane)
      high = high .& nonWord16(ByteScanner.load16(row + 31))
    }
    let words = unsafeBitCast(low, to: SIMD4<UInt64>.self)
    let highWords = unsafeBitCast(high, to: SIMD2<UInt64>.self)
    return (words[0] | words[1]) | (words[2] | words[3]) | (highWords[0] | highWords[1]) != 0 ? 1 : 0
  }

  /// 16 bytes of 0xFF or 0 from `pointer`, as lanes.
  @inline(__always)
  private static func highLanes(_ pointer: UnsafePointer<UInt8>) -> HighLanes {
    UnsafeRawPointer(pointer).loadUnaligned(as: HighLanes.self)
  }

  /// `nonWord` for 16 bytes.
  @inline(__always)
  private func nonWord16(_ bytes: SIMD16<UInt8>) -> HighLanes {
    .!(((bytes &- letterBase16) .< letterCount16) .| ((bytes &- digitBase16) .< digitCount16))
  }

  /// 32 bytes of 0xFF or 0 from `pointer`, as lanes.
  @inline(__always)
  private static func lanes(_ pointer: UnsafePointer<UInt8>) -> Lanes {
    UnsafeRawPointer(pointer).loadUnaligned(as: Lanes.self)
  }

  /// The lanes whose byte is not an ASCII lowercase letter or digit.
  @inline(__always)
  private func nonWord(_ bytes: SIMD32<UInt8>) -> Lanes {
    .!(((bytes &- letterBase) .< letterCount) .| ((bytes &- digitBase) .< digitCount))
  }
}

/// The table of `RowProbe`'s length masks (a generic type cannot hold a stored static).
private enum ProbeLengthMasks {
  static let table = UnsafePinnedBuffer<UInt8>(count: 128) { table in
    for index in 0..<64 { table[index] = 0xFF }
  }
}

/// What a `RowProbe` tests, as a type: the needle's length (1 to 3 bytes; 4 for a `RowSweep`
/// only) and whether it must start a word.
protocol ProbeShape {
  static var byteCount: Int { get }
  static var wordStart: Bool { get }
}

/// One byte, anywhere.
enum OneByteProbe: ProbeShape {
  static var byteCount: Int { 1 }
  static var wordStart: Bool { false }
}

/// Two bytes, anywhere.
enum TwoByteProbe: ProbeShape {
  static var byteCount: Int { 2 }
  static var wordStart: Bool { false }
}

/// Three bytes, anywhere.
enum ThreeByteProbe: ProbeShape {
  static var byteCount: Int { 3 }
  static var wordStart: Bool { false }
}

/// Four bytes, anywhere (swept, never probed).
enum FourByteProbe: ProbeShape {
  static var byteCount: Int { 4 }
  static var wordStart: Bool { false }
}

/// One byte starting a word.
enum OneByteWordProbe: ProbeShape {
  static var byteCount: Int { 1 }
  static var wordStart: Bool { true }
}

/// Two bytes starting a word.
enum TwoByteWordProbe: ProbeShape {
  static var byteCount: Int { 2 }
  static var wordStart: Bool { true }
}

/// Three bytes starting a word.
enum ThreeByteWordProbe: ProbeShape {
  static var byteCount: Int { 3 }
  static var wordStart: Bool { true }
}
