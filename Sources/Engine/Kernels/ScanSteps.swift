/// How `ByteScanner.scan` finds its next step with a candidate, as a type: the step loop called
/// or inlined, fixed in each specialisation.
protocol ScanSteps {
  /// The first step from `position` through `lastStep` holding a candidate
  /// (`ByteScanner.nextCandidates`).
  static func next<Keys: ScanKeys>(
    _ base: UnsafePointer<UInt8>, from position: Int, through lastStep: Int, offsets: (Int, Int, Int),
    keys: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>), _: Keys.Type
  ) -> (step: Int, lanes: UInt64, width: Int)
}

/// The step loop in a function of its own, called once per step with a candidate.
///
/// Inlined into the scan, among the check's many values, it reloaded a key's address from the
/// stack at every step. For the scans whose candidates are a few rows apart or fewer (the engine's).
enum CalledSteps: ScanSteps {
  @inline(never)
  static func next<Keys: ScanKeys>(
    _ base: UnsafePointer<UInt8>, from position: Int, through lastStep: Int, offsets: (Int, Int, Int),
    keys: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>), _: Keys.Type
  ) -> (step: Int, lanes: UInt64, width: Int) {
    ByteScanner.nextCandidates(
      base, from: position, through: lastStep, offsets: offsets, keys: keys, Keys.self)
  }
}

/// The step loop inlined into the scan: for a scan that finds a candidate in most steps (a
/// regex's literal, which most rows it reads hold), where a call per step costs more than the
/// reloads.
enum InlinedSteps: ScanSteps {
  @inline(__always)
  static func next<Keys: ScanKeys>(
    _ base: UnsafePointer<UInt8>, from position: Int, through lastStep: Int, offsets: (Int, Int, Int),
    keys: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>), _: Keys.Type
  ) -> (step: Int, lanes: UInt64, width: Int) {
    ByteScanner.nextCandidates(
      base, from: position, through: lastStep, offsets: offsets, keys: keys, Keys.self)
  }
}
