/// A needle's key bytes as `ByteScanner.scanKeyed` tests them: where they sit in the needle, their
/// values, and the values splatted over 16 lanes; the third key only for `ThreeKeys`.
struct ScanKeyLanes<Keys: ScanKeys> {
  /// Where the rarest byte sits in the needle.
  let firstIndex: Int
  /// Where the second-rarest byte sits.
  let secondIndex: Int
  /// Where the third-rarest byte sits.
  let thirdIndex: Int
  /// The rarest byte.
  let firstByte: UInt8
  /// The second-rarest byte.
  let secondByte: UInt8
  /// The third-rarest byte.
  let thirdByte: UInt8
  /// `firstByte` in every lane.
  let first: SIMD16<UInt8>
  /// `secondByte` in every lane.
  let second: SIMD16<UInt8>
  /// `thirdByte` in every lane.
  let third: SIMD16<UInt8>

  @inline(__always)
  init(_ needle: ByteNeedle) {
    firstIndex = needle.firstIndex
    secondIndex = needle.secondIndex
    thirdIndex = needle.thirdIndex
    firstByte = needle.bytes[firstIndex]
    secondByte = needle.bytes[secondIndex]
    thirdByte = needle.bytes[thirdIndex]
    first = SIMD16<UInt8>(repeating: firstByte)
    second = SIMD16<UInt8>(repeating: secondByte)
    third = SIMD16<UInt8>(repeating: thirdByte)
  }

  /// The furthest key from a candidate's start: a step reads that far past its positions.
  var maxKey: Int { max(firstIndex, secondIndex, thirdIndex) }

  /// The candidates among the 16 positions from `position`.
  @inline(__always)
  func half(_ base: UnsafePointer<UInt8>, _ position: Int) -> SIMDMask<SIMD16<Int8>> {
    let a = ByteScanner.load16(base + position + firstIndex) .== first
    let b = ByteScanner.load16(base + position + secondIndex) .== second
    return Keys.three ? a .& b .& (ByteScanner.load16(base + position + thirdIndex) .== third) : a .& b
  }

  /// Whether the key bytes (all three, whatever `Keys`) agree at `candidate`, byte by byte.
  @inline(__always)
  func holds(_ base: UnsafePointer<UInt8>, at candidate: Int) -> Bool {
    base[candidate &+ firstIndex] == firstByte && base[candidate &+ secondIndex] == secondByte
      && base[candidate &+ thirdIndex] == thirdByte
  }

  /// The first step from `position` through `lastStep` with a candidate: where it starts, its
  /// candidates as bits (lane 0 lowest), and its width (64 or 32 positions); no bits when none
  /// has one, and the step then lies past `lastStep`.
  ///
  /// Most steps have no candidate: they get a loop of their own, whose few values stay in
  /// registers (in one loop with the hit's handling, the position went through the stack at every
  /// step). 64 positions at a time, then 32, one OR of a mask's words saying it is empty; the lanes
  /// of the step that has one come from the masks at hand, in 16-lane halves (found again a step at
  /// a time, a pair's first step was a noticeable share of a scan whose hits are a few rows apart;
  /// a 32-lane mask kept from inside the loop was written to memory lane by lane at every step).
  @inline(__always)
  func nextCandidates(
    _ base: UnsafePointer<UInt8>, from position: Int, through lastStep: Int, limit: Int
  ) -> (step: Int, lanes: UInt64, width: Int) {
    var step = position
    while step &+ 32 <= lastStep {
      assert(step &+ 64 &+ maxKey <= limit, "a scan step at \(step) reads past \(limit)")
      let low = (low: half(base, step), high: half(base, step &+ 16))
      let high = (low: half(base, step &+ 32), high: half(base, step &+ 48))
      if !ByteScanner.isEmpty((low.low .| low.high, high.low .| high.high)) {
        return (step, UInt64(ByteScanner.bits(low)) | UInt64(ByteScanner.bits(high)) &<< 32, 64)
      }
      step &+= 64
    }
    while step <= lastStep {
      let mask = (low: half(base, step), high: half(base, step &+ 16))
      if !ByteScanner.isEmpty(mask) { return (step, UInt64(ByteScanner.bits(mask)), 32) }
      step &+= 32
    }
    return (step, 0, 32)
  }
}
