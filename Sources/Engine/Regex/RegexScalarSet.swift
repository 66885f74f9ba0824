/// The scalars one step of a parsed regular expression accepts: ASCII as a bitmap, others listed.
///
/// `negated` complements the whole set, so `.` is the negated empty set. Line terminators need no
/// special case: rows holding one never reach the automaton (see `RegexAutomaton`).
package struct RegexScalarSet: Hashable {
  /// Members 0..<64.
  var low: UInt64 = 0
  /// Members 64..<128.
  var high: UInt64 = 0
  /// Non-ASCII members.
  var scalars: Set<UInt32> = []
  /// Whether the set is the complement of the members above.
  var negated = false

  /// Any scalar (the automaton never sees a line terminator).
  static let any = RegexScalarSet(negated: true)

  /// The ASCII digits, letters, underscore, or space: `\d`, `\w`, `\s` on ASCII text.
  static func property(_ letter: UInt32) -> RegexScalarSet? {
    var set = RegexScalarSet()
    switch letter {
    case 0x64, 0x44: set.insert(0x30...0x39)  // d D
    case 0x77, 0x57:  // w W
      set.insert(0x30...0x39)
      set.insert(0x41...0x5A)
      set.insert(0x61...0x7A)
      set.insert(0x5F...0x5F)
    case 0x73, 0x53:  // s S: the ASCII white space (the automaton never sees a control byte)
      set.insert(0x09...0x0D)
      set.insert(0x20...0x20)
    default: return nil
    }
    if letter < 0x61 {  // upper case: the complement, within ASCII
      set.low = ~set.low
      set.high = ~set.high
    }
    return set
  }

  /// Adds every scalar in `range`, which must be ASCII or a single scalar.
  mutating func insert(_ range: ClosedRange<UInt32>) {
    for scalar in range {
      if scalar < 64 {
        low |= 1 << UInt64(scalar)
      } else if scalar < 128 {
        high |= 1 << UInt64(scalar - 64)
      } else {
        scalars.insert(scalar)
      }
    }
  }

  /// Adds the members of another (not negated) set.
  mutating func formUnion(_ other: RegexScalarSet) {
    low |= other.low
    high |= other.high
    scalars.formUnion(other.scalars)
  }

  /// Whether `scalar` is in the set.
  func contains(_ scalar: UInt32) -> Bool {
    let member: Bool
    if scalar < 64 {
      member = (low >> UInt64(scalar)) & 1 != 0
    } else if scalar < 128 {
      member = (high >> UInt64(scalar - 64)) & 1 != 0
    } else {
      member = scalars.contains(scalar)
    }
    return member != negated
  }

  /// Every member, when the set is small and not negated (for literal extraction).
  func members(limit: Int) -> [UInt32]? {
    if negated { return nil }
    var result: [UInt32] = []
    for scalar in UInt32(0)..<128 where contains(scalar) {
      result.append(scalar)
      if result.count > limit { return nil }
    }
    result.append(contentsOf: scalars.sorted())
    return result.count > limit ? nil : result
  }
}
