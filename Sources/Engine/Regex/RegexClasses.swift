/// The classes of scalars an automaton's table has a column for: ASCII printables one by one,
/// each non-ASCII scalar the pattern's sets name, and every other non-ASCII scalar, merged when
/// all sets agree on them.
struct RegexClasses {
  /// The non-ASCII scalars the sets name (none when `asciiOnly`), ascending.
  let named: [UInt32]
  /// The class of each representative: U+0020 to U+007E, then `named`, then (unless
  /// `asciiOnly`) one for every other non-ASCII scalar.
  let representativeClass: [UInt8]
  /// Per class, per set: whether the set holds the class's scalars.
  let members: [[Bool]]

  /// The classes `sets` distinguish, or nil past 250.
  init?(sets: [RegexScalarSet], asciiOnly: Bool) {
    var representatives: [UInt32] = Array(0x20...0x7E)
    var named: [UInt32] = []
    if !asciiOnly {
      named = Set(sets.flatMap(\.scalars)).subtracting([0x85, 0x2028, 0x2029]).sorted()
      representatives += named
      representatives.append(0x110000)  // stands for every other non-ASCII scalar
    }
    var classOfSignature: [[Bool]: UInt8] = [:]
    var representativeClass: [UInt8] = []
    var members: [[Bool]] = []
    for scalar in representatives {
      let signature = sets.map { scalar == 0x110000 ? $0.negated : $0.contains(scalar) }
      if let known = classOfSignature[signature] {
        representativeClass.append(known)
      } else {
        guard members.count < 250 else { return nil }
        let id = UInt8(members.count)
        classOfSignature[signature] = id
        members.append(signature)
        representativeClass.append(id)
      }
    }
    self.named = named
    self.representativeClass = representativeClass
    self.members = members
  }

  /// How many classes.
  var count: Int { members.count }
}
