/// The ASCII bytes the parsers and writers look for, and ASCII's one case rule.
enum ByteCodes {
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let comma = UInt8(ascii: ",")
  static let backslash = UInt8(ascii: "\\")
  static let colon = UInt8(ascii: ":")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")

  /// `byte` with an ASCII capital lowercased, any other byte as it is (an ASCII byte's fold form).
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 { byte &+ (byte &- 0x41 < 26 ? 0x20 : 0) }
}
