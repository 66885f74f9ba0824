@testable import Engine
@testable import Tables

#if !FUZZING
  @testable import ShellCore
#endif

/// The sanitizer on any text: nothing it returns holds a control character but newlines, tabs
/// and TextStyle's own colours, and an error echoing the text stays one bounded line.
enum SanitizerFuzz {
  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    precondition(!hasControl(Sanitizer.printable(text), allowing: []))
    precondition(!hasControl(Sanitizer.terminalSafe(text), allowing: ["\n", "\t"]))
    let styled = withoutOwnStyle(Sanitizer.terminalSafe(text, keepingStyle: true))
    precondition(!hasControl(styled, allowing: ["\n", "\t"]))
    let bounded = Sanitizer.bounded(text)
    precondition(!hasControl(bounded, allowing: []))
    if text.unicodeScalars.count <= Sanitizer.tokenLimit {
      precondition(bounded == Sanitizer.printable(text))
    } else {
      precondition(bounded.hasSuffix("…"))
    }
    // The longest escape is \u{xx}: eight characters for one scalar.
    precondition(bounded.unicodeScalars.count <= Sanitizer.tokenLimit * 8 + 1)
    let message = ShellError.unknownOption(text, suggestion: nil).description
    precondition(!hasControl(message, allowing: []))
    precondition(message.unicodeScalars.count <= Sanitizer.tokenLimit * 8 + 100)
  }

  /// `text` without the SGR sequences TextStyle writes, compared scalar by scalar (Foundation's
  /// `replacingOccurrences` compares canonically, so a combining mark after `m` hides a match).
  static func withoutOwnStyle(_ text: String) -> String {
    let sequences = TextStyle.codes.map { Array("\u{1B}[\($0)m".unicodeScalars) }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\u{1B}",
        let match = sequences.first(where: { scalars[index...].starts(with: $0) })
      {
        index += match.count
        continue
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }

  private static func hasControl(_ text: String, allowing allowed: Set<Unicode.Scalar>) -> Bool {
    text.unicodeScalars.contains { Sanitizer.isControl($0) && !allowed.contains($0) }
  }
}
