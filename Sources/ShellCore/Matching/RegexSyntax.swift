/// A regular expression in the small subset whose meaning this engine knows exactly, as a tree.
///
/// `parse` gives up (nil) on anything outside it: inline flags, lookaround, backreferences,
/// word boundaries, lazy or possessive quantifiers, Unicode properties, set operations, escapes
/// other than escaped ASCII punctuation and `\d \w \s` (and their negations). ICU has already
/// accepted the pattern, so only what it means matters here, not its errors. A pattern that
/// uses `\d`, `\w` or `\s` is `asciiOnly`: their meaning on other scalars is a Unicode property
/// this engine does not model, so rows with non-ASCII text go to ICU.
indirect enum RegexSyntax: Equatable {
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
    }
  }

  /// Whether every match ends at the end of the text (`ing$`), as far as the shape shows.
  var anchoredAtEnd: Bool {
    switch self {
    case .textEnd: return true
    case .sequence(let items): return items.last?.anchoredAtEnd ?? false
    case .alternation(let branches): return branches.allSatisfy(\.anchoredAtEnd)
    case .set, .repetition, .textStart: return false
    }
  }

  /// Whether every match starts at the start of the text (`^stand`), as far as the shape shows.
  var anchoredAtStart: Bool { reversed.anchoredAtEnd }

  /// The parsed pattern and whether it may only judge ASCII text, or nil outside the subset.
  static func parse(_ pattern: String) -> (syntax: RegexSyntax, asciiOnly: Bool)? {
    var parser = Parser(scalars: pattern.unicodeScalars.map(\.value))
    guard let syntax = parser.alternation(depth: 0), parser.index == parser.scalars.count else { return nil }
    return (syntax, parser.asciiOnly)
  }

  /// A recursive-descent parser over the pattern's scalars.
  private struct Parser {
    let scalars: [UInt32]
    var index = 0
    var asciiOnly = false

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
          if atom == .textStart || atom == .textEnd { return nil }
          // Lazy (`*?`), possessive (`*+`) and stacked quantifiers change what is tried: give up.
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
        if next == 0x3F {  // only `(?:` is understood
          guard index + 1 < scalars.count, scalars[index + 1] == 0x3A else { return nil }
          index += 2
        }
        guard let inner = alternation(depth: depth + 1), next == 0x29 else { return nil }
        index += 1
        return inner
      case 0x5B: return characterClass()
      case 0x2E: return .set(.any)
      case 0x5E: return .textStart
      case 0x24: return .textEnd
      case 0x5C:
        guard let escaped = next else { return nil }
        index += 1
        if Self.isPunctuation(escaped) { return .set(Self.single(escaped)) }
        guard let set = RegexScalarSet.property(escaped) else { return nil }
        asciiOnly = true
        return .set(set)
      case 0x2A, 0x2B, 0x3F, 0x7B, 0x7D, 0x5D, 0x29: return nil
      default:
        return Self.isLiteral(scalar) ? .set(Self.single(scalar)) : nil
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
