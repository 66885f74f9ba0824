/// The escape sequences fzf 0.38's `--ansi` strips from a row.
///
/// They are found as its pattern finds them, leftmost first, a character (not a byte) at a time:
///
/// - `ESC [` or `ESC (` or `ESC )`, then digits, `;`, `:` and `?`, then a letter or `@` (colours,
///   cursor and erase sequences, character sets);
/// - `ESC ]`, one digit, `;`, printable ASCII, then BEL or `ESC \` (titles, hyperlinks);
/// - `ESC` and any one character after it;
/// - SO or SI;
/// - any character followed by a backspace (overstrike).
enum PickEscapes {
  /// `row` without its escape sequences (itself when it has none).
  static func stripped(_ row: [UInt8]) -> [UInt8] {
    guard row.contains(where: { $0 == 0x1B || $0 == 0x0E || $0 == 0x0F || $0 == 0x08 }) else { return row }
    var output: [UInt8] = []
    output.reserveCapacity(row.count)
    var position = 0
    while position < row.count {
      if let length = sequence(row, at: position) {
        position += length
        continue
      }
      let width = characterWidth(row, at: position)
      output.append(contentsOf: row[position..<position + width])
      position += width
    }
    return output
  }

  /// The length of the escape sequence starting at `position`, or nil when none does.
  static func sequence(_ row: [UInt8], at position: Int) -> Int? {
    let byte = row[position]
    if byte == 0x1B {
      if let length = controlSequence(row, at: position) ?? commandString(row, at: position) { return length }
      // ESC and the character after it, unless that is an LF (Go's `.`) or there is none.
      guard position + 1 < row.count, row[position + 1] != 0x0A else { return overstrike(row, at: position) }
      return 1 + characterWidth(row, at: position + 1)
    }
    if byte == 0x0E || byte == 0x0F { return 1 }
    return overstrike(row, at: position)
  }

  /// `ESC [ ( )`, parameters, a final letter or `@`.
  private static func controlSequence(_ row: [UInt8], at position: Int) -> Int? {
    guard position + 2 < row.count, [0x5B, 0x28, 0x29].contains(row[position + 1]) else { return nil }
    var end = position + 2
    while end < row.count, isParameter(row[end]) { end += 1 }
    guard end < row.count, isFinal(row[end]) else { return nil }
    return end + 1 - position
  }

  /// `ESC ] N ;`, printable ASCII, then BEL or `ESC \`.
  private static func commandString(_ row: [UInt8], at position: Int) -> Int? {
    guard position + 4 < row.count, row[position + 1] == 0x5D, row[position + 2] &- 0x30 < 10,
      row[position + 3] == 0x3B
    else { return nil }
    var end = position + 4
    while end < row.count, row[end] >= 0x20, row[end] <= 0x7E { end += 1 }
    guard end > position + 4, end < row.count else { return nil }
    if row[end] == 0x07 { return end + 1 - position }
    guard row[end] == 0x1B, end + 1 < row.count, row[end + 1] == 0x5C else { return nil }
    return end + 2 - position
  }

  /// A character followed by a backspace (not an LF: Go's `.`).
  private static func overstrike(_ row: [UInt8], at position: Int) -> Int? {
    guard row[position] != 0x0A else { return nil }
    let width = characterWidth(row, at: position)
    guard position + width < row.count, row[position + width] == 0x08 else { return nil }
    return width + 1
  }

  /// A control sequence's parameter bytes: digits, `;`, `:`, `?`.
  private static func isParameter(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10 || byte == 0x3B || byte == 0x3A || byte == 0x3F
  }

  /// A control sequence's final byte: a letter or `@`.
  private static func isFinal(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 || byte == 0x40 }

  /// The bytes of the UTF-8 character at `position` (1 for a byte that starts none, as Go reads
  /// invalid UTF-8).
  static func characterWidth(_ row: [UInt8], at position: Int) -> Int {
    let lead = row[position]
    let width: Int
    switch lead {
    case 0xC2...0xDF: width = 2
    case 0xE0...0xEF: width = 3
    case 0xF0...0xF4: width = 4
    default: return 1
    }
    guard position + width <= row.count else { return 1 }
    for index in 1..<width where row[position + index] & 0xC0 != 0x80 { return 1 }
    // Overlong, surrogate and past-U+10FFFF forms are invalid: the lead byte alone.
    let second = row[position + 1]
    if lead == 0xE0 && second < 0xA0 || lead == 0xED && second > 0x9F { return 1 }
    if lead == 0xF0 && second < 0x90 || lead == 0xF4 && second > 0x8F { return 1 }
    return width
  }
}
