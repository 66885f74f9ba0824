import Tables

/// Appends wide rows' four forms (`fold`, `exact`, `ci`, `strip`) to their arenas, or only counts
/// their bytes.
///
/// `FoldedIndex` folds wide rows twice with the same calls: once measuring, to size every arena
/// exactly, then writing straight into those arenas. Building the forms once in growable
/// per-chunk arrays and copying them would hold both at the load's memory peak, and the arrays'
/// freed memory stays resident in the worker threads' malloc arenas.
struct WideFormWriter {
  /// Where the forms go: the arenas, and the side arenas' offset tables (by wide index).
  ///
  /// A nil arena is counted but not written: the load writes only `fold`, and the side forms are
  /// written by a later pass over the wide rows, when a search first needs them.
  struct UnsafeTargets {
    var fold: UnsafeMutablePointer<UInt8>?
    var exact: UnsafeMutablePointer<UInt8>?
    var ci: UnsafeMutablePointer<UInt8>?
    var strip: UnsafeMutablePointer<UInt8>?
    var exactOffsets: UnsafeMutablePointer<UInt32>?
    var ciOffsets: UnsafeMutablePointer<UInt32>?
    var stripOffsets: UnsafeMutablePointer<UInt32>?

    /// Writes `variant`'s side form (not `fold`) into `bytes` and its ends into `offsets`.
    mutating func set(
      _ variant: TextVariant, bytes: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>
    ) {
      switch variant {
      case .exact: (exact, exactOffsets) = (bytes, offsets)
      case .ci: (ci, ciOffsets) = (bytes, offsets)
      case .strip: (strip, stripOffsets) = (bytes, offsets)
      case .fold: break
      }
    }
  }

  /// nil while measuring.
  private let targets: UnsafeTargets?
  /// Position of the next `fold` byte; the fold arena interleaves ASCII rows, so callers move it.
  var fold = 0
  /// Position of the next byte of each side form.
  private(set) var exact = 0
  private(set) var ci = 0
  private(set) var strip = 0
  /// Wide rows ended so far (plus the starting index): the next row's slot in the offset tables.
  private(set) var row = 0

  /// A writer that only counts.
  init() { targets = nil }

  /// A writer into `targets`, starting at the given positions (a chunk's share of each arena).
  init(into targets: UnsafeTargets, fold: Int, exact: Int, ci: Int, strip: Int, row: Int) {
    self.targets = targets
    self.fold = fold
    self.exact = exact
    self.ci = ci
    self.strip = strip
    self.row = row
  }

  /// A run of ASCII bytes: themselves in `exact` and `strip`, lowercased in `ci` and `fold`.
  @inline(__always)
  mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let targets, let source = bytes.baseAddress {
      Self.copy(source, bytes.count, to: targets.exact, at: exact, lowercased: false)
      Self.copy(source, bytes.count, to: targets.strip, at: strip, lowercased: false)
      Self.copy(source, bytes.count, to: targets.ci, at: ci, lowercased: true)
      Self.copy(source, bytes.count, to: targets.fold, at: fold, lowercased: true)
    }
    fold &+= bytes.count
    exact &+= bytes.count
    ci &+= bytes.count
    strip &+= bytes.count
  }

  /// `count` ASCII bytes to `target` at `position`, lowercased or as they are; none for no target.
  @inline(__always)
  private static func copy(
    _ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>?, at position: Int,
    lowercased: Bool
  ) {
    guard let target else { return }
    let output = target + position
    for index in 0..<count {
      let byte = source[index]
      output[index] = lowercased ? ByteCodes.lowercased(byte) : byte
    }
  }

  /// One ASCII byte of the `fold` form alone (the load's passes, which write no side form).
  @inline(__always)
  mutating func appendFoldASCII(_ byte: UInt8) {
    if let target = targets?.fold { target[fold] = ByteCodes.lowercased(byte) }
    fold &+= 1
  }

  /// Bytes of one form.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, as variant: TextVariant) {
    switch variant {
    case .fold: Self.put(bytes, targets?.fold ?? nil, at: &fold)
    case .exact: Self.put(bytes, targets?.exact ?? nil, at: &exact)
    case .ci: Self.put(bytes, targets?.ci ?? nil, at: &ci)
    case .strip: Self.put(bytes, targets?.strip ?? nil, at: &strip)
    }
  }

  /// One form packed as `ScalarFoldTable.packed` holds it: its bytes written one by one (one or
  /// two, mostly), without a copy call.
  @inline(__always)
  mutating func append(packed word: UInt64, as variant: TextVariant) {
    switch variant {
    case .fold: Self.put(packed: word, targets?.fold ?? nil, at: &fold)
    case .exact: Self.put(packed: word, targets?.exact ?? nil, at: &exact)
    case .ci: Self.put(packed: word, targets?.ci ?? nil, at: &ci)
    case .strip: Self.put(packed: word, targets?.strip ?? nil, at: &strip)
    }
  }

  /// Ends a wide row: records where its side forms end.
  @inline(__always)
  mutating func endRow() {
    if let targets {
      targets.exactOffsets?[row + 1] = UInt32(exact)
      targets.ciOffsets?[row + 1] = UInt32(ci)
      targets.stripOffsets?[row + 1] = UInt32(strip)
    }
    row &+= 1
  }

  @inline(__always)
  private static func put(packed word: UInt64, _ base: UnsafeMutablePointer<UInt8>?, at position: inout Int) {
    let count = Int(truncatingIfNeeded: word &>> 56)
    if let base {
      for index in 0..<count {
        base[position &+ index] = UInt8(truncatingIfNeeded: word &>> UInt64(8 &* index))
      }
    }
    position &+= count
  }

  @inline(__always)
  private static func put(
    _ bytes: UnsafeBufferPointer<UInt8>, _ base: UnsafeMutablePointer<UInt8>?, at position: inout Int
  ) {
    if let base, let source = bytes.baseAddress, !bytes.isEmpty {
      (base + position).update(from: source, count: bytes.count)
    }
    position &+= bytes.count
  }
}
