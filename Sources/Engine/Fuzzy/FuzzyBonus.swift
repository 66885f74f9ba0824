/// fzf's (v2) scores for a fuzzy match: the points per matched character, the gap costs, and the
/// bonus a position earns from the classes of its character and the one before it.
///
/// Classes, in fzf's order (the bonus rules compare them): whitespace, other non-word characters,
/// delimiters (`/ , : ; |`), lowercase, uppercase, other letters, digits. A position's bonus:
/// a letter, digit or delimiter after whitespace or at the row's start 10, after a delimiter 9,
/// after another non-word character 8; an uppercase letter after a lowercase one, or a digit after
/// anything but a digit, 7 (camelCase, letter123); a non-word character or delimiter itself 8,
/// whitespace itself 10; anything else 0.
enum FuzzyBonus {
  /// Every matched character.
  static let match: Int32 = 16
  /// The first character of a gap.
  static let gapStart: Int32 = 3
  /// Each further character of a gap.
  static let gapExtension: Int32 = 1
  /// A word start after a non-word character.
  static let boundary: Int32 = 8
  /// A word start after whitespace or at the row's start.
  static let boundaryWhite: Int32 = 10
  /// A word start after a delimiter.
  static let boundaryDelimiter: Int32 = 9
  /// A non-word character.
  static let nonWord: Int32 = 8
  /// An uppercase letter after a lowercase one, or a digit after a non-digit.
  static let camel: Int32 = 7
  /// The least a character of a consecutive run earns.
  static let consecutive: Int32 = 4
  /// The highest bonus of any position.
  static let highest: Int32 = 10

  /// The classes, as fzf orders them.
  static let white: UInt8 = 0
  static let nonWordClass: UInt8 = 1
  static let delimiter: UInt8 = 2
  static let lower: UInt8 = 3
  static let upper: UInt8 = 4
  static let letter: UInt8 = 5
  static let number: UInt8 = 6

  /// The class of every ASCII byte (128 entries), the bonus of every pair of classes
  /// (`matrix + previous << 3 | current`), then of every pair of ASCII bytes (`table + 192 +
  /// previous << 7 | current`: one load per position in the kernels); written once, never freed,
  /// only read after.
  nonisolated(unsafe) static let table: UnsafePointer<UInt8> = makeTable()

  /// `table`'s bonus part.
  static var matrix: UnsafePointer<UInt8> { table + 128 }

  /// The bonus of a position whose character is of class `current` after one of class `previous`.
  static func bonus(_ previous: UInt8, _ current: UInt8) -> Int32 {
    if current > nonWordClass {
      if previous == white { return boundaryWhite }
      if previous == delimiter { return boundaryDelimiter }
      if previous == nonWordClass { return boundary }
    }
    if previous == lower && current == upper || previous != number && current == number { return camel }
    if current == nonWordClass || current == delimiter { return nonWord }
    if current == white { return boundaryWhite }
    return 0
  }

  /// The class of an ASCII byte.
  static func asciiClass(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x61...0x7A: return lower
    case 0x41...0x5A: return upper
    case 0x30...0x39: return number
    case 0x09...0x0D, 0x20: return white
    case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return delimiter
    default: return nonWordClass
    }
  }

  /// The class of a scalar: above ASCII from its general category, as fzf classes a rune.
  @inline(__always)
  static func scalarClass(_ value: UInt32) -> UInt8 {
    value < 0x80 ? table[Int(value)] : wideClass(value)
  }

  /// `scalarClass` above ASCII (out of line: the Unicode properties are costly to inline).
  @inline(never)
  static func wideClass(_ value: UInt32) -> UInt8 {
    guard let scalar = Unicode.Scalar(value) else { return nonWordClass }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .lowercaseLetter: return lower
    case .uppercaseLetter: return upper
    case .decimalNumber, .letterNumber, .otherNumber: return number
    case .titlecaseLetter, .modifierLetter, .otherLetter: return letter
    default: return properties.isWhitespace ? white : nonWordClass
    }
  }

  /// Whether a scalar is an uppercase letter (what makes a lowercase position of a row's folded
  /// form uppercase: the form lost the case the bonus reads).
  @inline(__always)
  static func isUppercase(_ value: UInt32) -> Bool {
    value < 0x80 ? value &- 0x41 < 26 : isWideUppercase(value)
  }

  /// `isUppercase` above ASCII.
  @inline(never)
  static func isWideUppercase(_ value: UInt32) -> Bool {
    Unicode.Scalar(value)?.properties.generalCategory == .uppercaseLetter
  }

  /// The bonus at the position of ASCII byte `current` after `previous` (`table` passed in, read
  /// once by a kernel rather than per position).
  @inline(__always)
  static func ascii(_ table: UnsafePointer<UInt8>, _ previous: UInt8, _ current: UInt8) -> Int32 {
    Int32(truncatingIfNeeded: table[192 &+ (Int(previous & 0x7F) &<< 7 | Int(current & 0x7F))])
  }

  /// The bonus at `position` of the ASCII row at `text` (its start counts as after whitespace).
  @inline(__always)
  static func ascii(_ table: UnsafePointer<UInt8>, _ text: UnsafePointer<UInt8>, _ position: Int) -> Int32 {
    // Position 0 reads its own byte (the row may start its arena) and replaces it by a space.
    let before = text[position == 0 ? 0 : position &- 1]
    return ascii(table, position == 0 ? 0x20 : before, text[position])
  }

  /// The most a character earns away from a word start (after a letter or digit): 7 for a letter
  /// or digit, 10 for whitespace, 8 for any other character; 10 for a scalar above ASCII.
  static func offStart(_ value: UInt32) -> Int32 {
    if value >= 0x80 { return highest }
    switch asciiClass(UInt8(value)) {
    case white: return boundaryWhite
    case lower, upper, number: return camel
    default: return nonWord
    }
  }

  private static func makeTable() -> UnsafePointer<UInt8> {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 192 + 128 * 128)
    for byte in 0..<128 { table[byte] = asciiClass(UInt8(byte)) }
    for previous in 0..<8 {
      for current in 0..<8 {
        let value = previous < 7 && current < 7 ? bonus(UInt8(previous), UInt8(current)) : 0
        table[128 + (previous << 3 | current)] = UInt8(value)
      }
    }
    for previous in 0..<128 {
      for current in 0..<128 {
        table[192 + (previous << 7 | current)] = UInt8(bonus(table[previous], table[current]))
      }
    }
    return UnsafePointer(table)
  }
}
