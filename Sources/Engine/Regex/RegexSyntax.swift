/// A regular expression in the small subset whose meaning this engine knows exactly, as a tree.
///
/// `parse` gives up (nil) on anything outside it: inline flags, lookaround, backreferences,
/// word boundaries, lazy or possessive quantifiers, Unicode properties, set operations, escapes
/// other than escaped ASCII punctuation and `\d \w \s` (and their negations). ICU has already
/// accepted the pattern, so only what it means matters here, not its errors. A pattern that
/// uses `\d`, `\w` or `\s` is `asciiOnly`: their meaning on other scalars is a Unicode property
/// this engine does not model, so rows with non-ASCII text go to ICU.
package indirect enum RegexSyntax: Equatable {
  /// One scalar from a set.
  case set(RegexScalarSet)
  /// The parts, one after another.
  case sequence([RegexSyntax])
  /// Any one of the branches.
  case alternation([RegexSyntax])
  /// `min` to `max` (nil: unbounded) copies of the part.
  case repetition(RegexSyntax, min: Int, max: Int?)
  /// `^`: the start of the text (no multiline option is ever set).
  case textStart
  /// `$`: the end of the text (rows with a line terminator never reach the automaton).
  case textEnd
  /// A zero-width test this engine does not model (`\b`, lookaround): approximate parses only.
  case assertion
  /// Text this engine does not model (a backreference, `\p{...}`): approximate parses only.
  case unknown

  /// The same pattern read right to left: it matches the reversed scalars of what this matches,
  /// so a text contains a match of this exactly when the reversed text contains one of that.
  var reversed: RegexSyntax {
    switch self {
    case .set: return self
    case .sequence(let items): return .sequence(items.reversed().map(\.reversed))
    case .alternation(let branches): return .alternation(branches.map(\.reversed))
    case .repetition(let part, let min, let max): return .repetition(part.reversed, min: min, max: max)
    case .textStart: return .textEnd
    case .textEnd: return .textStart
    case .assertion, .unknown: return self
    }
  }

  /// Whether every match ends at the end of the text (`ing$`), as far as the shape shows.
  var anchoredAtEnd: Bool {
    switch self {
    case .textEnd: return true
    case .sequence(let items): return items.last?.anchoredAtEnd ?? false
    case .alternation(let branches): return branches.allSatisfy(\.anchoredAtEnd)
    case .set, .repetition, .textStart, .assertion, .unknown: return false
    }
  }

  /// Whether every match starts at the start of the text (`^stand`), as far as the shape shows.
  var anchoredAtStart: Bool { reversed.anchoredAtEnd }

  /// Whether some `$` may be followed by a scalar (`$[^a]`).
  ///
  /// ICU's `$` also matches before a line terminator that ends the text, which such a pattern
  /// then consumes; for the automaton `$` is only the end, so it finds no match possible before
  /// it reads (and hands ICU) the terminator. Such patterns get no automaton.
  var consumesAfterEnd: Bool { endFacts.followed }

  /// Whether the pattern holds a `$`, a scalar, and a scalar after a `$`.
  private var endFacts: (end: Bool, set: Bool, followed: Bool) {
    switch self {
    case .set: return (false, true, false)
    case .textEnd: return (true, false, false)
    case .textStart, .assertion, .unknown: return (false, false, false)
    case .sequence(let items):
      var facts = (end: false, set: false, followed: false)
      for item in items {
        let inner = item.endFacts
        facts.followed = facts.followed || inner.followed || (facts.end && inner.set)
        facts.end = facts.end || inner.end
        facts.set = facts.set || inner.set
      }
      return facts
    case .alternation(let branches):
      return branches.map(\.endFacts).reduce((false, false, false)) {
        ($0.0 || $1.0, $0.1 || $1.1, $0.2 || $1.2)
      }
    case .repetition(let part, _, let max):
      let inner = part.endFacts
      // A second copy follows the first's `$` with its scalars.
      return (inner.end, inner.set, inner.followed || (inner.end && inner.set && (max ?? 2) > 1))
    }
  }

  /// The parsed pattern and whether it may only judge ASCII text, or nil outside the subset.
  ///
  /// With `approximate`, some constructs outside the subset are accepted in a form that only
  /// keeps what literal extraction needs (`exact` is then false, and no automaton may be
  /// built): zero-width tests become `assertion`, backreferences and property escapes
  /// `unknown`, lazy quantifiers greedy ones (the same rows match), possessive quantifiers and
  /// atomic groups plain ones (they only ever reject matches). Inline flags still give up:
  /// `(?i)` changes what a literal matches.
  package static func parse(_ pattern: String, approximate: Bool = false)
    -> (syntax: RegexSyntax, asciiOnly: Bool, exact: Bool)?
  {
    var parser = Parser(scalars: pattern.unicodeScalars.map(\.value), approximate: approximate)
    guard let syntax = parser.alternation(depth: 0), parser.index == parser.scalars.count else { return nil }
    return (syntax, parser.asciiOnly, !parser.approximated)
  }

  /// A recursive-descent parser over the pattern's scalars.
  private struct Parser {
    let scalars: [UInt32]
    /// Whether constructs outside the subset may be approximated (see `parse`).
    let approximate: Bool
    var index = 0
    var asciiOnly = false
    /// Whether an approximation was made.
    var approximated = false

    init(scalars: [UInt32], approximate: Bool) {
      self.scalars = scalars
      self.approximate = approximate
    }

    /// Notes an approximation; false when they are not allowed.
    mutating func approximation() -> Bool {
      approximated = true
      return approximate
    }

    /// Larger counted repetitions are expanded into copies; past this they are left to ICU.
    static let maxCount = 16

    var next: UInt32? { index < scalars.count ? scalars[index] : nil }

    mutating func alternation(depth: Int) -> RegexSyntax? {
      guard depth < 32, var first = sequence(depth: depth) else { return nil }
      var branches: [RegexSyntax] = []
      while next == 0x7C {  // |
        index += 1
        branches.append(first)
        guard let branch = sequence(depth: depth) else { return nil }
        first = branch
      }
      if branches.isEmpty { return first }
      branches.append(first)
      return .alternation(branches)
    }

    mutating func sequence(depth: Int) -> RegexSyntax? {
      var items: [RegexSyntax] = []
      while let scalar = next, scalar != 0x7C, scalar != 0x29 {  // | )
        guard let atom = atom(depth: depth) else { return nil }
        if let (min, max) = quantifier() {
          if atom == .textStart || atom == .textEnd || atom == .assertion { return nil }
          // Lazy (`*?`) and possessive (`*+`) quantifiers change what is tried, which only an
          // approximation may ignore; stacked ones give up.
          if next == 0x3F || next == 0x2B {
            guard approximation() else { return nil }
            index += 1
          }
          if let after = next, [0x2A, 0x2B, 0x3F, 0x7B].contains(after) { return nil }
          items.append(.repetition(atom, min: min, max: max))
        } else {
          items.append(atom)
        }
      }
      return items.count == 1 ? items[0] : .sequence(items)
    }

    /// A quantifier at `index`, consumed, or nil when there is none (or it is not understood,
    /// which then fails as an atom).
    mutating func quantifier() -> (Int, Int?)? {
      switch next {
      case 0x2A:
        index += 1
        return (0, nil)
      case 0x2B:
        index += 1
        return (1, nil)
      case 0x3F:
        index += 1
        return (0, 1)
      case 0x7B:
        var position = index + 1
        func number() -> Int? {
          var value = 0
          var digits = 0
          while position < scalars.count, (0x30...0x39).contains(scalars[position]), digits < 4 {
            value = value * 10 + Int(scalars[position] - 0x30)
            position += 1
            digits += 1
          }
          return digits == 0 ? nil : value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if position < scalars.count, scalars[position] == 0x2C {
          position += 1
          high = number()
        }
        guard position < scalars.count, scalars[position] == 0x7D, low <= Self.maxCount,
          (high ?? low) <= Self.maxCount, low <= (high ?? low)
        else { return nil }
        index = position + 1
        return (low, high)
      default:
        return nil
      }
    }

    mutating func atom(depth: Int) -> RegexSyntax? {
      guard let scalar = next else { return nil }
      index += 1
      switch scalar {
      case 0x28:  // (
        var zeroWidth = false
        if next == 0x3F {  // `(?:`; approximately, lookaround and atomic groups
          guard index + 1 < scalars.count else { return nil }
          let kind = scalars[index + 1]
          var length = 2
          if kind == 0x3C, index + 2 < scalars.count, [0x3D, 0x21].contains(scalars[index + 2]) {
            length = 3  // (?<= (?<!
            zeroWidth = true
          } else if kind == 0x3D || kind == 0x21 {  // (?= (?!
            zeroWidth = true
          } else if kind != 0x3A, kind != 0x3E {  // (?: (?>
            return nil
          }
          if kind != 0x3A, !approximation() { return nil }
          index += length
        }
        guard let inner = alternation(depth: depth + 1), next == 0x29 else { return nil }
        index += 1
        return zeroWidth ? .assertion : inner
      case 0x5B: return characterClass()
      case 0x2E: return .set(.any)
      case 0x5E: return .textStart
      case 0x24: return .textEnd
      case 0x5C:
        guard let escaped = next else { return nil }
        index += 1
        if Self.isPunctuation(escaped) { return .set(Self.single(escaped)) }
        if let set = RegexScalarSet.property(escaped) {
          asciiOnly = true
          return .set(set)
        }
        return approximateEscape(escaped)
      case 0x2A, 0x2B, 0x3F, 0x7B, 0x7D, 0x5D, 0x29: return nil
      default:
        return Self.isLiteral(scalar) ? .set(Self.single(scalar)) : nil
      }
    }

    /// An escape outside the subset, after its backslash and letter, or nil.
    mutating func approximateEscape(_ escaped: UInt32) -> RegexSyntax? {
      switch escaped {
      case 0x62, 0x42, 0x41, 0x7A, 0x5A, 0x47:  // b B A z Z G
        return approximation() ? .assertion : nil
      case 0x31...0x39:  // a backreference takes every digit that follows
        while let digit = next, (0x30...0x39).contains(digit) { index += 1 }
        return approximation() ? .unknown : nil
      case 0x70, 0x50:  // p{...} P{...} pL
        if next == 0x7B {
          while let scalar = next, scalar != 0x7D { index += 1 }
          guard next == 0x7D else { return nil }
        }
        index += 1
        return approximation() ? .unknown : nil
      case 0x74, 0x6E, 0x72, 0x66, 0x65, 0x61:  // t n r f e a
        return approximation() ? .unknown : nil
      default:
        return nil
      }
    }

    /// `[...]` after its `[`: single scalars, ASCII letter or digit ranges, escapes; no nesting,
    /// set operations or POSIX names.
    mutating func characterClass() -> RegexSyntax? {
      var set = RegexScalarSet()
      if next == 0x5E {
        set.negated = true
        index += 1
      }
      var empty = true
      while let scalar = next, scalar != 0x5D {
        index += 1
        if scalar == 0x5C {
          guard let escaped = next else { return nil }
          index += 1
          if Self.isPunctuation(escaped) {
            set.insert(escaped...escaped)
          } else if let property = RegexScalarSet.property(escaped) {
            asciiOnly = true
            set.formUnion(property)
          } else {
            return nil
          }
        } else if next == 0x2D {  // a range
          guard index + 1 < scalars.count else { return nil }
          let upper = scalars[index + 1]
          guard Self.rangeKind(scalar) != nil, Self.rangeKind(scalar) == Self.rangeKind(upper),
            scalar <= upper
          else { return nil }
          index += 2
          set.insert(scalar...upper)
        } else if Self.isClassLiteral(scalar) {
          set.insert(scalar...scalar)
        } else {
          return nil
        }
        empty = false
      }
      guard next == 0x5D, !empty else { return nil }
      index += 1
      return .set(set)
    }

    static func single(_ scalar: UInt32) -> RegexScalarSet {
      var set = RegexScalarSet()
      set.insert(scalar...scalar)
      return set
    }

    /// ASCII punctuation, which a backslash makes literal.
    static func isPunctuation(_ scalar: UInt32) -> Bool {
      (0x21...0x7E).contains(scalar) && rangeKind(scalar) == nil
    }

    /// 0 for digits, 1 for upper case, 2 for lower case ASCII letters.
    static func rangeKind(_ scalar: UInt32) -> Int? {
      switch scalar {
      case 0x30...0x39: return 0
      case 0x41...0x5A: return 1
      case 0x61...0x7A: return 2
      default: return nil
      }
    }

    /// A scalar that stands for itself outside a class (printable, not a metacharacter).
    static func isLiteral(_ scalar: UInt32) -> Bool {
      if scalar >= 0xA0 { return (0xD800...0xDFFF).contains(scalar) == false }
      guard (0x20...0x7E).contains(scalar) else { return false }
      return !"\\^$.|?*+()[]{}".unicodeScalars.contains { $0.value == scalar }
    }

    /// A scalar that stands for itself inside a class (punctuation only where ICU's set syntax
    /// gives it no meaning).
    static func isClassLiteral(_ scalar: UInt32) -> Bool {
      if scalar >= 0xA0 { return true }
      if rangeKind(scalar) != nil { return true }
      return " _,.;!@#%'\"/<>=~`*+?()|".unicodeScalars.contains { $0.value == scalar }
    }
  }
}
