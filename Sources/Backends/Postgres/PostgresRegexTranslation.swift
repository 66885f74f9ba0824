import Foundation

/// The engine's `regex` pattern as a PostgreSQL ARE that matches the same titles, or the construct
/// that keeps it from translating.
///
/// The engine matches with ICU (`NSRegularExpression`, no options): case-sensitively, scalar by
/// scalar, anywhere in the title as it is (not folded, not normalised). The ARE is applied with
/// `~` to the same text under `COLLATE "C"`, where nothing depends on a locale: every scalar
/// but an ASCII letter or digit is written as a `\u` escape, and every set (`.`, `[…]`, `\d`,
/// `\w`, `\s`, `\p{…}`, …) as an explicit bracket of the scalars ICU itself puts in it
/// (`PostgresRegexSets`), so `\d` holds ٣ and `.` excludes exactly ICU's line terminators.
/// Rewritten: `$` and `\Z` (ICU's also match before one line terminator ending the text) as a
/// lookahead, `\A` as `^`, `\z` as `$`, lazy quantifiers as greedy ones (whether a match exists
/// does not depend on which is tried first), `\Q…\E` as literals, groups as `(?:…)`. Refused:
/// what ARE lacks or means otherwise (backreferences, `\G`, `\X`, `\R`, atomic groups, possessive
/// quantifiers, inline flags such as `(?i)`, bounds above 255). `\b` and `\B` are ICU's rule
/// written as lookarounds (`PostgresRegexBoundary`), not ARE's `\y`.
enum PostgresRegexTranslation: Equatable, Sendable {
  /// The ARE.
  case translated(String)
  /// Why it does not translate, naming the construct (completes "the regex … because it has …").
  case refused(String)

  /// ICU's `$` without the multiline option: the end, or before one line terminator (CR LF
  /// counts as one) that ends the text, but not between the CR and the LF of a final CR LF
  /// (ICU's `a\r$` does not match "a\r\n").
  static let endOfText =
    "(?:(?=(?:\\u000D\\u000A|[\\u000B-\\u000D\\u0085\\u2028\\u2029])?$)|(?<!\\u000D)(?=\\u000A$))"

  /// The longest ARE sent: longer ones (many large classes) are left to the client.
  static let maxLength = 200_000

  /// `pattern` translated, or refused.
  static func translate(_ pattern: String) -> PostgresRegexTranslation {
    guard (try? NSRegularExpression(pattern: pattern, options: [])) != nil else {
      return .refused("a pattern ICU does not compile")
    }
    var parser = Parser(scalars: pattern.unicodeScalars.map(\.value))
    do throws(Refusal) {
      let translated = try parser.alternation(depth: 0)
      if parser.index < parser.scalars.count { throw Refusal("an unmatched ')'") }
      guard translated.utf8.count <= maxLength else {
        throw Refusal("classes too large to send (\(translated.utf8.count) bytes translated)")
      }
      return .translated(translated)
    } catch {
      return .refused(error.construct)
    }
  }

  /// A construct the translation refuses.
  struct Refusal: Error {
    var construct: String
    init(_ construct: String) { self.construct = construct }
  }

  /// An ICU pattern read scalar by scalar, written out as ARE.
  private struct Parser {
    let scalars: [UInt32]
    var index = 0

    init(scalars: [UInt32]) { self.scalars = scalars }

    var next: UInt32? { index < scalars.count ? scalars[index] : nil }

    /// The pattern's text from `start` to the current index, for a refusal or an ICU token.
    func text(from start: Int) -> String {
      String(
        String.UnicodeScalarView(scalars[start..<min(index, scalars.count)].compactMap(Unicode.Scalar.init)))
    }

    mutating func alternation(depth: Int) throws(Refusal) -> String {
      guard depth < 64 else { throw Refusal("groups nested deeper than 64") }
      var branches = [try sequence(depth: depth)]
      while next == 0x7C {  // |
        index += 1
        branches.append(try sequence(depth: depth))
      }
      return branches.joined(separator: "|")
    }

    mutating func sequence(depth: Int) throws(Refusal) -> String {
      var result = ""
      while let scalar = next, scalar != 0x7C, scalar != 0x29 {  // | )
        let start = index
        let atom = try atom(depth: depth)
        result += try quantified(atom, start: start)
      }
      return result
    }

    /// An atom's ARE and whether it is zero-width (an anchor or lookaround, never quantified).
    typealias Atom = (text: String, zeroWidth: Bool)

    /// `atom` with the quantifier that follows it, if any.
    mutating func quantified(_ atom: Atom, start: Int) throws(Refusal) -> String {
      guard let bounds = try quantifier() else { return atom.text }
      if atom.zeroWidth { throw Refusal("a quantified anchor or lookaround (\(text(from: start)))") }
      if next == 0x2B {  // +
        index += 1
        throw Refusal("a possessive quantifier (\(text(from: start)))")
      }
      // Lazy: the same rows have a match, found in another order.
      if next == 0x3F { index += 1 }
      if let after = next, [0x2A, 0x2B, 0x3F, 0x7B].contains(after) {
        throw Refusal("stacked quantifiers (\(text(from: start)))")
      }
      return atom.text + bounds
    }

    /// The quantifier at `index` as ARE, consumed; nil when there is none.
    mutating func quantifier() throws(Refusal) -> String? {
      switch next {
      case 0x2A, 0x2B, 0x3F:  // * + ?
        index += 1
        return String(Character(Unicode.Scalar(UInt8(scalars[index - 1]))))
      case 0x7B:  // {
        let start = index
        index += 1
        let low = number()
        var high = low
        if next == 0x2C {  // ,
          index += 1
          high = next == 0x7D ? nil : number()
        }
        guard let low, next == 0x7D else { throw Refusal("a '{' that is not a bound (\(text(from: start)))") }
        index += 1
        if low > 255 || (high ?? 0) > 255 { throw Refusal("a bound above 255 (\(text(from: start)))") }
        return "{\(low)" + (high == low ? "" : ",") + (high.map { $0 == low ? "" : String($0) } ?? "") + "}"
      default:
        return nil
      }
    }

    /// Whether `scalar` is an ASCII hex digit.
    static func isHexDigit(_ scalar: UInt32) -> Bool {
      (0x30...0x39).contains(scalar) || (0x41...0x46).contains(scalar) || (0x61...0x66).contains(scalar)
    }

    /// A decimal number at `index` (at most 6 digits), consumed.
    mutating func number() -> Int? {
      var value = 0
      var digits = 0
      while let scalar = next, (0x30...0x39).contains(scalar), digits < 6 {
        value = value * 10 + Int(scalar - 0x30)
        digits += 1
        index += 1
      }
      return digits == 0 ? nil : value
    }

    mutating func atom(depth: Int) throws(Refusal) -> Atom {
      let start = index
      guard let scalar = next else { throw Refusal("an incomplete pattern") }
      index += 1
      switch scalar {
      case 0x28: return try group(depth: depth, start: start)
      case 0x5B: return (try set(classEnd(start: start)), false)
      case 0x2E: return (try set("."), false)
      case 0x5E: return ("^", true)
      case 0x24: return (PostgresRegexTranslation.endOfText, true)
      case 0x5C: return try escape(start: start)
      case 0x2A, 0x2B, 0x3F, 0x7B, 0x7D:
        throw Refusal("a quantifier with nothing to repeat (\(text(from: start)))")
      case 0: throw Refusal("a NUL character, which PostgreSQL text cannot hold")
      default: return (PostgresFold.escape(scalar), false)
      }
    }

    /// A group after its `(`: `(?:…)`, lookaround, a named group; anything else is refused.
    mutating func group(depth: Int, start: Int) throws(Refusal) -> Atom {
      var opening = "(?:"
      if next == 0x3F {  // ?
        index += 1
        let kind = next
        switch kind {
        case 0x3A: index += 1  // (?:
        case 0x3D, 0x21:  // (?= (?!
          index += 1
          opening = kind == 0x3D ? "(?=" : "(?!"
        case 0x3C where index + 1 < scalars.count && [0x3D, 0x21].contains(scalars[index + 1]):  // (?<= (?<!
          opening = scalars[index + 1] == 0x3D ? "(?<=" : "(?<!"
          index += 2
        case 0x3C:  // (?<name>: the group's name does not change what matches
          while let scalar = next, scalar != 0x3E, scalar != 0x29 { index += 1 }
          guard next == 0x3E else { throw Refusal("a group name (\(text(from: start)))") }
          index += 1
        case 0x3E: throw Refusal("an atomic group (?>…)")
        case 0x23: throw Refusal("a comment (?#…)")
        default:
          while let scalar = next, scalar != 0x29, scalar != 0x3A { index += 1 }
          if next != nil { index += 1 }
          throw Refusal("an inline flag (\(text(from: start)); ARE reads it otherwise)")
        }
      }
      let inner = try alternation(depth: depth + 1)
      guard next == 0x29 else { throw Refusal("an unclosed group") }
      index += 1
      return (opening + inner + ")", opening != "(?:")
    }

    /// An escape after its backslash.
    mutating func escape(start: Int) throws(Refusal) -> Atom {
      guard let letter = next else { throw Refusal("a trailing backslash") }
      index += 1
      switch letter {
      case 0x31...0x39, 0x6B:  // \1 \k<name>
        throw Refusal("a backreference (\(text(from: start)))")
      case 0x62, 0x42:  // \b \B
        guard
          let boundary = letter == 0x62 ? PostgresRegexBoundary.boundary : PostgresRegexBoundary.notBoundary
        else { throw Refusal("a word boundary (\(text(from: start)))") }
        return (boundary, true)
      case 0x47, 0x58, 0x52: throw Refusal("the escape \(text(from: start))")
      case 0x41: return ("^", true)  // \A
      case 0x7A: return ("$", true)  // \z
      case 0x5A: return (PostgresRegexTranslation.endOfText, true)  // \Z
      case 0x51: return (try quoted(), false)  // \Q…\E
      case 0x64, 0x44, 0x77, 0x57, 0x73, 0x53, 0x68, 0x48, 0x76, 0x56, 0x74, 0x6E, 0x72, 0x66, 0x61, 0x65:
        return (try set(text(from: start)), false)
      case 0x70, 0x50, 0x78, 0x4E:  // \p{…} \pL \x{…} \xhh \N{…}
        if next == 0x7B {
          while let scalar = next, scalar != 0x7D { index += 1 }
          guard next == 0x7D else { throw Refusal("an unclosed '{' in \(text(from: start))") }
          index += 1
        } else if letter == 0x78 {
          // `\xhh`: ICU reads up to two hex digits (`\x4g` is U+0004, then `g`).
          index += scalars[index...].prefix(2).prefix { Self.isHexDigit($0) }.count
        } else {
          index = min(scalars.count, index + 1)
        }
        return (try set(text(from: start)), false)
      case 0x75, 0x55, 0x63, 0x30:  // \uhhhh \Uhhhhhhhh \cX \0ooo
        let length: Int
        switch letter {
        case 0x75: length = 4
        case 0x55: length = 8
        case 0x63: length = 1
        default: length = scalars[index...].prefix(3).prefix { (0x30...0x37).contains($0) }.count
        }
        index = min(scalars.count, index + length)
        return (try set(text(from: start)), false)
      case 0x41...0x5A, 0x61...0x7A: throw Refusal("the escape \(text(from: start))")
      case 0: throw Refusal("a NUL character, which PostgreSQL text cannot hold")
      default: return (PostgresFold.escape(letter), false)
      }
    }

    /// The literals of `\Q…\E` after the `\Q` (to the end when no `\E` follows), ungrouped: a
    /// quantifier after them repeats the last one, as in ICU.
    mutating func quoted() throws(Refusal) -> String {
      var result = ""
      while let scalar = next {
        if scalar == 0x5C, index + 1 < scalars.count, scalars[index + 1] == 0x45 {
          index += 2
          break
        }
        index += 1
        result += PostgresFold.escape(scalar)
      }
      if result.isEmpty { throw Refusal("an empty \\Q\\E") }
      return result
    }

    /// The class starting at `start` (its `[`, already consumed), as its text: nested classes
    /// and `[:name:]` counted, escapes skipped; a `{` (a string in an ICU set) is refused.
    mutating func classEnd(start: Int) throws(Refusal) -> String {
      var depth = 1
      if next == 0x5E { index += 1 }
      if next == 0x5D { throw Refusal("a class starting with ']'") }
      while depth > 0 {
        guard let scalar = next else { throw Refusal("an unclosed class") }
        index += 1
        switch scalar {
        case 0x5C:
          guard let escaped = next else { throw Refusal("an unclosed class") }
          index += 1
          if escaped == 0x51 { throw Refusal("\\Q inside a class") }
          if [0x70, 0x50, 0x78, 0x4E].contains(escaped), next == 0x7B {
            while let inner = next, inner != 0x7D { index += 1 }
            if next != nil { index += 1 }
          }
        case 0x5B:
          depth += 1
          if next == 0x5E { index += 1 }
        case 0x5D: depth -= 1
        case 0x7B: throw Refusal("a '{' inside a class (\(text(from: start)))")
        case 0: throw Refusal("a NUL character, which PostgreSQL text cannot hold")
        default: break
        }
      }
      return text(from: start)
    }

    /// The bracket of the scalars ICU's `token` matches.
    func set(_ token: String) throws(Refusal) -> String {
      guard let members = PostgresRegexSets.members(token) else { throw Refusal("the set \(token)") }
      guard let bracket = PostgresRegexSets.bracket(members) else {
        throw Refusal("a set no character matches (\(token))")
      }
      return bracket
    }
  }
}
