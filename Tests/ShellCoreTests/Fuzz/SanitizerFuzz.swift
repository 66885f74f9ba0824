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
    var styled = Sanitizer.terminalSafe(text, keepingStyle: true)
    for code in TextStyle.codes { styled = styled.replacingOccurrences(of: "\u{1B}[\(code)m", with: "") }
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

  private static func hasControl(_ text: String, allowing allowed: Set<Unicode.Scalar>) -> Bool {
    text.unicodeScalars.contains { Sanitizer.isControl($0) && !allowed.contains($0) }
  }
}
