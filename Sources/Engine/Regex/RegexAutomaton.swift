/// A deterministic automaton for a `RegexSyntax` pattern that answers "does the row contain a
/// match?" straight from the row's UTF-8 bytes, one table lookup per scalar.
///
/// Built eagerly (Thompson NFA, then subset construction over classes of scalars that every set
/// of the pattern treats alike), so searching threads only read it. The search is unanchored:
/// the start state is re-entered after every scalar. A row the automaton cannot judge exactly
/// makes `matches` return nil and goes to ICU: a control byte (line terminators change `.` and
/// `$`), U+0085, U+2028, U+2029, invalid UTF-8, or any non-ASCII scalar when the pattern is
/// `asciiOnly`. Patterns whose automaton would exceed `maxStates` are left to ICU entirely.
final class RegexAutomaton: @unchecked Sendable {
  /// Per undecided state (as its row offset) and class, the next state's row offset, or
  /// `boundary` plus a sentinel.
  private let transitions: UnsafePinnedBuffer<Int32>
  /// Per undecided state's row offset: whether reaching the end of the text there is a match.
  private let acceptsAtEnd: UnsafePinnedBuffer<Bool>
  /// Per byte: the class of an ASCII scalar, or the column that decodes or refuses the byte.
  private let byteClasses: UnsafePinnedBuffer<UInt8>
  /// The class of each non-ASCII scalar the pattern names.
  private let scalarClasses: [UInt32: Int]
  /// The class of every other non-ASCII scalar (nil: refuse them).
  private let otherClass: Int?
  /// Where the table's row offsets end and the sentinels begin.
  private let boundary: Int
  /// The state at the start of a text.
  private let initial: Int32
  /// Whether the automaton reads texts from their end (it was built for the reversed pattern).
  let backward: Bool

  static let acceptSentinel = 0
  static let deadSentinel = 1
  static let decodeSentinel = 2
  static let bailSentinel = 3
  static let acceptBit: UInt8 = 1
  static let deadBit: UInt8 = 2
  static let acceptAtEndBit: UInt8 = 4
  static let maxStates = 4096
  static let maxNodes = 4096

  /// The automaton for `syntax`, or nil when it would be too large.
  ///
  /// A pattern anchored at the end only (`ing$`) is better read from the end: built for the
  /// reversed pattern and run backwards, a row that does not end right is refused after a
  /// byte or two instead of read to the end.
  convenience init?(_ syntax: RegexSyntax, asciiOnly: Bool) {
    let backward = syntax.anchoredAtEnd && !syntax.anchoredAtStart
    self.init(backward ? syntax.reversed : syntax, asciiOnly: asciiOnly, backward: backward)
  }

  /// The automaton for `syntax`, to be read from the end of texts when `backward`.
  init?(_ syntax: RegexSyntax, asciiOnly: Bool, backward: Bool) {
    guard let nfa = RegexNFA(syntax), let classes = RegexClasses(sets: nfa.sets, asciiOnly: asciiOnly),
      let states = nfa.states(classes: classes)
    else { return nil }
    self.backward = backward
    let classCount = classes.count
    let stateFlags = states.flags
    // The run loop wants one load and one compare per byte: undecided states are numbered
    // densely and stored as row offsets into the table, whose two extra columns (scalars to
    // decode, bytes to refuse) lead to sentinels, as accepting and dead states do.
    let width = classCount + 2
    var number = [Int](repeating: -1, count: stateFlags.count)
    var live = 0
    for state in stateFlags.indices where stateFlags[state] & (Self.acceptBit | Self.deadBit) == 0 {
      number[state] = live
      live += 1
    }
    let boundary = live * width
    func encoded(_ state: Int) -> Int32 {
      if stateFlags[state] & Self.acceptBit != 0 { return Int32(boundary + Self.acceptSentinel) }
      if stateFlags[state] & Self.deadBit != 0 { return Int32(boundary + Self.deadSentinel) }
      return Int32(number[state] * width)
    }
    transitions = UnsafePinnedBuffer<Int32>(count: max(boundary, 1)) { table in
      for state in stateFlags.indices where number[state] >= 0 {
        let row = number[state] * width
        for klass in 0..<classCount {
          table[row + klass] = encoded(states.targets[state * classCount + klass])
        }
        table[row + classCount] = Int32(boundary + Self.decodeSentinel)
        table[row + classCount + 1] = Int32(boundary + Self.bailSentinel)
      }
    }
    acceptsAtEnd = UnsafePinnedBuffer<Bool>(count: max(boundary, 1)) { atEnd in
      for state in stateFlags.indices where number[state] >= 0 {
        atEnd[number[state] * width] = stateFlags[state] & Self.acceptAtEndBit != 0
      }
    }
    let representativeClass = classes.representativeClass
    byteClasses = UnsafePinnedBuffer<UInt8>(count: 256) { byteClasses in
      for byte in 0..<256 {
        byteClasses[byte] = UInt8(byte >= 0x80 && !asciiOnly ? classCount : classCount + 1)
      }
      for (offset, byte) in (0x20...0x7E).enumerated() { byteClasses[byte] = representativeClass[offset] }
    }
    var scalarClasses: [UInt32: Int] = [:]
    for (offset, scalar) in classes.named.enumerated() {
      scalarClasses[scalar] = Int(representativeClass[95 + offset])
    }
    self.scalarClasses = scalarClasses
    otherClass = asciiOnly ? nil : Int(representativeClass[representativeClass.count - 1])
    self.boundary = boundary
    initial = encoded(0)
  }

  /// Whether `bytes[start..<end]` contains a match, or nil when ICU must judge the row.
  @inline(__always)
  func matches(_ bytes: UnsafePointer<UInt8>, start: Int, end: Int) -> Bool? {
    // Both directions read `bytes[start..<end]` only, and the tables by states and classes they
    // were built with.
    assert(start >= 0 && start <= end, "text \(start)..<\(end)")
    return backward
      ? matchesBackward(bytes, start: start, end: end) : matchesForward(bytes, start: start, end: end)
  }

  /// `matches`, reading the text from its end.
  @inline(__always)
  func matchesBackward(_ bytes: UnsafePointer<UInt8>, start: Int, end: Int) -> Bool? {
    let transitions = self.transitions.pointer
    let byteClasses = self.byteClasses.pointer
    let boundary = self.boundary
    var state = Int(initial)
    if state >= boundary { return state &- boundary == Self.acceptSentinel }
    var position = end
    while position > start {
      position &-= 1
      var next = Int(transitions[state &+ Int(byteClasses[Int(bytes[position])])])
      if next >= boundary {
        switch next &- boundary {
        case Self.acceptSentinel: return true
        case Self.deadSentinel: return false
        case Self.bailSentinel: return nil
        default:
          // The last byte of a scalar: step back to its lead byte and decode it forwards.
          var lead = position
          while lead > start, position &- lead < 3, bytes[lead] & 0xC0 == 0x80 { lead &-= 1 }
          guard let (scalar, width) = Self.decode(bytes, lead, position &+ 1), lead &+ width == position &+ 1,
            scalar != 0x85, scalar != 0x2028, scalar != 0x2029,
            let klass = scalarClasses[scalar] ?? otherClass
          else { return nil }
          position = lead
          next = Int(transitions[state &+ klass])
          if next >= boundary { return next &- boundary == Self.acceptSentinel }
        }
      }
      state = next
    }
    return acceptsAtEnd.base[state]
  }

  /// `matches`, reading the text from its start.
  @inline(__always)
  func matchesForward(_ bytes: UnsafePointer<UInt8>, start: Int, end: Int) -> Bool? {
    let transitions = self.transitions.pointer
    let byteClasses = self.byteClasses.pointer
    let boundary = self.boundary
    var state = Int(initial)
    // Decided before the text starts: the empty match, or a pattern that never matches.
    if state >= boundary { return state &- boundary == Self.acceptSentinel }
    var position = start
    while position < end {
      var next = Int(transitions[state &+ Int(byteClasses[Int(bytes[position])])])
      position &+= 1
      if next >= boundary {
        switch next &- boundary {
        case Self.acceptSentinel: return true
        case Self.deadSentinel: return false
        case Self.bailSentinel: return nil
        default:
          guard let (scalar, width) = Self.decode(bytes, position &- 1, end),
            scalar != 0x85, scalar != 0x2028, scalar != 0x2029,
            let klass = scalarClasses[scalar] ?? otherClass
          else { return nil }
          position &+= width &- 1
          next = Int(transitions[state &+ klass])
          if next >= boundary { return next &- boundary == Self.acceptSentinel }
        }
      }
      state = next
    }
    return acceptsAtEnd.base[state]
  }

  /// The scalar of the well-formed UTF-8 sequence at `position` and its length, or nil.
  @inline(__always)
  static func decode(_ bytes: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> (UInt32, Int)? {
    let lead = bytes[position]
    let width: Int
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF:
      width = 2
      scalar = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      width = 3
      scalar = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      width = 4
      scalar = UInt32(lead & 0x07)
    default: return nil
    }
    guard position + width <= end else { return nil }
    for offset in 1..<width {
      let byte = bytes[position + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    // Overlong forms, surrogates and values past U+10FFFF are invalid (ICU would see U+FFFD).
    let smallest: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
    guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
    return (scalar, width)
  }
}
