/// A query term's needle as UTF-8 bytes, with the two rarest bytes the SIMD scan keys on.
struct ByteNeedle {
  /// A needle of over three bytes keys its scan on a third byte when its two rarest agree at one
  /// position in this many or more: failed candidates then cost more than the third load.
  static let thirdKeyOdds = 1_024
  /// The needle's bytes.
  let bytes: [UInt8]
  /// The needle's Unicode scalar values (for fuzzy matching and scoring).
  let scalars: [UInt32]
  /// Where each scalar starts in `bytes`, plus `bytes.count` at the end.
  let scalarStarts: [Int]
  /// Position of the rarest byte.
  let firstIndex: Int
  /// Position of the second-rarest byte (equal to `firstIndex` for a one-byte needle).
  let secondIndex: Int
  /// Position of the third-rarest byte (equal to `secondIndex` for a needle of under 3 bytes).
  let thirdIndex: Int
  /// Whether the scan compares the third-rarest byte too (see `init`).
  let keysOnThree: Bool
  /// Whether every byte is ASCII.
  let isASCII: Bool
  /// The positions a per-row check compares first: the last byte and the rarest of the others.
  ///
  /// Rows re-checked after a keystroke already hold the needle without its last byte, so a pair
  /// of two earlier bytes would flag a candidate in nearly every one of them; the last byte is the
  /// one that tells them apart.
  let rowKeys: NeedleKeys

  /// Chooses the scan bytes by `frequency` (counts per byte value in the arena).
  init(_ text: String, frequency: [Int]) {
    let bytes = Array(text.utf8)
    self.bytes = bytes
    scalars = text.unicodeScalars.map(\.value)
    var starts: [Int] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      starts.append(offset)
      offset += UTF8.width(scalar)
    }
    starts.append(offset)
    scalarStarts = starts
    isASCII = bytes.allSatisfy { $0 < 0x80 }
    // Rarest first; ties prefer the later byte, which tends to be more selective.
    let ranked = bytes.indices.sorted { left, right in
      let a = frequency[Int(bytes[left])]
      let b = frequency[Int(bytes[right])]
      return a != b ? a < b : left > right
    }
    firstIndex = ranked.first ?? 0
    secondIndex = ranked.count > 1 ? ranked[1] : firstIndex
    thirdIndex = ranked.count > 2 ? ranked[2] : secondIndex
    // A third key costs every 32-byte step a load and a compare; a candidate that fails costs a
    // mispredicted branch and a verification. Three bytes are always worth it (the comparison then
    // verifies them); longer needles take the third only when their two rarest bytes are common
    // enough to agree often (`thirdKeyOdds`), where failed candidates cost more than it.
    let total = max(1, frequency.reduce(0, +))
    func share(_ index: Int) -> Double { Double(frequency[Int(bytes[index])]) / Double(total) }
    keysOnThree =
      thirdIndex != secondIndex
      && (bytes.count == 3
        || share(firstIndex) * share(secondIndex) * Double(Self.thirdKeyOdds) >= 1)
    let last = max(0, bytes.count - 1)
    rowKeys = NeedleKeys(first: ranked.first { $0 != last } ?? last, second: last)
  }

  /// Number of bytes.
  var count: Int { bytes.count }
}
