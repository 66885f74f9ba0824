/// The ASCII bytes the parsers and writers look for, and ASCII's one case rule.
package enum ByteCodes {
  package static let tab = UInt8(ascii: "\t")
  package static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  package static let space = UInt8(ascii: " ")
  package static let quote = UInt8(ascii: "\"")
  package static let comma = UInt8(ascii: ",")
  package static let backslash = UInt8(ascii: "\\")
  static let colon = UInt8(ascii: ":")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")

  /// `byte` with an ASCII capital lowercased, any other byte as it is (an ASCII byte's fold form).
  @inline(__always)
  package static func lowercased(_ byte: UInt8) -> UInt8 { byte &+ (byte &- 0x41 < 26 ? 0x20 : 0) }
}
