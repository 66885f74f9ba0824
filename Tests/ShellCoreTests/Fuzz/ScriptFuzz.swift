#if !FUZZING
  @testable import ShellCore
#endif

/// Scripts from any bytes: splitting, parameter substitution and escaping never trap, lines
/// hold no line ending, and escaping then substituting gives every line back.
enum ScriptFuzz {
  static let parameters = ["q": "ger", "row": "{row}", "é": "\r\n", "a-b_1": ""]

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = Script.splitLines(text)
    for line in lines {
      precondition(!line.utf8.contains(UInt8(ascii: "\n")) && !line.utf8.contains(UInt8(ascii: "\r")))
      _ = try? Script.substitute(line, parameters: parameters)
      let back = try? Script.substitute(Script.escaped(line), parameters: [:])
      precondition(back == line, "escaped then substituted is not the line")
    }
    // Joining with LF and splitting again gives the same lines (an empty last line aside).
    let joined = lines.joined(separator: "\n")
    precondition(
      Script.splitLines(joined) == (lines.last == "" ? Array(lines.dropLast()) : lines) || joined.isEmpty)
    _ = try? Script(text: text, name: "fuzz", parameters: parameters)
    _ = ScopeTitleList.split(text)
    precondition(
      ScopeTitleList.split(ScopeTitleList.joined(lines)) == (lines.isEmpty ? [""] : lines),
      "scope titles do not read back")
  }
}
